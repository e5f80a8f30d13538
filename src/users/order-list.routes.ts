import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { ref, Success } from '../schemas/common.ts';
import {
  CreateOrderListViewBody,
  OrderListColumnsBody,
  OrderListParams,
  OrderListSettings,
  OrderListView,
  OrderListViewParams,
} from './order-list.schemas.ts';
import { chooseListColumns, forgetListView, orderListSettings, saveListView } from './order-list.service.ts';

const tags = ['users'];

/** Your columns and saved views of the order lists (docs/api.md, "Your order lists"). */
export function registerOrderListRoutes(app: AppInstance, deps: AppDeps): void {
  const { db } = deps;
  app.get(
    '/me/order_lists/:list',
    {
      schema: {
        operationId: 'getOrderListSettings',
        tags,
        summary: 'Your columns and saved views of an order list',
        description:
          "The columns you chose for the list (null: your role's defaults, which the web application knows) and your saved views, by name.",
        params: OrderListParams,
        response: { 200: ref(OrderListSettings) },
      },
    },
    (request) => orderListSettings(db, principalOf(request).user, request.params.list),
  );
  app.put(
    '/me/order_lists/:list/columns',
    {
      schema: {
        operationId: 'putOrderListColumns',
        tags,
        summary: 'Choose the columns of an order list',
        description:
          "The columns in the order shown, each once; null goes back to your role's defaults. An unknown column answers 422.",
        params: OrderListParams,
        body: ref(OrderListColumnsBody),
        response: { 200: ref(OrderListSettings, 'Your columns and views of the list, as they now are') },
      },
    },
    (request) => chooseListColumns(db, principalOf(request).user, request.params.list, request.body.columns),
  );
  app.post(
    '/me/order_lists/:list/views',
    {
      config: { errors: [409] },
      schema: {
        operationId: 'createOrderListView',
        tags,
        summary: 'Save a view of an order list',
        description:
          'The search, sort and columns under a name of yours. A name you gave another view of the list answers 409 naming `name`; at most 50 views a list.',
        params: OrderListParams,
        body: ref(CreateOrderListViewBody),
        response: { 201: ref(OrderListView, 'The view saved') },
      },
    },
    async (request, reply) => {
      const view = await saveListView(db, principalOf(request).user, request.params.list, request.body);
      return reply.code(201).send(view);
    },
  );
  app.delete(
    '/me/order_lists/:list/views/:view_id',
    {
      config: { errors: [404] },
      schema: {
        operationId: 'deleteOrderListView',
        tags,
        summary: 'Delete one of your saved views',
        description: 'Only your own views; any other id answers 404.',
        params: OrderListViewParams,
        response: { 200: ref(Success, 'Deleted') },
      },
    },
    async (request) => {
      await forgetListView(db, principalOf(request).user, request.params.list, request.params.view_id);
      return { success: true as const };
    },
  );
}
