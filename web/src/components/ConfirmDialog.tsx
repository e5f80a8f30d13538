import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { failureText } from '../queries/failure.ts';

/**
 * Asks before something that cannot be taken back (deactivate, delete, revoke, replace): what
 * happens, then Cancel, focused so that Enter keeps things as they are, and the red button.
 */
export function ConfirmDialog(props: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirm: string;
  onConfirm: () => void;
  onClose: () => void;
  pending?: boolean;
  /** A refusal of the service, shown in the dialog (none: the caller says it, in a toast). */
  error?: unknown;
  errorTitle?: string;
  /** Red ends something; money charged at the person's word is asked for in the usual colour. */
  color?: string;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <Stack>
        <Text size="sm" component="div">
          {props.children}
        </Text>
        {props.error !== undefined && props.error !== null && (
          <Alert color="red" role="alert" title={props.errorTitle ?? 'Not done'}>
            {failureText(props.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose} data-autofocus>
            Cancel
          </Button>
          <Button color={props.color ?? 'red'} loading={props.pending} onClick={props.onConfirm}>
            {props.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
