import { Badge, Button, Code, Group, Stack, Text } from '@mantine/core';
import { notifyDone } from '../../lib/notices.ts';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { dateTime } from '../../lib/format.ts';
import { failureText } from '../../queries/failure.ts';
import {
  deliveriesQuery,
  replayDelivery,
  type Webhook,
  type WebhookDelivery,
} from '../../queries/webhooks.ts';

const STATUS_COLORS: Record<string, string> = { delivered: 'teal', pending: 'yellow', failed: 'red' };

/**
 * A delivery's status, whole: a badge's label gives way (ellipsis) to whatever is beside it, and
 * in a narrow column or card it was cut to its dot; a word of status is never cut.
 */
function DeliveryStatus({ status }: { status: string }) {
  return (
    <Badge
      color={STATUS_COLORS[status] ?? 'gray'}
      variant="dot"
      radius="sm"
      tt="none"
      style={{ flexShrink: 0, overflow: 'visible' }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {status}
    </Badge>
  );
}

/** The delivery log, newest first; it refreshes while a delivery is pending. */
export function WebhookDeliveries({ webhook }: { webhook: Webhook }) {
  const deliveries = useQuery(deliveriesQuery(webhook.id));
  const replay = useMutation({
    mutationFn: (delivery: WebhookDelivery) => replayDelivery(webhook.id, delivery.id),
    onSuccess: (_answer, delivery) =>
      notifyDone('Delivering again', `The ${delivery.event_type} event goes out again.`),
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Not replayed', message: failureText(error) }),
  });
  const replayButton = (delivery: WebhookDelivery) => (
    <Button
      size="xs"
      variant="default"
      onClick={() => replay.mutate(delivery)}
      loading={replay.isPending && replay.variables.id === delivery.id}
      aria-label={`Deliver the ${delivery.event_type} event of ${dateTime(delivery.created_at)} again`}
    >
      Replay
    </Button>
  );
  const columns: Column<WebhookDelivery>[] = [
    {
      header: 'Event',
      cell: (delivery) => (
        <>
          <Code>{delivery.event_type}</Code>
          {delivery.replay_of && (
            <Text span size="xs" c="dimmed" ml={6}>
              replay
            </Text>
          )}
        </>
      ),
    },
    {
      header: 'Status',
      // A status is one word: the column keeps its width on a phone (the table scrolls instead).
      nowrap: true,
      cell: (delivery) => <DeliveryStatus status={delivery.status} />,
    },
    { header: 'Attempts', cell: (delivery) => delivery.attempts },
    { header: 'Answer', cell: (delivery) => delivery.last_status_code ?? delivery.last_error ?? '—' },
    { header: 'Created', cell: (delivery) => dateTime(delivery.created_at), nowrap: true },
    {
      header: 'Delivery',
      cell: replayButton,
    },
  ];
  return (
    <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
      <DataTable
        label={`Deliveries to ${webhook.url}`}
        rows={deliveries.data}
        rowKey={(delivery) => delivery.id}
        columns={columns}
        card={(delivery) => (
          // On a phone, a card: the status beside the event, never squeezed by a long answer.
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="start">
              <Code style={{ overflowWrap: 'anywhere' }}>{delivery.event_type}</Code>
              <DeliveryStatus status={delivery.status} />
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {dateTime(delivery.created_at)} · {delivery.attempts} attempt
              {delivery.attempts === 1 ? '' : 's'}
              {delivery.replay_of ? ' · replay' : ''} · answer{' '}
              {delivery.last_status_code ?? delivery.last_error ?? '—'}
            </Text>
            <Group justify="end">{replayButton(delivery)}</Group>
          </Stack>
        )}
        pending={deliveries.isPending}
        error={deliveries.error}
        empty="No deliveries yet. Send a test event to see one."
      />
    </div>
  );
}
