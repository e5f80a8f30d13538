import {
  Alert,
  Anchor,
  Button,
  Card,
  SimpleGrid,
  Group,
  NativeSelect,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import type { OrderStatus } from '../../../sdk/src/client.ts';
import { api, sessionQuery, unwrap } from '../api.ts';
import { usePageTitle } from '../components/PageTitle.tsx';
import { StatusBadge } from '../components/StatusBadge.tsx';
import { orDash } from '../format.ts';

export interface OrdersSearch {
  q?: string;
  status?: string;
  /** The due-date range, YYYY-MM-DD, both ends included. */
  due_from?: string;
  due_to?: string;
  page?: number;
  sort?: 'due_date asc' | 'due_date desc' | 'created_at asc';
  /**
   * Search terms of the API taken as they are (key k stands for q[k]): how a dashboard figure
   * names its orders (GET /api/v1/insight), with `label` saying which figure it was.
   */
  terms?: Record<string, string>;
  label?: string;
}

/** The query string of GET /api/v1/orders/export for the search shown: the file holds what the list finds. */
function exportHref(query: Record<string, string | number>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) params.set(key, String(value));
  return `/api/v1/orders/export?${params.toString()}`;
}

const PER_PAGE = 25;

/** The orders the user can see: search, status, sort and page live in the URL. */
export function OrdersPage() {
  usePageTitle('Orders');
  const role = useQuery(sessionQuery).data?.user.role;
  const search = useSearch({ from: '/orders' });
  const navigate = useNavigate({ from: '/orders' });
  const page = search.page ?? 1;
  // The search's terms but its status: the counts beside each status come from the same.
  const terms = {
    ...Object.fromEntries(Object.entries(search.terms ?? {}).map(([key, value]) => [`q[${key}]`, value])),
    ...(search.q ? { 'q[keywords_cont]': search.q } : {}),
    ...(search.due_from ? { 'q[due_date_gteq]': search.due_from } : {}),
    ...(search.due_to ? { 'q[due_date_lteq]': search.due_to } : {}),
  };
  const counts = useQuery({
    queryKey: ['orders', 'status_counts', terms],
    placeholderData: keepPreviousData,
    queryFn: async () => unwrap(await api.GET('/api/v1/orders/status_counts', { params: { query: terms } })),
  });
  const statusChoices: { value: string; label: string }[] = (counts.data?.data ?? []).map(
    ({ status, count }) => ({
      value: status.name,
      label: `${status.name} (${count.toLocaleString()})`,
    }),
  );
  if (search.status && !statusChoices.some((choice) => choice.value === search.status))
    statusChoices.push({ value: search.status, label: `${search.status} (0)` });
  // The list's search (its page aside): the same for the list and for the CSV file.
  const listTerms = {
    'q[s]': search.sort ?? ('created_at desc' as const),
    ...terms,
    ...(search.status ? { 'q[status_name_eq]': search.status as OrderStatus } : {}),
  };
  const orders = useQuery({
    queryKey: ['orders', search],
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/orders', {
          params: { query: { page, per_page: PER_PAGE, ...listTerms } },
        }),
      ),
  });
  const setSearch = (change: Partial<OrdersSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...change, page: change.page ?? undefined }) });
  const typed = useDebouncedCallback((q: string) => setSearch({ q: q || undefined }), 300);
  const total = orders.data?.pagination.total_count ?? 0;
  // One of the two layouts is rendered, not both hidden by CSS: half the work on a slow phone.
  // Known at the first render (Mantine's `sm`, 48em), so the page does not change after it.
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Group justify="space-between" align="end">
        <Title order={1} size="h2">
          Orders
        </Title>
        <Group gap="md">
          <Text c="dimmed" size="sm" aria-live="polite">
            {orders.data ? `${total.toLocaleString()} order${total === 1 ? '' : 's'}` : ' '}
          </Text>
          <Button
            component="a"
            variant="default"
            href={exportHref(listTerms)}
            download
            aria-label="Export these orders as CSV"
          >
            Export CSV
          </Button>
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
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
        <TextInput
          label="Search"
          placeholder="File number, address, borrower, loan number"
          defaultValue={search.q ?? ''}
          onChange={(event) => typed(event.currentTarget.value)}
        />
        {/* Native selects: a phone's own picker, and no dropdown code to run before the list shows. */}
        <NativeSelect
          label="Status"
          data={[{ value: '', label: 'Any status' }, ...statusChoices]}
          value={search.status ?? ''}
          onChange={(event) => setSearch({ status: event.currentTarget.value || undefined })}
        />
        <TextInput
          label="Due from"
          type="date"
          value={search.due_from ?? ''}
          onChange={(event) => setSearch({ due_from: event.currentTarget.value || undefined })}
        />
        <TextInput
          label="Due by"
          type="date"
          value={search.due_to ?? ''}
          min={search.due_from}
          onChange={(event) => setSearch({ due_to: event.currentTarget.value || undefined })}
        />
        <NativeSelect
          label="Sort"
          data={[
            { value: 'created_at desc', label: 'Newest first' },
            { value: 'created_at asc', label: 'Oldest first' },
            { value: 'due_date asc', label: 'Due soonest' },
            { value: 'due_date desc', label: 'Due latest' },
          ]}
          value={search.sort ?? 'created_at desc'}
          onChange={(event) => {
            const value = event.currentTarget.value as NonNullable<OrdersSearch['sort']> | 'created_at desc';
            setSearch({ sort: value === 'created_at desc' ? undefined : value });
          }}
        />
      </SimpleGrid>
      {orders.isError && (
        <Alert color="red" role="alert" title="The orders could not be loaded">
          {orders.error.message}
        </Alert>
      )}
      {wide ? (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">File number</Table.Th>
                <Table.Th scope="col">Property</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Due</Table.Th>
                <Table.Th scope="col">Loan</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.isPending &&
                Array.from({ length: 8 }, (_, i) => (
                  <Table.Tr key={i}>
                    {Array.from({ length: 5 }, (_, j) => (
                      <Table.Td key={j}>
                        <Skeleton height={18} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              {orders.data?.data.map((order) => (
                <Table.Tr key={order.id}>
                  <Table.Td>
                    <OrderLink order={order} />
                  </Table.Td>
                  <Table.Td>{order.full_address}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={order.status.name} />
                  </Table.Td>
                  <Table.Td>{orDash(order.due_date)}</Table.Td>
                  <Table.Td tt="capitalize">
                    {order.loan_type.replace(/_/g, ' ')}, {order.transaction_type.replace(/_/g, ' ')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        // On a phone, one card per order instead of a table to scroll sideways.
        <Stack gap="xs">
          {orders.isPending && Array.from({ length: 4 }, (_, i) => <Skeleton key={i} height={84} />)}
          {orders.data?.data.map((order) => (
            <Card key={order.id} withBorder padding="sm">
              <Group justify="space-between" wrap="nowrap" align="start">
                <OrderLink order={order} />
                <StatusBadge status={order.status.name} />
              </Group>
              <Text size="sm">{order.full_address}</Text>
              <Text size="sm" c="dimmed">
                Due {orDash(order.due_date)}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
      {orders.data && orders.data.data.length === 0 && (
        <Text ta="center" c="dimmed" py="xl">
          {search.q || search.status || search.due_from || search.due_to || search.terms
            ? 'No order matches this search.'
            : 'No orders yet.'}
        </Text>
      )}
      {orders.data && orders.data.pagination.total_pages > 1 && (
        <Group justify="center">
          <Pagination
            total={orders.data.pagination.total_pages}
            value={page}
            onChange={(next) => setSearch({ page: next > 1 ? next : undefined })}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        </Group>
      )}
    </Stack>
  );
}

/** An order's file number, leading to the order (the table and the phone's cards both show it). */
function OrderLink({ order }: { order: { id: string; file_number: string } }) {
  return (
    <Anchor
      fw={600}
      renderRoot={(props) => <Link {...props} to="/orders/$orderId" params={{ orderId: order.id }} />}
    >
      {order.file_number}
    </Anchor>
  );
}
