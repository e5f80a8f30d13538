import { Readable } from 'node:stream';
import { Type } from 'typebox';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { CursorListQueryString, ListQueryString, parseListQuery } from '../http/list-query.ts';
import { CursorSeal } from '../auth/cursor-seal.ts';
import { principalOf } from '../http/request-context.ts';
import {
  Appraiser,
  CreateOrderBody,
  HistoryEntry,
  OrderDetail,
  OrderCorrectionBody,
  OrderList,
  OrderStatusCounts,
  SubjectAddressBody,
} from './order.schemas.ts';
import { correctOrder } from './order.correct.ts';
import { OrderParams, ref, Success } from '../schemas/common.ts';
import { createOrder } from './order.create.ts';
import { camel } from './action.schemas.ts';
import type { ResponseLink } from '../http/openapi-routes.ts';
import { ENDPOINT_ACTIONS } from '../workflow/transitions.ts';
import { ORDER_ATTRIBUTES } from './order.search.ts';
import {
  exportOrders,
  getOrder,
  listAppraisers,
  orderHistory,
  orderStatusCounts,
  searchOrders,
  updateSubjectAddress,
} from './order.service.ts';

export function registerOrderRoutes(app: AppInstance, deps: AppDeps): void {
  const { db, config } = deps;
  const cursors = new CursorSeal(db, deps.secrets);
  app.post(
    '/orders',
    {
      config: { roles: ['client', 'staff'], links: { 201: orderLinks() } },
      schema: {
        operationId: 'createOrder',
        tags: ['orders'],
        summary: 'Place an order (clients and staff)',
        description:
          'Product, client user and property type ids come from GET /clients/{client_id}/configuration. With draft: true the order waits in Draft until the place action. A client that pays before assignment sees it wait in Waiting payment.',
        body: ref(CreateOrderBody),
        response: { 201: ref(OrderDetail, 'The new order') },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createOrder(deps, principalOf(request), request.body)),
  );

  app.get(
    '/orders',
    {
      config: { listAttributes: ORDER_ATTRIBUTES },
      schema: {
        operationId: 'listOrders',
        tags: ['orders'],
        summary: 'Orders you can see, newest first, with paging and Ransack-style search',
        description:
          `Attributes for q: ${Object.keys(ORDER_ATTRIBUTES).join(', ')}. ` +
          'Examples: q[status_name_eq]=Assigned, q[file_number_cont]=0042, q[due_date_lteq]=2026-12-31, ' +
          'q[loan_type_in][]=fha, q[address_state_eq]=TX, q[s]=due_date desc. ' +
          'Deep pages: pass pagination.next_cursor as after= (instead of page) to continue after the last order of a page, with the same q[s].',
        querystring: CursorListQueryString,
        response: { 200: ref(OrderList) },
      },
    },
    (request) =>
      searchOrders(
        db,
        cursors,
        principalOf(request).user,
        config,
        parseListQuery(request.query, ORDER_ATTRIBUTES, { timeZone: config.timeZone, cursor: true }),
      ),
  );

  app.get(
    '/orders/status_counts',
    {
      config: { listAttributes: ORDER_ATTRIBUTES },
      schema: {
        operationId: 'countOrdersByStatus',
        tags: ['orders'],
        summary: 'How many of your orders are in each status',
        description:
          'Takes the q[…] terms of GET /orders; its status terms are left aside, so that each status shows what choosing it would find (a status filter with counts).',
        querystring: ListQueryString,
        response: { 200: ref(OrderStatusCounts) },
      },
    },
    (request) =>
      orderStatusCounts(
        db,
        principalOf(request).user,
        config,
        parseListQuery(request.query, ORDER_ATTRIBUTES, { timeZone: config.timeZone }),
      ),
  );

  app.get(
    '/orders/export',
    {
      config: { listAttributes: ORDER_ATTRIBUTES },
      schema: {
        operationId: 'exportOrders',
        tags: ['orders'],
        summary: 'Every order a search finds, as a CSV file',
        description:
          'Takes the q[…] terms and the sort of GET /orders (page and per_page are ignored: every matching order is in the file, in the order of the list). ' +
          'The file is streamed as the rows are read, so a large export does not wait or weigh on the service. Cells a spreadsheet would take for a formula (starting with =, +, -, @) are prefixed with a single quote.',
        querystring: ListQueryString,
        response: {
          200: {
            description: 'The orders, one per line after a header line (RFC 4180, UTF-8)',
            content: { 'text/csv': { schema: Type.String() } },
          },
        },
      },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, ORDER_ATTRIBUTES, { timeZone: config.timeZone });
      const lines = await exportOrders(db, principalOf(request).user, config, list);
      const day = new Date().toISOString().slice(0, 10);
      void reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
        .header('cache-control', 'no-store');
      // A stream of the documented text/csv, written as rows are read, not a serialized string.
      return reply.send(Readable.from(lines) as unknown as string);
    },
  );

  app.get(
    '/orders/:order_id',
    {
      schema: {
        operationId: 'getOrder',
        tags: ['orders'],
        summary: 'One order',
        description:
          'Everything the caller may see of it; allowed_transitions lists the actions the caller may take now. Fees follow who is asking (docs/api.md).',
        params: OrderParams,
        response: { 200: ref(OrderDetail) },
      },
    },
    (request) => getOrder(db, principalOf(request), config, request.params.order_id),
  );

  app.patch(
    '/orders/:order_id',
    {
      // 405: a path beside it that is not an order (PATCH /orders/status_counts) is refused as a
      // method that path does not take (http/error-handler.ts), though this route matched it.
      config: { roles: ['client', 'staff'], errors: [405] },
      schema: {
        operationId: 'correctOrder',
        tags: ['orders'],
        summary:
          'Correct an order: borrower, loan number and amount, due date, instructions, access contact, address',
        description:
          "For the order's client users and its company's staff; the appraiser never (403). Only the fields given change, each checked first (422 names every bad one; nothing changes). " +
          'The due date must be today or later (TIME_ZONE); a client corrects the address only until an appraiser has accepted the order, and nobody corrects a Completed, Fulfilled or Cancelled order (409). ' +
          "Recorded in the history (action correct_order, each field before and after) and announced by the order.updated event. Send the detail's version as If-Match: a correction made on a stale read answers 409. Answers the order as it stands now.",
        params: OrderParams,
        headers: Type.Object({
          'If-Match': Type.Optional(
            Type.String({
              maxLength: 200,
              description:
                "The order's version as you read it (the detail's version); a later one answers 409",
            }),
          ),
        }),
        body: ref(OrderCorrectionBody),
        response: { 200: ref(OrderDetail, 'The corrected order') },
      },
    },
    (request) =>
      correctOrder(
        db,
        config,
        principalOf(request),
        request.params.order_id,
        request.body,
        request.headers['if-match'],
      ),
  );

  app.put(
    '/orders/:order_id/subject_address',
    {
      config: { roles: ['client', 'staff'] },
      schema: {
        operationId: 'changeSubjectAddress',
        tags: ['orders'],
        summary: "Change the subject property's address",
        description: 'Every field optional; absent fields stay. The county follows a new zip unless given.',
        params: OrderParams,
        body: ref(SubjectAddressBody),
        response: { 200: ref(Success, 'Changed') },
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
        operationId: 'getOrderHistory',
        tags: ['orders'],
        summary: "The order's history",
        description:
          'Every status change and every change that matters (notes, files, fees, parties): who, acting for whom, when, from, to, why. Oldest first; fees follow who is asking.',
        params: OrderParams,
        response: { 200: Type.Array(ref(HistoryEntry), { description: 'Oldest first' }) },
      },
    },
    (request) => orderHistory(db, principalOf(request).user, request.params.order_id),
  );

  app.get(
    '/appraisers',
    {
      config: { roles: ['staff', 'operator'] },
      schema: {
        operationId: 'listAppraisers',
        tags: ['orders'],
        summary: "The company's appraiser panel",
        description: "Staff see their company's appraisers with each one's open orders; operators see all.",
        response: { 200: Type.Array(ref(Appraiser), { description: 'The panel, by name' }) },
      },
    },
    (request) => listAppraisers(db, principalOf(request).user),
  );
}

/**
 * Where a client goes from an order it was just answered (the OpenAPI links of a created
 * order): its detail, its history, and each workflow action, whose order_id is the answer's
 * id. Which actions the caller may take now is the order's allowed_transitions.
 */
function orderLinks(): Record<string, ResponseLink> {
  const link = (operationId: string, description: string): [string, ResponseLink] => [
    operationId,
    { operationId, parameters: { order_id: '$response.body#/id' }, description },
  ];
  return Object.fromEntries([
    link('getOrder', 'The order, as it stands now'),
    link('getOrderHistory', "The order's history"),
    ...ENDPOINT_ACTIONS.map((definition) =>
      link(
        camel(definition.action),
        `${definition.summary} (when allowed_transitions names ${definition.action})`,
      ),
    ),
  ]);
}
