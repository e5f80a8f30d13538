import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
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
          <Group justify="end">
            <Button variant="default" onClick={props.onClose}>
              Keep them going
            </Button>
            <Button type="submit" loading={props.pending}>
              Put on hold
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
