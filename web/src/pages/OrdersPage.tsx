import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { DataTable, type Column } from '../components/DataTable.tsx';
import { usePageTitle } from '../components/PageTitle.tsx';
import { StatusBadge } from '../components/StatusBadge.tsx';
import { OrderFilters } from '../features/orders/OrderFilters.tsx';
import { OrderLink } from '../features/orders/OrderLink.tsx';
import type { components } from '../../../sdk/src/client.ts';
import { orDash } from '../lib/format.ts';
import {
  exportHref,
  orderListQuery,
  statusCountsQuery,
  statusFilterOf,
  type OrderSearch,
} from '../queries/orders.ts';
import { useSession } from '../queries/session.ts';

type Row = components['schemas']['OrderListItem'];

const COLUMNS: Column<Row>[] = [
  { header: 'File number', cell: (order) => <OrderLink order={order} />, nowrap: true },
  { header: 'Property', cell: (order) => order.full_address },
  { header: 'Status', cell: (order) => <StatusBadge status={order.status} /> },
  { header: 'Due', cell: (order) => orDash(order.due_date), nowrap: true },
  {
    header: 'Loan',
    cell: (order) => (
      <Text size="sm" tt="capitalize">
        {order.loan_type.replace(/_/g, ' ')}, {order.transaction_type.replace(/_/g, ' ')}
      </Text>
    ),
  },
];

function OrderCard({ order }: { order: Row }) {
  return (
    <>
      <Group justify="space-between" wrap="nowrap" align="start">
        <OrderLink order={order} />
        <StatusBadge status={order.status} />
      </Group>
      <Text size="sm">{order.full_address}</Text>
      <Text size="sm" c="dimmed">
        Due {orDash(order.due_date)}
      </Text>
    </>
  );
}

/**
 * A total the service estimated (a search matching more orders than it counts exactly,
 * docs/api.md): two significant figures, "480,000".
 */
const about = (total: number) => Number(total.toPrecision(2)).toLocaleString();

/** The orders the user can see: search, status, sort and page live in the URL (routes/orders.ts). */
export function OrdersPage() {
  usePageTitle('Orders');
  const role = useSession()?.user.role;
  const search = useSearch({ from: '/orders' });
  const navigate = useNavigate({ from: '/orders' });
  const counts = useSuspenseQuery(statusCountsQuery(search)).data;
  const status = statusFilterOf(search.status, counts);
  const orders = useSuspenseQuery(orderListQuery(search, status)).data;
  // A filter's change replaces the address instead of adding one: Back leaves the list.
  const setSearch = (change: Partial<OrderSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...change, page: change.page }), replace: true });
  const total = orders.pagination.total_count;
  const filtered = Boolean(search.q || search.status || search.due_from || search.due_to || search.terms);

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Group justify="space-between" align="end">
        <Title order={1} size="h2">
          Orders
        </Title>
        <Group gap="md">
          <Text c="dimmed" size="sm" aria-live="polite">
            {orders.pagination.total_count_is_estimate
              ? `About ${about(total)} orders`
              : `${total.toLocaleString()} order${total === 1 ? '' : 's'}`}
          </Text>
          {status !== 'none' && (
            <Button
              component="a"
              variant="default"
              href={exportHref(search, status)}
              download
              aria-label="Export these orders as CSV"
            >
              Export CSV
            </Button>
          )}
          {(role === 'client' || role === 'staff') && (
            <Button component={Link} to="/orders/new">
              New order
            </Button>
          )}
        </Group>
      </Group>
      {search.terms && (
        <Alert color="indigo" variant="light" title="Orders behind a figure of the dashboard">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">{search.label ?? 'A search of the dashboard'}</Text>
            <Button
              size="xs"
              variant="default"
              onClick={() => setSearch({ terms: undefined, label: undefined })}
            >
              Show all orders
            </Button>
          </Group>
        </Alert>
      )}
      <OrderFilters search={search} counts={counts} onChange={setSearch} />
      <DataTable
        label="Orders"
        rows={orders.data}
        rowKey={(order) => order.id}
        columns={COLUMNS}
        card={(order) => <OrderCard order={order} />}
        empty={filtered ? 'No order matches this search.' : 'No orders yet.'}
        pages={{
          total: orders.pagination.total_pages,
          current: search.page ?? 1,
          onChange: (next) => setSearch({ page: next > 1 ? next : undefined }),
        }}
      />
    </Stack>
  );
}
