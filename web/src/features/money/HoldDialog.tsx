import { Modal, Stack, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { DialogButtons } from '../../components/DialogButtons.tsx';
import { FormFailure } from '../../components/FormFailure.tsx';
import { failureText } from '../../queries/failure.ts';
import { holdMutation, type Payable } from '../../queries/payables.ts';

/** Hold a payable from payment with a reason (kept in the order's history), or release a held one. */
export function PayableHoldDialog({ payable, onClose }: { payable: Payable; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const change = useMutation(holdMutation(payable.id));
  const releasing = payable.state === 'held';
  return (
    <Modal
      opened
      onClose={onClose}
      centered
      title={`${releasing ? 'Release' : 'Hold'} ${payable.appraiser.name}'s pay for ${payable.file_number}`}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          change.mutate(releasing ? null : reason.trim(), { onSuccess: onClose });
        }}
      >
        <Stack>
          {releasing ? (
            <div>Held: {payable.held_reason}. Released, it is paid in the next batch once due.</div>
          ) : (
            <Textarea
              label="Reason"
              description="Kept in the order's history, for the company's eyes"
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              autosize
              minRows={2}
              maxLength={500}
              required
              data-autofocus
            />
          )}
          <FormFailure title="Not done" failure={change.isError ? failureText(change.error) : null} />
          <DialogButtons
            keep="Cancel"
            confirm={releasing ? 'Release' : 'Hold from payment'}
            onKeep={onClose}
            pending={change.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
