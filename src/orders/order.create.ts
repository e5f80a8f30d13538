import { findCompanyCalendar } from '../calendar/calendar-settings.repository.ts';
import { placedDueDate } from '../calendar/due-dates.ts';
import { randomUUID } from 'node:crypto';
import type { AuthUser, Principal } from '../auth/principal.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/connection.ts';
import { isUuid } from '../db/ids.ts';
import { AppError, type FieldProblem } from '../errors/app-error.ts';
import { DATE_INPUT_FORMATS, isBeforeToday, parseDateTime, toIsoLocal } from '../format/dates.ts';
import { sanitizeRichText } from '../format/html.ts';
import { centsToDecimal, decimalToCents } from '../format/money.ts';
import { countyForAddress, findState } from '../reference/geography.ts';
import { partyRoleKey, type NewOrderParty } from './order.parties.ts';
import { accessContactColumns, DUE_DATE_IN_PAST, phoneOf } from './order.fields.ts';
import { toOrderDetail } from './order.mapper.ts';
import { createLookups, type CreateLookups, type OrderDetailRow } from './order.repository.ts';
import type { CreateOrderBody, OrderDetail } from './order.schemas.ts';
import type { Status } from '../workflow/statuses.ts';
import { waitsForPayment } from '../workflow/transitions.ts';
import { insertOrder, type NewOrder } from './order.store.ts';
import { priceProducts } from './order.pricing.ts';

/**
 * Places an order (clients and staff). Every id is checked against the client's configuration
 * in one statement; every failing field is named at once; nothing is stored unless all is well.
 * The order and the records of its creation are written in one statement (order.store.ts),
 * and the order is answered from what was written.
 */
export async function createOrder(
  deps: { db: Db; config: Config },
  principal: Principal,
  body: CreateOrderBody,
): Promise<OrderDetail> {
  const { db, config } = deps;
  const { user } = principal;
  const problems: FieldProblem[] = [];
  const request = clientRequest(user, body, problems);
  const lookups = request ? await lookUp(db, user, request, body) : null;
  const clientId = lookups?.clientId ?? null;
  if (request && !clientId)
    problems.push({
      field: 'requested_by.client_id',
      message: 'is required: the client the order is for (your company serves several)',
    });
  const ownership = lookups && clientId ? resolveOwnership(user, body, clientId, lookups, problems) : null;
  const address = resolveAddress(body.address, problems);
  const fields = readFields(body, config, problems);
  const phones = readPhones(body, problems);
  const named =
    ownership && lookups
      ? checkNamedIds(body, clientUserIds(user, body), ownership.company_id, lookups, problems)
      : null;
  if (problems.length > 0 || !lookups || !ownership || !address || !fields || !named || !phones) {
    throw new AppError(
      'validation_failed',
      `The order is not valid: ${problems.map((p) => p.field).join(', ')}`,
      problems,
    );
  }

  // A due date on a day the company is closed is kept, moved or refused, as its calendar says.
  const calendar = await findCompanyCalendar(db, ownership.company_id, config.timeZone);
  const dueDate = placedDueDate(calendar, fields.due_date);
  if (dueDate !== fields.due_date) Object.assign(fields, { due_date: dueDate, original_due_date: dueDate });

  const products = await priceProducts(db, named.products, {
    clientId: ownership.client_id,
    stateId: address.state_id,
    countyId: address.county_id,
    dueDate: fields.due_date,
    complex: body.complex_property === true,
    now: new Date(),
  });
  const totalFee = products.reduce((sum, p) => sum + BigInt(p.fee_cents), 0n);
  const paysFirst = waitsForPayment(
    { payment_method: body.payment_method, total_fee_cents: totalFee, paid_cents: 0n, credited_cents: 0n },
    lookups.paysFirstCompanies.includes(ownership.company_id),
  );
  const status: Status = body.draft ? 'Draft' : paysFirst ? 'Waiting payment' : 'Unassigned';
  const order: NewOrder & { id: string } = {
    // Known before the insert, so that the events and history written by the same statement name it.
    id: randomUUID(),
    ...ownership,
    ...address,
    ...fields,
    ...phones.access,
    created_by: user.id,
    status,
    payment_method: body.payment_method,
    // null and an empty form field both arrive as '': no property type.
    property_type_id: body.property_type_id || null,
    branch_id: lookups.branch?.id ?? null,
    total_fee_cents: totalFee.toString(),
  };
  const written = await insertOrder(
    db,
    config.fileNumberPrefix,
    order,
    products.map((p, position) => ({ product_id: p.id, fee_cents: p.fee_cents, position })),
    newParties(body, phones, named.users),
    principal,
    [
      {
        action: 'create',
        from: null,
        to: body.draft ? 'Draft' : 'Unassigned',
        recordFileNumber: true,
        event: {
          type: 'order.created',
          data: {
            status,
            client_id: ownership.client_id,
            company_id: ownership.company_id,
            due_date: fields.due_date.toISOString(),
            loan_type: body.loan_type,
            transaction_type: body.transaction_type,
            total_fee: centsToDecimal(totalFee),
          },
        },
      },
      ...(status === 'Waiting payment'
        ? [{ action: 'payment_required', from: 'Unassigned' as const, to: status }]
        : []),
    ],
  );
  return createResponse(
    toOrderDetail(detailAsWritten(written, lookups, products), principal, config.timeZone),
    body,
  );
}

