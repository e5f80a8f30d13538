import { Button, CopyButton, Group } from '@mantine/core';
import { notifyDone } from '../../lib/notices.ts';
import { useState } from 'react';
import { SendPaymentLinkDialog } from './SendPaymentLinkDialog.tsx';

/**
 * The hosted payment page's link, for whoever pays: copied to paste in a message, shared through
 * the phone's own share sheet where the browser has one, or emailed by the service.
 */
export function PaymentLinkActions({
  orderId,
  link,
  borrowerEmail,
}: {
  orderId: string;
  link: string;
  borrowerEmail: string | null;
}) {
  const [sending, setSending] = useState(false);
  const canShare = typeof navigator.share === 'function';
  return (
    <Group gap="xs">
      <CopyButton value={link} timeout={4000}>
        {({ copied, copy }) => (
          // The label says it is copied; a teal light button under the pointer reads at 4.32:1.
          <Button
            variant="light"
            onClick={() => {
              copy();
              notifyDone(
                'Link copied',
                'The payment link is on your clipboard. Anyone with it can pay this order.',
              );
            }}
          >
            {copied ? 'Link copied' : 'Copy the payment link'}
          </Button>
        )}
      </CopyButton>
      {canShare && (
        <Button
          variant="light"
          onClick={() =>
            void navigator.share({ title: 'Payment for the appraisal', url: link }).catch(() => {})
          }
        >
          Share the link
        </Button>
      )}
      <Button variant="light" onClick={() => setSending(true)}>
        Email the link…
      </Button>
      {sending && (
        <SendPaymentLinkDialog
          orderId={orderId}
          suggested={borrowerEmail}
          onClose={() => setSending(false)}
        />
      )}
    </Group>
  );
}
