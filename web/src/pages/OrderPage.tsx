import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import type { paths } from '../../../sdk/src/client.ts';
import { api, ApiFailure, unwrap } from '../api.ts';
import { usePageTitle } from '../components/PageTitle.tsx';
import { dateTime, humanize, orDash, statusColor } from '../format.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

/** Every workflow action's endpoint: PUT /api/v1/orders/{order_id}/<action> (docs/workflow.md). */
type ActionPath = Extract<keyof paths, `/api/v1/orders/{order_id}/${string}`> &
  keyof { [P in keyof paths as paths[P] extends { put: object } ? P : never]: 1 };

/** One order: what it is, where it stands, what the user may do next, and what happened so far. */
export function OrderPage() {
  const { orderId } = useParams({ from: '/orders/$orderId' });
  const order = useQuery({
    queryKey: ['order', orderId],
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/orders/{order_id}', { params: { path: { order_id: orderId } } })),
  });
  const history = useQuery({
    queryKey: ['order', orderId, 'history'],
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/orders/{order_id}/history', { params: { path: { order_id: orderId } } })),
    enabled: order.isSuccess,
  });
  usePageTitle(order.data ? `${order.data.file_number} · ${order.data.status.name}` : 'Order');
  const [action, setAction] = useState<string | null>(null);

  if (order.error instanceof ApiFailure && order.error.status === 404) return <NotFoundPage what="order" />;
  if (order.isError)
    return (
      <Alert color="red" role="alert" title="The order could not be loaded" maw={1100} mx="auto">
        {order.error.message}
      </Alert>
    );
  const data = order.data;
  return (
    <Stack maw={1100} mx="auto" gap="md">
      <Group justify="space-between" align="start" wrap="wrap">
        <div>
          <Text c="dimmed" size="sm">
            Order
          </Text>
          {data ? (
            <>
              <Title order={1} size="h2">
                {data.file_number}
              </Title>
              <Text>{data.full_address}</Text>
            </>
          ) : (
            <Stack gap={6} aria-busy="true" aria-label="Loading the order">
              <Skeleton height={28} width={180} />
              <Skeleton height={16} width={260} />
            </Stack>
          )}
        </div>
        {data && (
          <Badge size="lg" color={statusColor(data.status.name)} variant="light" radius="sm" tt="none">
            {data.status.name}
          </Badge>
        )}
      </Group>

      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          Next steps
        </Title>
        {data && data.allowed_transitions.length === 0 && (
          <Text c="dimmed">Nothing for you to do on this order now.</Text>
        )}
        <Group gap="xs">
          {data?.allowed_transitions.map((name) => (
            <Button
              key={name}
              variant={name.includes('cancel') || name.startsWith('reject') ? 'outline' : 'filled'}
              color={name.includes('cancel') || name.startsWith('reject') ? 'red' : undefined}
              onClick={() => setAction(name)}
            >
              {humanize(name)}
            </Button>
          ))}
        </Group>
      </Card>

      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Details
          </Title>
          {data ? (
            <Stack gap={6}>
              <Field label="Due" value={orDash(data.due_date)} />
              <Field
                label="Borrower"
                value={[data.borrower.first_name, data.borrower.last_name].filter(Boolean).join(' ') || '—'}
              />
              <Field label="Client" value={data.client.name} />
              <Field label="Appraiser" value={data.appraiser?.name ?? 'Not assigned'} />
              <Field
                label="Loan"
                value={`${humanize(data.loan_type)}, ${data.transaction_type.replace(/_/g, ' ')}${data.loan_number ? ` · ${data.loan_number}` : ''}`}
              />
              {data.total_fee !== null && <Field label="Fee" value={`$${data.total_fee}`} />}
              {data.appraiser_fee !== null && (
                <Field label="Appraiser fee" value={`$${data.appraiser_fee}`} />
              )}
              <Field label="Products" value={data.products.map((p) => p.name).join(', ') || '—'} />
            </Stack>
          ) : (
            <Skeleton height={160} />
          )}
        </Card>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            History
          </Title>
          {history.data ? (
            <Timeline bulletSize={14} lineWidth={2} active={history.data.length}>
              {history.data.map((entry) => (
                <Timeline.Item key={entry.id} title={`${humanize(entry.action)} → ${entry.to}`}>
                  <Text size="xs" c="dimmed">
                    {dateTime(entry.created_at)}
                    {entry.by ? ` · ${entry.by.name}` : ''}
                    {entry.acting_for ? ` for ${entry.acting_for.name}` : ''}
                  </Text>
                  {entry.reason && <Text size="sm">{entry.reason}</Text>}
                </Timeline.Item>
              ))}
            </Timeline>
          ) : (
            <Skeleton height={160} />
          )}
        </Card>
      </SimpleGrid>
      {action && data && <ActionDialog orderId={data.id} action={action} onClose={() => setAction(null)} />}
    </Stack>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="start">
      <Text size="sm" c="dimmed" w={110} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Group>
  );
}

/** Takes one action, with an optional reason; the service's 422 messages show by the field. */
function ActionDialog({
  orderId,
  action,
  onClose,
}: {
  orderId: string;
  action: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const take = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.PUT(`/api/v1/orders/{order_id}/${action}` as ActionPath, {
          params: { path: { order_id: orderId } },
          body: (reason.trim() ? { reason: reason.trim() } : {}) as never,
        }),
      ),
    onSuccess: async (result) => {
      notifications.show({
        color: 'teal',
        title: humanize(action),
        message: 'status' in result ? `The order is now ${result.status.name}.` : 'Done.',
      });
      await queryClient.invalidateQueries({ queryKey: ['order', orderId] });
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
      onClose();
    },
  });
  const failure = take.error instanceof ApiFailure ? take.error : null;
  const fields = failure?.fieldErrors ?? {};
  return (
    <Modal opened onClose={onClose} title={humanize(action)} centered>
      <Stack>
        {failure && !fields.reason && (
          <Alert color="red" role="alert">
            {failure.message}
            {Object.entries(fields).map(([field, message]) => (
              <Text key={field} size="sm">
                {field}: {message}
              </Text>
            ))}
          </Alert>
        )}
        <Textarea
          label="Reason (recorded in the history)"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={fields.reason}
          autosize
          minRows={2}
        />
        <Group justify="end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => take.mutate()} loading={take.isPending}>
            {humanize(action)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