/**
 * The new order's detail as a read after the commit would assemble it (order.repository.ts,
 * findOrderDetail), made from the row and parties as the insert returned them and the names the
 * lookups read with the ids: no read after the commit. A new order has no appraiser and no
 * open terms yet, and its creator (client or staff, the only roles that create) may see it.
 */
function detailAsWritten(
  written: Awaited<ReturnType<typeof insertOrder>>,
  lookups: CreateLookups,
  products: CreateLookups['products'],
): OrderDetailRow {
  const { parties, ...row } = written;
  return {
    ...row,
    client_name: lookups.clientName!,
    company_name: lookups.companies.find((c) => c.id === row.company_id)!.name,
    lender_name: row.lender_id === row.client_id ? lookups.clientName : lookups.lenderName,
    branch_name: lookups.branch?.name ?? null,
    appraiser_name: null,
    condition_proposer_name: null,
    negotiation_proposer_name: null,
    property_type: row.property_type_id ? lookups.propertyType : null,
    products: products.map((p) => ({ id: p.id, name: p.name })),
    parties,
    latest_submission: null,
    released_submission: null,
    release_after_payment: false,
    messages_through_company: lookups.messagesThroughCompany.includes(row.company_id),
  };
}

/**
 * The client the order is for: a client user's own; for staff, the one named in
 * requested_by.client_id, which may be left out when their company serves a single client
 * (`servedBy`: the lookups then find that client, or none when the company serves several).
 */
function clientRequest(
  user: AuthUser,
  body: CreateOrderBody,
  problems: FieldProblem[],
): { clientId: string | null; servedBy: string | null } | null {
  const requested = body.requested_by?.client_id ?? null;
  if (user.role === 'client') {
    if (requested && requested !== user.organizationId)
      problems.push({ field: 'requested_by.client_id', message: 'must be your own client' });
    return { clientId: user.organizationId, servedBy: null };
  }
  if (!requested) return { clientId: null, servedBy: user.organizationId };
  if (!isUuid(requested)) {
    problems.push({ field: 'requested_by.client_id', message: 'is not a client your company serves' });
    return null;
  }
  return { clientId: requested, servedBy: null };
}

/** The client users the order names: those given, or the calling client user. */
function clientUserIds(user: AuthUser, body: CreateOrderBody): string[] {
  return body.client_user_ids ?? (user.role === 'client' ? [user.id] : []);
}

function lookUp(
  db: Db,
  user: AuthUser,
  request: { clientId: string | null; servedBy: string | null },
  body: CreateOrderBody,
): Promise<CreateLookups> {
  const lender = body.requested_by?.lender_id;
  return createLookups(db, {
    ...request,
    lenderId: lender && isUuid(lender) ? lender : null,
    productIds: body.product_ids.filter(isUuid),
    userIds: clientUserIds(user, body).filter(isUuid),
    paymentMethod: body.payment_method,
    propertyTypeId: body.property_type_id && isUuid(body.property_type_id) ? body.property_type_id : null,
    branchId: branchIdOf(user, body),
  });
}

/** The branch the order is for: the one named, else the calling client user's own. */
function branchIdOf(user: AuthUser, body: CreateOrderBody): string | null {
  const named = body.branch_id ?? null;
  if (named !== null) return isUuid(named) ? named : null;
  return user.role === 'client' ? user.branchId : null;
}

