import { sql } from 'kysely';
import { requireRole } from '../auth/access.ts';
import type { AuthUser, Principal } from '../auth/principal.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connection.ts';
import { parseDateTime } from '../format/dates.ts';
import { sanitizeRichText } from '../format/html.ts';
import { centsToDecimal, decimalToCents } from '../format/money.ts';
import { emitEvent } from '../events/emit.ts';
import { AppError, notFound, type FieldProblem } from '../http/errors.ts';
import { parseListQuery } from '../http/list-query.ts';
import { isUuid } from '../organizations/organization.repository.ts';
import { countyForAddress, findState } from '../reference/geography.ts';
import { orderVisibleTo } from '../workflow/access.ts';
import { toPartyRole } from '../parties/party.roles.ts';
import { toOrderDetail, toOrderListItem } from './order.mapper.ts';
import { findOrderDetail, listOrders, type CountScope } from './order.repository.ts';
import { ORDER_ATTRIBUTES } from './order.search.ts';
import type { CreateOrderBody, OrderDetail, SubjectAddressBody } from './order.schemas.ts';

export async function getOrder(
  db: Db,
  user: AuthUser,
  config: Config,
  orderId: string,
): Promise<OrderDetail> {
  if (!isUuid(orderId)) throw notFound('order');
  const row = await findOrderDetail(db, orderId, orderVisibleTo(user));
  if (!row) throw notFound('order');
  return toOrderDetail(row, user, config.timeZone);
}

export async function searchOrders(db: Db, user: AuthUser, config: Config, query: Record<string, unknown>) {
  const list = parseListQuery(query, ORDER_ATTRIBUTES, { timeZone: config.timeZone });
  const { rows, total } = await listOrders(db, orderVisibleTo(user), list, countScope(user));
  const totalPages = Math.ceil(total / list.perPage);
  return {
    data: rows.map((row) => toOrderListItem(row, config.timeZone)),
    pagination: {
      current_page: list.page,
      total_pages: totalPages,
      total_count: total,
      per_page: list.perPage,
      has_next_page: list.page < totalPages,
      has_prev_page: list.page > 1,
    },
  };
}

function countScope(user: AuthUser): CountScope {
  switch (user.role) {
    case 'operator':
      return { scope: 'all', id: '00000000-0000-0000-0000-000000000000' };
    case 'staff':
      return { scope: 'company', id: user.organizationId! };
    case 'client':
      return { scope: 'client', id: user.organizationId! };
    case 'appraiser':
      return { scope: 'appraiser', id: user.id };
  }
}

interface ResolvedParties {
  clientId: string;
  companyId: string;
  lenderId: string;
}

/** Which client, company and lender the order is for, from the caller and the body. */
async function resolveParties(
  db: Db,
  user: AuthUser,
  body: CreateOrderBody,
  problems: FieldProblem[],
): Promise<ResolvedParties | null> {
  const requestedClient = body.requested_by?.client_id ?? null;
  let clientId: string | null;
  if (user.role === 'client') {
    clientId = user.organizationId;
    if (requestedClient && requestedClient !== clientId) {
      problems.push({ field: 'requested_by.client_id', message: 'must be your own client' });
    }
  } else {
    clientId = requestedClient;
    if (!clientId)
      problems.push({ field: 'requested_by.client_id', message: 'is required: the client the order is for' });
  }
  const links =
    clientId && isUuid(clientId)
      ? await db
          .selectFrom('company_clients')
          .select('company_id')
          .where('client_id', '=', clientId)
          .execute()
      : [];
  const companies = links.map((l) => l.company_id);
  if (clientId && user.role === 'staff' && !companies.includes(user.organizationId!)) {
    problems.push({ field: 'requested_by.client_id', message: 'is not a client your company serves' });
    return null;
  }
  let companyId: string | null = user.role === 'staff' ? user.organizationId : null;
  if (body.company_id) {
    if (!companies.includes(body.company_id) || (companyId && body.company_id !== companyId)) {
      problems.push({
        field: 'company_id',
        message: 'is not a company serving the client' + (companyId ? ' that you belong to' : ''),
      });
    } else companyId = body.company_id;
  } else if (!companyId) {
    if (companies.length === 1) companyId = companies[0]!;
    else if (clientId)
      problems.push({
        field: 'company_id',
        message: companies.length
          ? 'is required: several companies serve the client'
          : 'no company serves the client',
      });
  }
  let lenderId = clientId;
  const requestedLender = body.requested_by?.lender_id;
  if (requestedLender && requestedLender !== clientId) {
    const served =
      companyId && isUuid(requestedLender)
        ? await db
            .selectFrom('company_clients')
            .select('client_id')
            .where('company_id', '=', companyId)
            .where('client_id', '=', requestedLender)
            .executeTakeFirst()
        : undefined;
    if (!served)
      problems.push({ field: 'requested_by.lender_id', message: 'is not a lender served by the company' });
    else lenderId = requestedLender;
  }
  if (!clientId || !companyId || !lenderId) return null;
  return { clientId, companyId, lenderId };
}

