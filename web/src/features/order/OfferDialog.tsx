import { Alert, Modal, Stack, Text, TextInput } from '@mantine/core';
import { DialogButtons } from '../../components/DialogButtons.tsx';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { Order } from '../../../../sdk/src/client.ts';
import { fieldSentences } from '../../lib/field-errors.ts';
import { actionMutation, nowText } from '../../queries/actions.ts';
import { ApiFailure, failureText } from '../../queries/failure.ts';
import type { Candidate } from '../../queries/pipeline.ts';

/**
 * The offer to one appraiser: the fee (the fee schedules', else the one they last accepted, to
 * start with) and the due date.
 */
export function OfferDialog({
  order,
  candidate,
  onClose,
}: {
  order: Order;
  candidate: Candidate;
  onClose: () => void;
}) {
  const [fee, setFee] = useState(candidate.offer_fee ?? candidate.last_accepted_fee ?? '');
  const [dueDate, setDueDate] = useState('');
  const offer = useMutation(
    actionMutation(order.id, (result) => {
      notifications.show({ color: 'teal', title: `Offered to ${candidate.name}`, message: nowText(result) });
      onClose();
    }),
  );
  const send = () =>
    offer.mutate({
      action: 'assign',
      body: {
        appraiser_id: candidate.id,
        ...(fee.trim() ? { fee: fee.trim() } : {}),
        ...(dueDate ? { due_date: dueDate } : {}),
      },
    });
  const errors =
    offer.error instanceof ApiFailure
      ? fieldSentences(offer.error.fieldErrors, { fee: 'Fee', due_date: 'Due date' })
      : {};
  return (
    <Modal opened onClose={onClose} title={`Offer to ${candidate.name}`} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <Stack>
          <Text size="sm">
            {candidate.open_orders} open order{candidate.open_orders === 1 ? '' : 's'}
            {candidate.next_due_dates[0] ? `, next due ${candidate.next_due_dates[0]}` : ''}.
          </Text>
          {offer.isError && !errors.fee && !errors.due_date && (
            <Alert color="red" role="alert">
              {failureText(offer.error)}
            </Alert>
          )}
          <TextInput
            label="Fee"
            description={
              candidate.offer_fee
                ? 'From the fee schedules'
                : candidate.last_accepted_fee
                  ? 'The fee they last accepted for this product: no fee schedule has a line for this order'
                  : 'No fee schedule has a line for this order: enter the fee'
            }
            leftSection="$"
            inputMode="decimal"
            placeholder="450.00"
            value={fee}
            onChange={(event) => setFee(event.currentTarget.value)}
            error={errors.fee}
            data-autofocus
          />
          <TextInput
            label="Due date"
            description={`Empty: the order's due date (${order.due_date ?? 'none'})`}
            type="date"
            value={dueDate}
            onChange={(event) => setDueDate(event.currentTarget.value)}
            error={errors.due_date}
          />
          <DialogButtons keep="Close" confirm="Send the offer" onKeep={onClose} pending={offer.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