/** Which company the order goes to and for which lender: ids the caller may name, checked. */
function resolveOwnership(
  user: AuthUser,
  body: CreateOrderBody,
  clientId: string,
  lookups: CreateLookups,
  problems: FieldProblem[],
): { client_id: string; company_id: string; lender_id: string } | null {
  const companies = lookups.companies.map((company) => company.id);
  const ownCompany = user.role === 'staff' ? user.organizationId : null;
  if (ownCompany && !companies.includes(ownCompany)) {
    problems.push({ field: 'requested_by.client_id', message: 'is not a client your company serves' });
    return null;
  }
  let companyId = ownCompany;
  if (body.company_id) {
    if (!companies.includes(body.company_id) || (ownCompany && body.company_id !== ownCompany)) {
      problems.push({
        field: 'company_id',
        message: 'is not a company serving the client' + (ownCompany ? ' that you belong to' : ''),
      });
    } else companyId = body.company_id;
  } else if (!companyId) {
    if (companies.length === 1) companyId = companies[0]!;
    else
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
    if (!companyId || !lookups.lenderCompanies.includes(companyId))
      problems.push({ field: 'requested_by.lender_id', message: 'is not a lender served by the company' });
    else lenderId = requestedLender;
  }
  return companyId ? { client_id: clientId, company_id: companyId, lender_id: lenderId } : null;
}

function resolveAddress(address: CreateOrderBody['address'], problems: FieldProblem[]) {
  const state = findState(address.state);
  if (!state) problems.push({ field: 'address.state', message: 'is not a US state' });
  const countyName = address.county?.trim() || null;
  const county = state ? countyForAddress(state.id, address.zip, countyName) : null;
  if (state && countyName && !county)
    problems.push({ field: 'address.county', message: `is not a county of ${state.name}` });
  if (!state) return null;
  return {
    address_one: address.street_1.trim(),
    address_two: address.street_2?.trim() || null,
    city: address.city.trim(),
    state_id: state.id,
    county_id: county?.id ?? null,
    zip: address.zip,
  };
}

/** The order's own fields, read from their input forms (dates in the zone, money in cents). */
function readFields(body: CreateOrderBody, config: Config, problems: FieldProblem[]) {
  const dueDate = parseDateTime(body.due_date, config.timeZone);
  if (!dueDate) problems.push({ field: 'due_date', message: `must be a date-time: ${DATE_INPUT_FORMATS}` });
  else if (isBeforeToday(dueDate, config.timeZone))
    problems.push({ field: 'due_date', message: DUE_DATE_IN_PAST });
  const closingDay = body.closing_date ? toIsoLocal(body.closing_date.trim()) : null;
  const closingDate =
    closingDay && /^\d{4}-\d{2}-\d{2}$/.test(closingDay) ? parseDateTime(closingDay, 'UTC') : null;
  if (body.closing_date && !closingDate)
    problems.push({ field: 'closing_date', message: 'must be a date: YYYY-MM-DD or MM/DD/YYYY' });
  if (!dueDate) return null;
  return {
    due_date: dueDate,
    original_due_date: dueDate,
    closing_date: closingDate ? closingDay : null,
    loan_type: body.loan_type,
    transaction_type: body.transaction_type,
    occupancy_type: body.occupancy_type ?? null,
    estate_held_type: body.estate_held_type === 'leasehold' ? 'lease_hold' : (body.estate_held_type ?? null),
    loan_number: body.loan_number?.trim() || null,
    loan_amount_cents: body.loan_amount ? (decimalToCents(body.loan_amount)?.toString() ?? null) : null,
    contract_price_cents:
      body.contract_price === undefined || body.contract_price === null
        ? null
        : (decimalToCents(body.contract_price.toFixed(2))?.toString() ?? null),
    fha_case_number: body.fha_case_number?.trim() || null,
    green_certified: body.green_certified === true || body.green_certified === 'true',
    complex_property: body.complex_property ?? null,
    special_instructions: body.special_instructions ? sanitizeRichText(body.special_instructions) : null,
  } satisfies Partial<NewOrder>;
}

/**
 * The phone numbers of the new order's people, each a possible NANP number (written
 * 512-555-0102), and its access contact's columns; null when one is not (named in `problems`).
 */
