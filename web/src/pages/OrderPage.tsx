import {
  Alert,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { ActionDialog, isDestructive } from '../actions/ActionDialog.tsx';
import { api, ApiFailure, unwrap } from '../api.ts';
import { FilesCard } from '../order/FilesCard.tsx';
import { NotesCard } from '../order/NotesCard.tsx';
import { PartiesCard } from '../order/PartiesCard.tsx';
import { PaymentsCard } from '../order/PaymentsCard.tsx';
import { usePageTitle } from '../components/PageTitle.tsx';
import { StatusBadge } from '../components/StatusBadge.tsx';
import { dateTime, humanize, orDash } from '../format.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

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
        {data && <StatusBadge status={data.status.name} size="lg" />}
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
              variant={isDestructive(name) ? 'outline' : 'filled'}
              color={isDestructive(name) ? 'red' : undefined}
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
              {data.inspection_scheduled_at && (
                <Field label="Inspection" value={dateTime(data.inspection_scheduled_at)} />
              )}
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
      {data && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <FilesCard order={data} />
          <NotesCard order={data} />
          <PartiesCard order={data} />
          <PaymentsCard order={data} />
        </SimpleGrid>
      )}
      {action && data && <ActionDialog order={data} action={action} onClose={() => setAction(null)} />}
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
