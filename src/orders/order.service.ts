import type { AuthUser, Principal } from '../auth/principal.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/connection.ts';
import type { CursorSeal } from '../auth/cursor-seal.ts';
import type { ListQuery } from '../db/list-filter.ts';
import { countLimit } from '../db/list-count.ts';
import { readCursorPayload, sortSignature, type CursorPayload, type SortKey } from '../db/list-keyset.ts';
import type { OrderPatch } from '../db/schema.ts';
import { partyOf } from '../policy/audience.ts';
import { AppError, invalid, notFound, type FieldProblem } from '../errors/app-error.ts';
import { countyForAddress, findState } from '../reference/geography.ts';
import { CLOSED, STATUSES, statusRef } from '../workflow/statuses.ts';
import { orderVisibleTo } from '../policy/order-access.ts';
import { cachedOrderDetail } from './order.detail-cache.ts';
import { csvLine } from '../format/csv.ts';
import {
  ORDER_EXPORT_HEADER,
  toHistoryEntry,
  toOrderDetail,
  toOrderExportRow,
  toOrderListItem,
} from './order.mapper.ts';
import { findOrderDetail, findOrderHistory, listAppraiserPanel } from './order.repository.ts';
import {
  countOrdersByStatus,
  listOrders,
  orderSortKeys,
  streamOrderExport,
} from './order.list.repository.ts';
import { countScope } from './order.scope.ts';
import type { OrderDetail, SubjectAddressBody } from './order.schemas.ts';
import { changeOrder, findVisibleOrder } from './order.store.ts';

/** The order's detail, as the caller (and whom they act for) may see it. */
export async function getOrder(
  db: Db,
  principal: Principal,
  config: Config,
  orderId: string,
): Promise<OrderDetail> {
  const order = await findVisibleOrder(db, principal.user, orderId);
  const row = await cachedOrderDetail(order.id, order.updated_at, () => findOrderDetail(db, order.id));
  if (!row) throw notFound('order');
  return toOrderDetail(row, principal, config.timeZone);
}

/**
 * A page of the orders the caller sees: by page number, or after a cursor (`after=`) that a
 * previous page gave as `next_cursor`. The cursor is sealed for the caller's scope (a company,
 * a client, an appraiser, the operators) and names the sort it continues and the page it opens,
 * so the paging figures read alike either way.
 */
export async function searchOrders(
  db: Db,
  cursors: CursorSeal,
  user: AuthUser,
  config: Config,
  list: ListQuery,
) {
  const scope = countScope(user);
  const boundTo = `${scope.scope}:${scope.id}`;
  const keys = orderSortKeys(list);
  const signature = sortSignature(list);
  const start =
    list.after === undefined ? null : await openCursor(cursors, list.after, boundTo, signature, keys);
  const page = start?.page ?? list.page;
  const { rows, total, estimated, more } = await listOrders(
    db,
    orderVisibleTo(user),
    list,
    scope,
    start?.values ?? null,
    { limit: countLimit(list, config.listExactCountLimit), before: (page - 1) * list.perPage },
  );
  const totalPages = Math.ceil(total / list.perPage);
  const last = rows.at(-1);
  const payload: CursorPayload | null =
    more && last ? { s: signature, p: page + 1, k: last.sort_keys } : null;
  return {
    data: rows.map((row) => toOrderListItem(row, partyOf(user.role), config.timeZone)),
    pagination: {
      current_page: page,
      total_pages: totalPages,
      total_count: total,
      total_count_is_estimate: estimated,
      per_page: list.perPage,
      // An estimated total does not say where the list ends; the row looked for past the page does.
      has_next_page: start === null && !estimated ? page < totalPages : more,
      has_prev_page: page > 1,
      next_cursor: payload === null ? null : await cursors.seal(payload, boundTo),
    },
  };
}

async function openCursor(
  cursors: CursorSeal,
  text: string,
  boundTo: string,
  signature: string,
  keys: SortKey[],
): Promise<{ page: number; values: (string | null)[] }> {
  const read = readCursorPayload(await cursors.open(text, boundTo), signature, keys);
  if (read === 'malformed')
    throw invalid('after', 'is not a cursor of this list: pass next_cursor from the previous page as it is');
  if (read === 'other sort')
    throw invalid('after', 'was made for another sort: a cursor continues the q[s] of the page that gave it');
  return read;
}

/**
 * Every order the search finds, as CSV lines (the header first), in the list's order: the same
 * terms and visibility as searchOrders, without paging. Lines come as the cursor yields rows,
 * so that the caller can stream them; the first row is read before this returns, so that a
 * failing query is an error answer rather than a file cut short.
 */
export async function exportOrders(
  db: Db,
  user: AuthUser,
  config: Config,
  list: ListQuery,
): Promise<AsyncGenerator<string>> {
  const rows = streamOrderExport(db, orderVisibleTo(user), list);
  const first = await rows.next();
  const party = partyOf(user.role);
  return (async function* lines() {
    yield csvLine(ORDER_EXPORT_HEADER);
    if (first.done) return;
    yield csvLine(toOrderExportRow(first.value, party, config.timeZone));
    for await (const row of rows) yield csvLine(toOrderExportRow(row, party, config.timeZone));
  })();
}

