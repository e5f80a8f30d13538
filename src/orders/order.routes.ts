import { Type } from 'typebox';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { ListQueryString, parseListQuery } from '../http/list-query.ts';
import { principalOf } from '../http/request-context.ts';
import {
  CreateOrderBody,
  HistoryEntry,
  OrderDetail,
  OrderList,
  SubjectAddressBody,
} from './order.schemas.ts';
import { OrderParams, Success } from '../schemas/common.ts';
import { createOrder } from './order.create.ts';
import { ORDER_ATTRIBUTES } from './order.search.ts';
import {
  getOrder,
  listAppraisers,
  orderHistory,
  searchOrders,
  updateSubjectAddress,
} from './order.service.ts';

export function registerOrderRoutes(app: AppInstance, deps: AppDeps): void {
  const { db, config } = deps;
  app.post(
    '/orders',
    {
      config: { roles: ['client', 'staff'] },
      schema: {
        tags: ['orders'],
        summary: 'Place an order (clients and staff); ids come from the client configuration',
        body: CreateOrderBody,
        response: { 201: OrderDetail },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createOrder(deps, principalOf(request), request.body)),
  );

  app.get(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        summary: 'Orders you can see, newest first, with paging and Ransack-style search',
        description:
          `Attributes for q: ${Object.keys(ORDER_ATTRIBUTES).join(', ')}. ` +
          'Examples: q[status_name_eq]=Assigned, q[file_number_cont]=0042, q[due_date_lteq]=2026-12-31, ' +
          'q[loan_type_in][]=fha, q[address_state_eq]=TX, q[s]=due_date desc.',
        querystring: ListQueryString,
        response: { 200: OrderList },
      },
    },
    (request) =>
      searchOrders(
        db,
        principalOf(request).user,
        config,
        parseListQuery(request.query, ORDER_ATTRIBUTES, { timeZone: config.timeZone }),
      ),
  );

  app.get(
    '/orders/:order_id',
    {
      schema: { tags: ['orders'], summary: 'One order', params: OrderParams, response: { 200: OrderDetail } },
    },
    (request) => getOrder(db, principalOf(request).user, config, request.params.order_id),
  );

  app.put(
    '/orders/:order_id/subject_address',
    {
      config: { roles: ['client', 'staff'] },
      schema: {
        tags: ['orders'],
        summary: "Change the subject property's address (every field optional)",
        params: OrderParams,
        body: SubjectAddressBody,
        response: { 200: Success },
      },
    },
    async (request) => {
      await updateSubjectAddress(db, principalOf(request), request.params.order_id, request.body);
      return { success: true as const };
    },
  );

  app.get(
    '/orders/:order_id/history',
    {
      schema: {
        tags: ['orders'],
        summary: 'Every status change of the order: who, acting for whom, when, from, to, why',
        params: OrderParams,
        response: { 200: Type.Array(HistoryEntry) },
      },
    },
    (request) => orderHistory(db, principalOf(request).user, request.params.order_id),
  );

  app.get(
    '/appraisers',
    {
      config: { roles: ['staff', 'operator'] },
      schema: {
        tags: ['orders'],
        summary: "The company's appraiser panel, with each one's open orders (staff; operators see all)",
        response: {
          200: Type.Array(
            Type.Object({
              id: Type.String(),
              name: Type.String(),
              email: Type.String(),
              company_id: Type.String(),
              open_orders: Type.Integer(),
            }),
          ),
        },
      },
    },
    (request) => listAppraisers(db, principalOf(request).user),
  );
}