/**
 * Places an order (clients and staff). Every id is checked against the client configuration;
 * every failing field is named at once; nothing is stored unless all is well.
 */
export async function createOrder(
  db: Db,
  principal: Principal,
  config: Config,
  body: CreateOrderBody,
): Promise<OrderDetail> {
  const { user } = principal;
  requireRole(user, ['client', 'staff'], 'place orders');
  const problems: FieldProblem[] = [];
  const parties = await resolveParties(db, user, body, problems);

  const state = findState(body.address.state);
  if (!state) problems.push({ field: 'address.state', message: 'is not a US state' });
  const countyName = body.address.county?.trim() || null;
  const county = state ? countyForAddress(state.id, body.address.zip, countyName) : null;
  if (state && countyName && !county)
    problems.push({ field: 'address.county', message: `is not a county of ${state.name}` });

  const dueDate = parseDateTime(body.due_date, config.timeZone);
  if (!dueDate) problems.push({ field: 'due_date', message: 'must be a date-time: YYYY-MM-DDTHH:MM' });
  const closingDate = body.closing_date ? parseDateTime(body.closing_date, config.timeZone) : null;
  if (body.closing_date && !closingDate)
    problems.push({ field: 'closing_date', message: 'must be a date: YYYY-MM-DD' });
  const loanAmount = body.loan_amount ? decimalToCents(body.loan_amount) : null;
  const contractPrice =
    body.contract_price === undefined || body.contract_price === null
      ? null
      : decimalToCents(body.contract_price.toFixed(2));

  let products: { id: string; fee_cents: string }[] = [];
  let clientUsers: {
    id: string;
    first_name: string;
    last_name: string;
    email: string;
    title: string | null;
  }[] = [];
  if (parties) {
    const { clientId, companyId } = parties;
    const productIds = body.product_ids.filter(isUuid);
    const found = productIds.length
      ? await db
          .selectFrom('products')
          .innerJoin('client_products', 'client_products.product_id', 'products.id')
          .select(['products.id', 'products.fee_cents'])
          .where('products.company_id', '=', companyId)
          .where('client_products.client_id', '=', clientId)
          .where('products.id', 'in', productIds)
          .execute()
      : [];
    body.product_ids.forEach((id, i) => {
      if (!found.some((p) => p.id === id))
        problems.push({
          field: `product_ids[${i}]`,
          message: 'is not a product in the client configuration',
        });
    });
    if (new Set(body.product_ids).size !== body.product_ids.length)
      problems.push({ field: 'product_ids', message: 'must not repeat a product' });
    products = body.product_ids.map((id) => found.find((p) => p.id === id)).filter((p) => p !== undefined);

    const userIds = body.client_user_ids.filter(isUuid);
    const users = userIds.length
      ? await db
          .selectFrom('users')
          .select(['id', 'first_name', 'last_name', 'email', 'title'])
          .where('organization_id', '=', clientId)
          .where('role', '=', 'client')
          .where('id', 'in', userIds)
          .execute()
      : [];
    body.client_user_ids.forEach((id, i) => {
      if (!users.some((u) => u.id === id))
        problems.push({
          field: `client_user_ids[${i}]`,
          message: 'is not a user in the client configuration',
        });
    });
    clientUsers = [...new Set(body.client_user_ids)]
      .map((id) => users.find((u) => u.id === id))
      .filter((u) => u !== undefined);

    const method = await db
      .selectFrom('company_payment_methods')
      .select('method')
      .where('company_id', '=', companyId)
      .where('method', '=', body.payment_method)
      .executeTakeFirst();
    if (!method)
      problems.push({ field: 'payment_method', message: "is not one of the company's payment methods" });
  }
  if (body.property_type_id) {
    const type = isUuid(body.property_type_id)
      ? await db
          .selectFrom('property_types')
          .select('id')
          .where('id', '=', body.property_type_id)
          .executeTakeFirst()
      : undefined;
    if (!type) problems.push({ field: 'property_type_id', message: 'is not a property type' });
  }
  if (problems.length > 0 || !parties || !state || !dueDate) {
    throw new AppError(
      'validation_failed',
      `The order is not valid: ${problems.map((p) => p.field).join(', ')}`,
      problems,
    );
  }

  const status = body.draft ? 'Draft' : 'Unassigned';
  const totalFee = products.reduce((sum, p) => sum + BigInt(p.fee_cents), 0n);
  const orderId = await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ n: string }>`SELECT nextval('order_file_number_seq') AS n`.execute(trx);
    const fileNumber = `${config.fileNumberPrefix}-${rows[0]!.n.padStart(8, '0')}`;
    const order = await trx
      .insertInto('orders')
      .values({
        file_number: fileNumber,
        client_id: parties.clientId,
        company_id: parties.companyId,
        lender_id: parties.lenderId,
        created_by: user.id,
        status,
        address_one: body.address.street_1.trim(),
        address_two: body.address.street_2?.trim() || null,
        city: body.address.city.trim(),
        state_id: state.id,
        county_id: county?.id ?? null,
        zip: body.address.zip,
        loan_type: body.loan_type,
        transaction_type: body.transaction_type,
        occupancy_type: body.occupancy_type ?? null,
        estate_held_type:
          body.estate_held_type === 'leasehold' ? 'lease_hold' : (body.estate_held_type ?? null),
        loan_number: body.loan_number?.trim() || null,
        loan_amount_cents: loanAmount?.toString() ?? null,
        contract_price_cents: contractPrice?.toString() ?? null,
        fha_case_number: body.fha_case_number?.trim() || null,
        green_certified: body.green_certified === true || body.green_certified === 'true',
        complex_property: body.complex_property ?? null,
        special_instructions: body.special_instructions ? sanitizeRichText(body.special_instructions) : null,
        payment_method: body.payment_method,
        property_type_id: body.property_type_id ?? null,
        total_fee_cents: totalFee.toString(),
        due_date: dueDate,
        original_due_date: dueDate,
        closing_date: closingDate ? body.closing_date!.slice(0, 10) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('order_products')
      .values(
        products.map((p, position) => ({
          order_id: order.id,
          product_id: p.id,
          fee_cents: p.fee_cents,
          position,
        })),
      )
      .execute();
    const b = body.borrower;
    const partyRows = [
      {
        role: 'borrower',
        first_name: b.first_name.trim(),
        last_name: b.last_name.trim(),
        name: `${b.first_name.trim()} ${b.last_name.trim()}`,
        emails: b.email ? [b.email.toLowerCase()] : [],
        phones: b.phone ? [b.phone] : [],
        poc: false,
        user_id: null,
      },
    ];
    if (b.co_first_name?.trim() || b.co_last_name?.trim()) {
      const first = b.co_first_name?.trim() || null;
      const last = b.co_last_name?.trim() || null;
      partyRows.push({
        role: 'co_borrower',
        first_name: first!,
        last_name: last!,
        name: [first, last].filter(Boolean).join(' '),
        emails: [],
        phones: [],
        poc: false,
        user_id: null,
      });
    }
    if (body.point_of_contact) {
      const name = body.point_of_contact.name.trim();
      const [first, ...rest] = name.split(/\s+/);
      partyRows.push({
        role: 'other',
        first_name: first!,
        last_name: rest.join(' '),
        name,
        emails: (body.point_of_contact.emails ?? []).map((e) => e.toLowerCase()),
        phones: body.point_of_contact.phone ? [body.point_of_contact.phone] : [],
        poc: true,
        user_id: null,
      });
    }
    for (const u of clientUsers) {
      partyRows.push({
        role: toPartyRole(u.title ?? '') ?? 'other',
        first_name: u.first_name,
        last_name: u.last_name,
        name: `${u.first_name} ${u.last_name}`,
        emails: [u.email],
        phones: [],
        poc: false,
        user_id: u.id as never,
      });
    }
    await trx
      .insertInto('order_parties')
      .values(partyRows.map((p) => ({ ...p, order_id: order.id })))
      .execute();
    await trx
      .insertInto('order_history')
      .values({
        order_id: order.id,
        action: 'create',
        from_status: null,
        to_status: status,
        user_id: user.id,
        key_owner_id: principal.keyOwner.id,
        details: JSON.stringify({ file_number: fileNumber }),
      })
      .execute();
    await emitEvent(
      trx,
      'order.created',
      { id: order.id, file_number: fileNumber, client_id: parties.clientId, company_id: parties.companyId },
      {
        status,
        client_id: parties.clientId,
        company_id: parties.companyId,
        due_date: dueDate.toISOString(),
        loan_type: body.loan_type,
        transaction_type: body.transaction_type,
        total_fee: centsToDecimal(totalFee),
      },
    );
    return order.id;
  });
  const detail = await getOrder(db, user, config, orderId);
  return {
    ...detail,
    // The create response carries the co-borrower names on the borrower and the contact list of
    // the point of contact under `email`, as integrators' existing clients read them.
    borrower: {
      ...detail.borrower,
      co_first_name: body.borrower.co_first_name ?? null,
      co_last_name: body.borrower.co_last_name ?? null,
    },
    point_of_contact: detail.point_of_contact
      ? { ...detail.point_of_contact, email: detail.point_of_contact.emails }
      : null,
  };
}