/** Each status the caller's orders matching the search (status aside) are in, in workflow order. */
export async function orderStatusCounts(db: Db, user: AuthUser, config: Config, list: ListQuery) {
  const { counts, estimated } = await countOrdersByStatus(
    db,
    orderVisibleTo(user),
    list,
    countScope(user),
    countLimit(list, config.listExactCountLimit),
  );
  const byStatus = new Map(counts.map((c) => [c.status, c.count]));
  const data = STATUSES.filter((status) => byStatus.has(status)).map((status) => ({
    status: statusRef(status),
    count: byStatus.get(status)!,
  }));
  return {
    data,
    total_count: data.reduce((sum, row) => sum + row.count, 0),
    total_count_is_estimate: estimated,
  };
}

/** Changes the subject property's address (clients and staff, while the order is not closed). */
export async function updateSubjectAddress(
  db: Db,
  principal: Principal,
  orderId: string,
  body: SubjectAddressBody,
): Promise<void> {
  const { user } = principal;
  await db.transaction().execute(async (trx) => {
    const order = await findVisibleOrder(trx, user, orderId, {
      columns: ['state_id', 'zip', 'county_id'],
      lock: true,
    });
    const mayEdit =
      (user.role === 'client' && user.organizationId === order.client_id) ||
      (user.role === 'staff' && user.organizationId === order.company_id);
    if (!mayEdit)
      throw new AppError('forbidden', 'Only the client and the company change the subject address');
    if (CLOSED.includes(order.status)) {
      throw new AppError('transition_not_allowed', `The address of a ${order.status} order cannot change`, [
        { field: 'status', message: `is ${order.status}` },
      ]);
    }
    const patch = addressPatch(order, body);
    await changeOrder(trx, order, patch, principal, [
      { action: 'update_subject_address', from: order.status, to: order.status, details: body },
    ]);
  });
}

/** The columns an address change sets, every field checked; 422 naming each bad one (a correction too: order.correct.ts). */
export function addressPatch(
  current: { state_id: string; zip: string; county_id: string | null },
  body: SubjectAddressBody,
): OrderPatch {
  const problems: FieldProblem[] = [];
  const state = body.state !== undefined ? findState(body.state) : findState(current.state_id);
  if (!state) problems.push({ field: 'state', message: 'is not a US state' });
  const zip = body.zip ?? current.zip;
  let countyId = current.county_id;
  if (state && (body.county !== undefined || body.zip !== undefined || body.state !== undefined)) {
    const name = body.county?.trim() || null;
    const county = countyForAddress(state.id, zip, name);
    if (name && !county) problems.push({ field: 'county', message: `is not a county of ${state.name}` });
    countyId = county?.id ?? null;
  }
  const coordinate = (value: number | string | null | undefined, field: string, limit: number) => {
    if (value === undefined) return undefined;
    if (value === null || value === '') return null;
    const number = Number(value);
    if (!Number.isFinite(number) || Math.abs(number) > limit) {
      problems.push({ field, message: `must be a number between -${limit} and ${limit}` });
      return undefined;
    }
    return number.toFixed(6);
  };
  const latitude = coordinate(body.latitude, 'latitude', 90);
  const longitude = coordinate(body.longitude, 'longitude', 180);
  if (problems.length > 0 || !state)
    throw new AppError('validation_failed', 'The address is not valid', problems);
  return {
    ...(body.address_one !== undefined ? { address_one: body.address_one.trim() } : {}),
    ...(body.address_two !== undefined ? { address_two: body.address_two?.trim() || null } : {}),
    ...(body.city !== undefined ? { city: body.city.trim() } : {}),
    ...(latitude !== undefined ? { latitude } : {}),
    ...(longitude !== undefined ? { longitude } : {}),
    state_id: state.id,
    zip,
    county_id: countyId,
  };
}

/**
 * Every change of the order the caller may know of, oldest first: who, acting for whom, when,
 * from, to, why (policy/records.ts: each entry whole, as a bare move of status, or not at all).
 * An appraiser's history of an order starts with the offer to them: what went before (offers
 * to others, their answers) is between the company and those appraisers.
 */
export async function orderHistory(db: Db, user: AuthUser, orderId: string) {
  const order = await findVisibleOrder(db, user, orderId);
  const party = partyOf(user.role);
  const rows = await findOrderHistory(db, order.id);
  const seen = party === 'appraiser' ? rows.slice(lastOfferTo(user.id, rows)) : rows;
  return seen.flatMap((row) => toHistoryEntry(row, party) ?? []);
}

/** Where the latest offer of the order to this appraiser is in its history (0 when none is). */
function lastOfferTo(appraiserId: string, rows: { action: string; details: unknown }[]): number {
  const index = rows.findLastIndex(
    (row) =>
      (row.action === 'assign' || row.action === 'auto_assign_completed') &&
      (row.details as { appraiser_id?: unknown } | null)?.appraiser_id === appraiserId,
  );
  return Math.max(index, 0);
}

/** The company's appraiser panel, with each appraiser's open workload, for staff who assign. */
export async function listAppraisers(db: Db, user: AuthUser) {
  const rows = await listAppraiserPanel(db, user.role === 'staff' ? user.organizationId : null);
  return rows.map((r) => ({
    id: r.id,
    name: `${r.first_name} ${r.last_name}`,
    email: r.email,
    company_id: r.organization_id!,
    open_orders: Number(r.open_orders ?? 0),
  }));
}
