import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { notifyDone } from '../../lib/notices.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Order } from '../../../../sdk/src/client.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { money } from '../../lib/money.ts';
import { paymentCardQuery } from '../../queries/account.ts';
import { actionMutation } from '../../queries/actions.ts';
import type { HistoryEntry } from '../../queries/order.ts';

/**
 * The report waits in "Submission fee failed": the company's fee could not be charged to the
 * appraiser's card. The card says what was refused and why, which card is on file, where to
 * change it, and charges the fee again only once the appraiser confirms the amount and the card.
 */
export function SubmissionFeeCard({ order, history }: { order: Order; history: readonly HistoryEntry[] }) {
  const card = useQuery(paymentCardQuery);
  const [confirming, setConfirming] = useState(false);
  const failed = history.findLast((entry) => entry.action === 'submission_fee_failed');
  const fee =
    typeof failed?.details.submission_fee === 'string' ? money(failed.details.submission_fee) : null;
  const retry = useMutation(
    actionMutation(order.id, () => {
      notifyDone('Submission fee paid', 'The report is in review.');
      setConfirming(false);
    }),
  );
  const onFile = card.data;
  const cardWords = onFile ? `${onFile.brand} ending in ${onFile.last4}` : null;
  return (
    <SectionCard title="Submission fee">
      <Alert color="orange" title="The report waits for the submission fee">
        {fee ? `The company's fee of ${fee} ` : "The company's fee "}
        could not be charged{failed?.reason ? `: ${failed.reason}` : '.'} The report goes to review once it is
        paid.
      </Alert>
      <Stack gap={4}>
        <Text size="sm">
          {cardWords
            ? `Card on file: ${cardWords}, expires ${onFile!.exp_month}/${onFile!.exp_year}.`
            : card.isPending
              ? 'Reading your card on file…'
              : 'No card on file.'}
        </Text>
        <Anchor component={Link} to="/account" size="sm">
          {cardWords ? 'Change the card on your account page' : 'Add a card on your account page'}
        </Anchor>
      </Stack>
      <Button onClick={() => setConfirming(true)} disabled={!cardWords} style={{ alignSelf: 'start' }}>
        {fee ? `Pay the ${fee} fee` : 'Pay the submission fee'}
      </Button>
      <ConfirmDialog
        opened={confirming}
        title="Pay the submission fee?"
        confirm={fee ? `Charge ${fee}` : 'Charge the fee'}
        color="blue"
        onConfirm={() => retry.mutate({ action: 'retry_submission_fee' })}
        onClose={() => {
          setConfirming(false);
          retry.reset();
        }}
        pending={retry.isPending}
        error={retry.error}
        errorTitle="Nothing was charged"
      >
        {fee ?? "The company's submission fee"} will be charged to your {cardWords}. The report then goes to
        the company's review.
      </ConfirmDialog>
    </SectionCard>
  );
}
