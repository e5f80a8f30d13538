import { Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { DialogButtons } from '../../components/DialogButtons.tsx';
import { FormFailure } from '../../components/FormFailure.tsx';
import { sameNamedErrorsOf } from '../../queries/form-errors.ts';
import { extraMutation, type Payable } from '../../queries/payables.ts';

const LABELS = { amount: 'The amount', reason: 'The reason' };

/** An extra approved for an order's appraiser (a second trip, a complex property, a rush), with its reason. */
export function ExtraDialog({ payable, onClose }: { payable: Payable; onClose: () => void }) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const add = useMutation(extraMutation(payable.id));
  const errors = add.isError ? sameNamedErrorsOf(add.error, LABELS) : null;
  return (
    <Modal
      opened
      onClose={onClose}
      centered
      title={`An extra for ${payable.appraiser.name} on ${payable.file_number}`}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate({ amount: amount.trim(), reason: reason.trim() }, { onSuccess: onClose });
        }}
      >
        <Stack>
          <TextInput
            label="Amount"
            inputMode="decimal"
            placeholder="75.00"
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
            error={errors?.fields.amount}
            required
            data-autofocus
          />
          <Textarea
            label="Reason"
            description="On the appraiser's statement, and in the order's history for the company"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={errors?.fields.reason}
            autosize
            minRows={2}
            maxLength={500}
            required
          />
          <FormFailure title="Not added" failure={errors?.rest ?? null} />
          <DialogButtons keep="Cancel" confirm="Add the extra" onKeep={onClose} pending={add.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
