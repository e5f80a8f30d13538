import { Modal, Stack, TagsInput, Text } from '@mantine/core';
import { notifyDone } from '../../lib/notices.ts';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormButtons } from '../../components/FormButtons.tsx';
import { FormFailure } from '../../components/FormFailure.tsx';
import { sendForm } from '../../queries/form-errors.ts';
import { sendPaymentLink } from '../../queries/order-records.ts';

const LABELS = { emails: 'The recipients', 'emails[]': "A recipient's email" };

/**
 * Emails the payment link (POST …/send_payment_link) to the addresses given, the borrower's
 * suggested; the service names each address it refuses, and then sends to nobody.
 */
export function SendPaymentLinkDialog(props: {
  orderId: string;
  suggested: string | null;
  onClose: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ initialValues: { emails: props.suggested ? [props.suggested] : [] } });
  const submit = form.onSubmit(async ({ emails }) => {
    const sent = await sendForm(
      () => sendPaymentLink(props.orderId, emails).then(() => true),
      { setErrors: form.setErrors, setFailure },
      LABELS,
    );
    if (!sent) return;
    notifyDone('Payment link sent', `Sent to ${emails.join(', ')}.`);
    props.onClose();
  });
  return (
    <Modal opened onClose={props.onClose} title="Email the payment link" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            Each recipient gets an email with the link to the payment page, where they pay the balance by
            card.
          </Text>
          <TagsInput
            label="Recipients"
            description="Type an address and press Enter; several are fine."
            splitChars={[',', ' ', ';']}
            data-autofocus
            {...form.getInputProps('emails')}
          />
          <FormFailure title="No email was sent" failure={failure} />
          <FormButtons onCancel={props.onClose} submitting={form.submitting} submit="Send the link" />
        </Stack>
      </form>
    </Modal>
  );
}
