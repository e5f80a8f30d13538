import type { Static } from 'typebox';
import {
  CreateOrderListViewBody,
  OrderListColumnsBody,
  OrderListSearch,
  OrderListSettings,
  OrderListView,
} from '../users/order-list.schemas.ts';
import { example, type NamedExample } from './example.ts';

/** A coordinator's columns and saved views of the order list (GET /me/order_lists/orders). */
const SEARCH: Static<typeof OrderListSearch> = { status: 'in_review', sort: 'due_date asc' };
/** Every filter a view may keep (the pipeline's queue and client among them). */
const EVERY_FILTER: Static<typeof OrderListSearch> = {
  q: 'Congress',
  status: 'in_review',
  due_from: '2026-12-01',
  due_to: '2026-12-31',
  sort: 'due_date asc',
  mine: true,
  client_id: '9d2f6a1c-3b4e-4f5a-8c7d-1e2f3a4b5c6d',
  queue: 'in_review',
};
const COLUMNS: Static<typeof OrderListView>['columns'] = [
  'property',
  'borrower',
  'client',
  'appraiser',
  'due',
  'time_in_status',
];
const VIEW: Static<typeof OrderListView> = {
  id: '0b7c4f2e-5d1a-4c3b-9e8f-7a6d5c4b3a21',
  name: 'Reports to review',
  search: SEARCH,
  columns: COLUMNS,
  created_at: '2026-11-26T15:04:05.000Z',
};

export const ORDER_LIST_EXAMPLES: NamedExample[] = [
  example(OrderListSearch, EVERY_FILTER),
  example(OrderListView, VIEW),
  example(OrderListSettings, { list: 'orders', columns: COLUMNS, views: [VIEW] }),
  example(OrderListColumnsBody, { columns: COLUMNS }),
  example(CreateOrderListViewBody, { name: VIEW.name, search: SEARCH, columns: COLUMNS }),
];
