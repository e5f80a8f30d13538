import { Modal, Stack, Textarea } from '@mantine/core';
import { DialogButtons } from '../../components/DialogButtons.tsx';
import { useState } from 'react';

/** Why the chosen orders wait: recorded in each order's history. */
export function HoldDialog(props: {
  count: string;
  pending: boolean;
  onClose: () => void;
  onSubmit: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <Modal opened onClose={props.onClose} title={`Put ${props.count} on hold`} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          props.onSubmit(reason.trim());
        }}
      >
        <Stack>
          <Textarea
            label="Reason"
            description="Recorded in each order's history"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={5000}
            data-autofocus
          />
          <DialogButtons
            keep="Keep them going"
            confirm="Put on hold"
            onKeep={props.onClose}
            pending={props.pending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