/** Changes the subject property's address (clients and staff, while the order is not closed). */
export async function updateSubjectAddress(
  db: Db,
  principal: Principal,
  config: Config,
  orderId: string,
  body: SubjectAddressBody,
): Promise<void> {
  const { user } = principal;
  if (!isUuid(orderId)) throw notFound('order');
  await db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .select(['id', 'status', 'state_id', 'zip', 'county_id', 'client_id', 'company_id'])
      .where('orders.id', '=', orderId)
      .where(orderVisibleTo(user))
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw notFound('order');
    const mayEdit =
      (user.role === 'client' && user.organizationId === order.client_id) ||
      (user.role === 'staff' && user.organizationId === order.company_id);
    if (!mayEdit)
      throw new AppError('forbidden', 'Only the client and the company change the subject address');
    if (['Cancelled', 'Fulfilled', 'Completed'].includes(order.status)) {
      throw new AppError('transition_not_allowed', `The address of a ${order.status} order cannot change`, [
        { field: 'status', message: `is ${order.status}` },
      ]);
    }
    const problems: FieldProblem[] = [];
    const state = body.state !== undefined ? findState(body.state) : findState(order.state_id);
    if (!state) problems.push({ field: 'state', message: 'is not a US state' });
    const zip = body.zip ?? order.zip;
    let countyId = order.county_id;
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
    if (problems.length > 0) throw new AppError('validation_failed', 'The address is not valid', problems);
    await trx
      .updateTable('orders')
      .set({
        ...(body.address_one !== undefined ? { address_one: body.address_one.trim() } : {}),
        ...(body.address_two !== undefined ? { address_two: body.address_two?.trim() || null } : {}),
        ...(body.city !== undefined ? { city: body.city.trim() } : {}),
        ...(latitude !== undefined ? { latitude } : {}),
        ...(longitude !== undefined ? { longitude } : {}),
        state_id: state!.id,
        zip,
        county_id: countyId,
        updated_at: new Date(),
      })
      .where('id', '=', order.id)
      .execute();
    await trx
      .insertInto('order_history')
      .values({
        order_id: order.id,
        action: 'update_subject_address',
        from_status: order.status,
        to_status: order.status,
        user_id: user.id,
        key_owner_id: principal.keyOwner.id,
        details: JSON.stringify(body),
      })
      .execute();
  });
}