function readPhones(body: CreateOrderBody, problems: FieldProblem[]) {
  const borrower = phoneOf(body.borrower.phone, 'borrower.phone', problems);
  const contact = phoneOf(body.point_of_contact?.phone, 'point_of_contact.phone', problems);
  const access = body.access_contact
    ? accessContactColumns(body.access_contact, 'access_contact', problems)
    : {};
  if (borrower === undefined || contact === undefined || access === null) return null;
  return { borrower, contact, access };
}

/** The products, client users, payment method and property type, each as the configuration has it. */
function checkNamedIds(
  body: CreateOrderBody,
  userIds: string[],
  companyId: string,
  lookups: CreateLookups,
  problems: FieldProblem[],
) {
  const offered = lookups.products.filter((p) => p.company_id === companyId);
  body.product_ids.forEach((id, i) => {
    if (!offered.some((p) => p.id === id))
      problems.push({ field: `product_ids[${i}]`, message: 'is not a product in the client configuration' });
  });
  if (new Set(body.product_ids).size !== body.product_ids.length)
    problems.push({ field: 'product_ids', message: 'must not repeat a product' });
  userIds.forEach((id, i) => {
    if (!lookups.users.some((u) => u.id === id))
      problems.push({ field: `client_user_ids[${i}]`, message: 'is not a user in the client configuration' });
  });
  if (!lookups.methodCompanies.includes(companyId))
    problems.push({ field: 'payment_method', message: "is not one of the company's payment methods" });
  if (body.property_type_id && !lookups.propertyType)
    problems.push({ field: 'property_type_id', message: 'is not a property type' });
  if (body.branch_id && !lookups.branch)
    problems.push({ field: 'branch_id', message: 'is not a branch of the client' });
  return {
    products: body.product_ids.map((id) => offered.find((p) => p.id === id)).filter((p) => p !== undefined),
    users: [...new Set(userIds)]
      .map((id) => lookups.users.find((u) => u.id === id))
      .filter((u) => u !== undefined),
  };
}

/** The borrower, co-borrower, point of contact and the named client users, as the order's parties. */
function newParties(
  body: CreateOrderBody,
  phones: { borrower: string | null; contact: string | null },
  clientUsers: CreateLookups['users'],
): NewOrderParty[] {
  const b = body.borrower;
  const parties: NewOrderParty[] = [
    {
      role: 'borrower',
      role_key: 'borrower',
      first_name: b.first_name.trim(),
      last_name: b.last_name.trim(),
      name: `${b.first_name.trim()} ${b.last_name.trim()}`,
      emails: b.email ? [b.email.toLowerCase()] : [],
      phones: phones.borrower ? [phones.borrower] : [],
      poc: false,
      user_id: null,
    },
  ];
  const coFirst = b.co_first_name?.trim() || null;
  const coLast = b.co_last_name?.trim() || null;
  if (coFirst || coLast) {
    parties.push({
      role: 'co_borrower',
      role_key: 'co_borrower',
      first_name: coFirst,
      last_name: coLast,
      name: [coFirst, coLast].filter(Boolean).join(' '),
      emails: [],
      phones: [],
      poc: false,
      user_id: null,
    });
  }
  if (body.point_of_contact) {
    const name = body.point_of_contact.name.trim();
    const [first, ...rest] = name.split(/\s+/);
    parties.push({
      role: 'other',
      role_key: 'other',
      first_name: first!,
      last_name: rest.join(' '),
      name,
      emails: (body.point_of_contact.emails ?? []).map((e) => e.toLowerCase()),
      phones: phones.contact ? [phones.contact] : [],
      poc: true,
      user_id: null,
    });
  }
  for (const u of clientUsers) {
    parties.push({
      role: u.title?.trim() || 'other',
      role_key: partyRoleKey(u.title ?? '') ?? 'other',
      first_name: u.first_name,
      last_name: u.last_name,
      name: `${u.first_name} ${u.last_name}`,
      emails: [u.email],
      phones: [],
      poc: false,
      user_id: u.id,
    });
  }
  return parties;
}

/**
 * The create response carries the co-borrower names on the borrower and the contact list of
 * the point of contact under `email`, as integrators' existing clients read them.
 */
function createResponse(detail: OrderDetail, body: CreateOrderBody): OrderDetail {
  return {
    ...detail,
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
