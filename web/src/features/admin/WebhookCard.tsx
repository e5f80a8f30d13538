import { Badge, Button, Card, Code, Group, Text } from '@mantine/core';
import { notifyDone } from '../../lib/notices.ts';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { failureText } from '../../queries/failure.ts';
import { deleteWebhook, rotateWebhookSecret, sendTestEvent, type Webhook } from '../../queries/webhooks.ts';
import { WebhookDeliveries } from './WebhookDeliveries.tsx';

const refused = (title: string) => (error: Error) =>
  notifications.show({ color: 'red', title, message: failureText(error) });

function WebhookState({ webhook }: { webhook: Webhook }) {
  return (
    <Group gap={6} mt={4}>
      {webhook.disabled_at ? (
        <Badge color="red" variant="dot" radius="sm" tt="none">
          Disabled: {webhook.disabled_reason ?? 'deliveries kept failing'}
        </Badge>
      ) : (
        <Badge color={webhook.active ? 'teal' : 'gray'} variant="dot" radius="sm" tt="none">
          {webhook.active ? 'Active' : 'Paused'}
        </Badge>
      )}
      <Text size="xs" c="dimmed">
        {webhook.event_types.length === 0 ? 'Every event' : webhook.event_types.join(', ')}
      </Text>
    </Group>
  );
}

/** One subscription: its address and state, its buttons, and its delivery log when opened. */
export function WebhookCard(props: {
  webhook: Webhook;
  open: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onRotated: (secret: string) => void;
}) {
  const { webhook, open, onToggle } = props;
  const [asking, setAsking] = useState<'delete' | 'rotate' | null>(null);
  const test = useMutation({
    mutationFn: () => sendTestEvent(webhook.id),
    onSuccess: () => {
      notifyDone('Test event sent', `A webhook.test event goes to ${webhook.url}.`);
      if (!open) onToggle();
    },
    onError: refused('No test sent'),
  });
  const remove = useMutation({
    mutationFn: () => deleteWebhook(webhook.id),
    onSuccess: () => {
      notifyDone('Webhook deleted', `Nothing more goes to ${webhook.url}.`);
      setAsking(null);
    },
    onError: refused('Not deleted'),
  });
  const rotate = useMutation({
    mutationFn: () => rotateWebhookSecret(webhook.id),
    onSuccess: (secret) => {
      notifyDone('New signing secret', 'Copy it now: it is shown once.');
      setAsking(null);
      props.onRotated(secret);
    },
    onError: refused('The secret was not replaced'),
  });
  return (
    <Card withBorder component="section" aria-label={`Webhook ${webhook.url}`}>
      <Group justify="space-between" align="start" wrap="wrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {webhook.url}
          </Text>
          {webhook.description && (
            <Text size="sm" c="dimmed">
              {webhook.description}
            </Text>
          )}
          <WebhookState webhook={webhook} />
        </div>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => test.mutate()} loading={test.isPending}>
            Send test event
          </Button>
          <Button size="xs" variant="default" onClick={props.onEdit}>
            Edit
          </Button>
          <Button size="xs" variant="default" onClick={onToggle} aria-expanded={open}>
            {open ? 'Hide deliveries' : 'Deliveries'}
          </Button>
          <Button size="xs" variant="default" onClick={() => setAsking('rotate')}>
            Rotate secret
          </Button>
          <Button size="xs" variant="outline" color="red" onClick={() => setAsking('delete')}>
            Delete
          </Button>
        </Group>
      </Group>
      {open && <WebhookDeliveries webhook={webhook} />}
      <ConfirmDialog
        opened={asking === 'rotate'}
        title="Replace the signing secret?"
        confirm="Replace the secret"
        pending={rotate.isPending}
        onConfirm={() => rotate.mutate()}
        onClose={() => setAsking(null)}
      >
        Deliveries to <Code>{webhook.url}</Code> are signed with a new secret from now on: the receiver must
        be given it, or it will refuse them. The new secret is shown once.
      </ConfirmDialog>
      <ConfirmDialog
        opened={asking === 'delete'}
        title="Delete this webhook?"
        confirm="Delete"
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setAsking(null)}
      >
        Events stop going to <Code>{webhook.url}</Code> at once, and its delivery log is deleted with it.
      </ConfirmDialog>
    </Card>
  );
}