export async function orderHistory(db: Db, user: AuthUser, orderId: string) {
  if (!isUuid(orderId)) throw notFound('order');
  const visible = await db
    .selectFrom('orders')
    .select('id')
    .where('orders.id', '=', orderId)
    .where(orderVisibleTo(user))
    .executeTakeFirst();
  if (!visible) throw notFound('order');
  const rows = await db
    .selectFrom('order_history as h')
    .leftJoin('users as u', 'u.id', 'h.user_id')
    .leftJoin('users as k', 'k.id', 'h.key_owner_id')
    .select([
      'h.id',
      'h.action',
      'h.from_status',
      'h.to_status',
      'h.reason',
      'h.details',
      'h.created_at',
      'u.id as user_id',
      'u.first_name as user_first',
      'u.last_name as user_last',
      'k.id as key_id',
      'k.first_name as key_first',
      'k.last_name as key_last',
    ])
    .where('h.order_id', '=', orderId)
    .orderBy('h.created_at')
    .orderBy('h.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    from: r.from_status,
    to: r.to_status,
    by: r.key_id ? { id: r.key_id, name: `${r.key_first} ${r.key_last}` } : null,
    acting_for:
      r.user_id && r.user_id !== r.key_id ? { id: r.user_id, name: `${r.user_first} ${r.user_last}` } : null,
    reason: r.reason,
    details: (r.details ?? {}) as Record<string, unknown>,
    created_at: r.created_at.toISOString(),
  }));
}

/** The company's appraiser panel, with each appraiser's open workload, for staff who assign. */
export async function listAppraisers(db: Db, user: AuthUser) {
  requireRole(user, ['staff', 'operator'], 'list appraisers');
  let query = db
    .selectFrom('users')
    .select((eb) => [
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.organization_id',
      eb
        .selectFrom('orders')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('orders.appraiser_id', '=', 'users.id')
        .where('orders.status', 'not in', ['Completed', 'Fulfilled', 'Cancelled'])
        .as('open_orders'),
    ])
    .where('users.role', '=', 'appraiser');
  if (user.role === 'staff') query = query.where('users.organization_id', '=', user.organizationId);
  const rows = await query.orderBy('users.last_name').orderBy('users.first_name').execute();
  return rows.map((r) => ({
    id: r.id,
    name: `${r.first_name} ${r.last_name}`,
    email: r.email,
    company_id: r.organization_id!,
    open_orders: Number(r.open_orders ?? 0),
  }));
}
