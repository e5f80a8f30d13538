import { Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { DataTable, type Column } from '../components/DataTable.tsx';
import { usePageTitle } from '../components/PageTitle.tsx';
import { StatusBadge } from '../components/StatusBadge.tsx';
import { columnCell, columnsOf, shownColumns } from '../features/lists/columns.tsx';
import { OrderCard } from '../features/orders/OrderCard.tsx';
import { OrderFilters } from '../features/orders/OrderFilters.tsx';
import { OrderLink } from '../features/orders/OrderLink.tsx';
import { OrderListNotices } from '../features/orders/OrderListNotices.tsx';
import type { ViewChoice } from '../features/lists/SavedViews.tsx';
import type { OrderListItem } from '../../../sdk/src/client.ts';
import { about, wholeNumber } from '../lib/format.ts';
import { orderListSettingsQuery } from '../queries/order-lists.ts';
import {
  exportHref,
  orderListQuery,
  searchOfView,
  statusCountsQuery,
  type OrderSearch,
} from '../queries/orders.ts';
import { useSession } from '../queries/session.ts';
import { useAfterFirstPaint } from '../lib/after-first-paint.ts';

// The views and the column picker load beside the list, not before it.
const OrderListTools = lazy(() =>
  import('../features/lists/OrderListTools.tsx').then((m) => ({ default: m.OrderListTools })),
);

/** The orders the user can see: the search, the view and the page live in the URL (routes/orders.ts). */
export function OrdersPage() {
  usePageTitle('Orders');
  const user = useSession()?.user;
  const role = user?.role;
  const viewer = user ? { id: user.id, role: user.role } : null;
  const search = useSearch({ from: '/orders' });
  const navigate = useNavigate({ from: '/orders' });
  const counts = useSuspenseQuery(statusCountsQuery(search, viewer)).data;
  const orders = useSuspenseQuery(orderListQuery(search, viewer)).data;
  const settings = useSuspenseQuery(orderListSettingsQuery('orders')).data;
  // A filter's change replaces the address instead of adding one: Back leaves the list. It
  // leaves the saved view shown, whose search it no longer is.
  const setSearch = (change: Partial<OrderSearch>) =>
    void navigate({
      search: (previous) => ({ ...previous, view: undefined, ...change, page: change.page }),
      replace: true,
    });
  const chooseView = (choice: ViewChoice) =>
    void navigate({
      search:
        choice.kind === 'saved'
          ? { ...searchOfView(choice.view.search), view: choice.view.id }
          : choice.kind === 'mine'
            ? { mine: true }
            : {},
      replace: true,
    });
  const view = settings.views.find((saved) => saved.id === search.view);
  const columns = shownColumns('orders', role, view ? view.columns : settings.columns);
  const table: Column<OrderListItem>[] = [
    { header: 'File number', cell: (order) => <OrderLink order={order} />, nowrap: true },
    { header: 'Status', cell: (order) => <StatusBadge status={order.status} /> },
    ...columns.map((key) => columnCell(key, role)),
  ];
  const total = orders.pagination.total_count;
  const estimated = orders.pagination.total_count_is_estimate;
  const filtered = Boolean(
    search.q || search.status || search.due_from || search.due_to || search.terms || search.mine,
  );
  const { page: _page, view: _view, terms: _terms, label: _label, ...kept } = search;
  // The title and the search first (what a person reads and types in), the views and the
  // rows just after them (lib/after-first-paint.ts).
  const later = useAfterFirstPaint();

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Group justify="space-between" align="end">
        <Title order={1} size="h2">
          Orders
        </Title>
        <Group gap="md">
          <Text c="dimmed" size="sm" aria-live="polite">
            {estimated
              ? `About ${about(total)} orders`
              : `${wholeNumber(total)} order${total === 1 ? '' : 's'}`}
          </Text>
          <Button
            component="a"
            variant="default"
            href={exportHref(search, viewer, !orders.unknown_status)}
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
      <OrderListNotices
        unknownStatus={orders.unknown_status}
        figure={search.terms ? (search.label ?? 'A search of the dashboard') : null}
        onClearStatus={() => setSearch({ status: undefined })}
        onClearFigure={() => setSearch({ terms: undefined, label: undefined })}
      />
      <Suspense fallback={<Box mih={60} />}>
        {later ? (
          <OrderListTools
            list="orders"
            views={settings.views}
            chosen={view?.id ?? (search.mine ? 'mine' : '')}
            search={kept}
            available={columnsOf(role)}
            columns={columns}
            onChoose={chooseView}
            onColumnsChosen={() => view && setSearch({})}
          />
        ) : (
          <Box mih={60} />
        )}
      </Suspense>
      <OrderFilters
        search={search}
        counts={counts}
        statusKnown={!orders.unknown_status}
        onChange={setSearch}
      />
      <DataTable
        label="Orders"
        rows={later ? orders.data : undefined}
        pending={!later}
        rowKey={(order) => order.id}
        columns={table}
        card={(order) => <OrderCard order={order} columns={columns} role={role} />}
        empty={filtered ? 'No order matches this search.' : 'No orders yet.'}
        minWidth={Math.max(640, 130 * table.length)}
        pages={{
          total: orders.pagination.total_pages,
          current: search.page ?? 1,
          onChange: (next) => setSearch({ page: next > 1 ? next : undefined, view: search.view }),
          ...(estimated ? { estimated: { hasNext: orders.pagination.has_next_page } } : {}),
        }}
      />
    </Stack>
  );
}
