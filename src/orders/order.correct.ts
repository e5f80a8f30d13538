import type { Principal } from '../auth/principal.ts';
import type { Config } from '../config/config.ts';
import type { Db, Trx } from '../db/connection.ts';
import type { OrderPatch } from '../db/schema.ts';
import { AppError, type FieldProblem } from '../errors/app-error.ts';
import { DATE_INPUT_FORMATS, isBeforeToday, parseDateTime } from '../format/dates.ts';
import { sanitizeRichText } from '../format/html.ts';
import { centsToDecimal, decimalToCents } from '../format/money.ts';
import type { Audience } from '../policy/audience.ts';
import { CLIENT_SIDE_KEYS } from '../policy/terms.ts';
import { addressLockedFor, dueDateLocked, isClosedForCorrection, mayCorrect } from './order.correctable.ts';
import { accessContactColumns, DUE_DATE_IN_PAST, phoneOf, toAccessContact } from './order.fields.ts';
import { fullAddress, orderVersion } from './order.mapper.ts';
import { findBorrowerParty, insertOrderParty, updateOrderParty, type PartyRow } from './order.parties.ts';
import type { OrderCorrectionBody, OrderDetail } from './order.schemas.ts';
import { addressPatch, getOrder } from './order.service.ts';
import { changeOrder, findVisibleOrder, type OrderWith } from './order.store.ts';

/**
 * Correcting an order (PATCH /orders/{order_id}): the borrower, the loan number and amount, the
 * due date, the special instructions, the access contact and the subject address. The client's
 * users of the order and the company's staff correct it (the route refuses other roles); the
 * appraiser never does. Every field is checked before anything changes (422 naming each bad
 * one); the change, its history entry (each field before and after) and its order.updated
 * event are written together. With If-Match, a correction made on a stale read loses (409).
 */
const CORRECTED_COLUMNS = [
  'assigned_at',
  'due_date',
  'negotiation_due_date',
  'loan_number',
  'loan_amount_cents',
  'special_instructions',
  'access_contact_name',
  'access_contact_phone',
  'access_contact_email',
  'access_contact_note',
  'address_one',
  'address_two',
  'city',
  'state_id',
  'zip',
  'county_id',
  'latitude',
  'longitude',
] as const;
type CorrectedOrder = OrderWith<(typeof CORRECTED_COLUMNS)[number]>;

/** One corrected field, before and after, as the history and the event tell it. */
type Changes = Record<string, { from: unknown; to: unknown }>;

export async function correctOrder(
  db: Db,
  config: Config,
  principal: Principal,
  orderId: string,
  body: OrderCorrectionBody,
  ifMatch: string | undefined,
): Promise<OrderDetail> {
  const { user } = principal;
  if (!Object.keys(body).some((key) => key !== 'reason'))
    throw new AppError('validation_failed', 'Name at least one field to correct.', [
      { field: 'body', message: 'Name at least one field to correct.' },
    ]);
  await db.transaction().execute(async (trx) => {
    const order = await findVisibleOrder(trx, user, orderId, { columns: CORRECTED_COLUMNS, lock: true });
    if (!mayCorrect(user, order))
      throw new AppError('forbidden', "Only the order's client and company correct it");
    requireVersion(order, ifMatch);
    requireOpen(order, body, user.role);
    const problems: FieldProblem[] = [];
    const { patch, changes } = orderCorrections(order, body, config, problems);
    const borrower = await findBorrowerParty(trx, order.id);
    const borrowerPatch = borrowerCorrections(borrower, body.borrower, problems, changes);
    if (problems.length > 0)
      throw new AppError(
        'validation_failed',
        `The correction is not valid: ${[...new Set(problems.map((p) => p.field))].join(', ')}`,
        problems,
      );
    if (Object.keys(changes).length === 0) return;
    if (borrowerPatch) await writeBorrower(trx, order.id, borrower, borrowerPatch);
    const audience = correctionAudience(changes);
    await changeOrder(trx, order, patch, principal, [
      {
        action: 'correct_order',
        from: order.status,
        to: order.status,
        reason: body.reason?.trim() || null,
        details: { changes },
        audience,
        event: { type: 'order.updated', data: { changes, reason: body.reason?.trim() || null } },
      },
    ]);
  });
  return getOrder(db, principal, config, orderId);
}

/** If-Match names the version the caller read (the detail's `version`); another one means a change came between. */
function requireVersion(order: CorrectedOrder, ifMatch: string | undefined): void {
  if (ifMatch === undefined || ifMatch.trim() === '*') return;
  const asked = ifMatch.split(',').map((tag) => tag.trim().replace(/^W\//, '').replace(/^"|"$/g, ''));
  const current = orderVersion(order.updated_at);
  if (asked.includes(current)) return;
  throw new AppError(
    'conflict',
    'The order changed since you read it: read it again, then make your correction',
    [{ field: 'If-Match', message: `is not the order's version now (${current})` }],
  );
}

/**
 * A closed order is not corrected; a client's address correction waits for nobody but ends
 * when an appraiser accepts the order (the appraiser took it for that property: the company
 * coordinates a later move); a due date under negotiation is decided by the negotiation.
 */
function requireOpen(order: CorrectedOrder, body: OrderCorrectionBody, role: string): void {
  if (isClosedForCorrection(order))
    throw new AppError('transition_not_allowed', `A ${order.status} order cannot be corrected`, [
      { field: 'status', message: `is ${order.status}` },
    ]);
  if (body.address !== undefined && addressLockedFor(role, order))
    throw new AppError(
      'transition_not_allowed',
      'An appraiser has accepted this order: ask the company to correct its address',
      [
        {
          field: 'address',
          message: 'An appraiser has accepted this order: ask the company to correct its address.',
        },
      ],
    );
  if (body.due_date !== undefined && dueDateLocked(order))
    throw new AppError(
      'transition_not_allowed',
      'A new due date is being negotiated: approve or refuse it first',
      [{ field: 'due_date', message: 'A new due date is being negotiated: approve or refuse it first.' }],
    );
}

/** The order's columns to set, and each field that changes, before and after. */
function orderCorrections(
  order: CorrectedOrder,
  body: OrderCorrectionBody,
  config: Config,
  problems: FieldProblem[],
): { patch: OrderPatch; changes: Changes } {
  const patch: OrderPatch = {};
  const changes: Changes = {};
  const change = (field: string, from: unknown, to: unknown) => {
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  };
  if (body.due_date !== undefined) {
    const due = parseDateTime(body.due_date, config.timeZone);
    if (!due) problems.push({ field: 'due_date', message: `Enter a date: ${DATE_INPUT_FORMATS}.` });
    else if (isBeforeToday(due, config.timeZone))
      problems.push({ field: 'due_date', message: DUE_DATE_IN_PAST });
    else if (due.getTime() !== order.due_date.getTime()) {
      patch.due_date = due;
      change('due_date', order.due_date.toISOString(), due.toISOString());
    }
  }
  if (body.loan_number !== undefined) {
    const loanNumber = body.loan_number?.trim() || null;
    patch.loan_number = loanNumber;
    change('loan_number', order.loan_number, loanNumber);
  }
  if (body.loan_amount !== undefined) {
    const cents = body.loan_amount ? decimalToCents(body.loan_amount) : null;
    patch.loan_amount_cents = cents === null ? null : cents.toString();
    change('loan_amount', centsToDecimal(order.loan_amount_cents), centsToDecimal(cents));
  }
  if (body.special_instructions !== undefined) {
    const html = body.special_instructions?.trim() ? sanitizeRichText(body.special_instructions) : null;
    patch.special_instructions = html;
    change('special_instructions', order.special_instructions, html);
  }
  if (body.access_contact !== undefined) {
    const columns = accessContactColumns(body.access_contact, 'access_contact', problems);
    if (columns) {
      Object.assign(patch, columns);
      change('access_contact', toAccessContact(order), toAccessContact(columns));
    }
  }
  if (body.address !== undefined) {
    try {
      const address = addressPatch(order, body.address);
      Object.assign(patch, address);
      change('address', fullAddress(order), fullAddress({ ...order, ...address } as typeof order));
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'validation_failed') throw error;
      problems.push(...error.details.map((p) => ({ field: `address.${p.field}`, message: p.message })));
    }
  }
  return { patch, changes };
}

type BorrowerPatch = Pick<PartyRow, 'first_name' | 'last_name' | 'emails' | 'phones'>;

/** The borrower party's corrected fields (null when the borrower is not corrected). */
function borrowerCorrections(
  current: PartyRow | null,
  input: OrderCorrectionBody['borrower'],
  problems: FieldProblem[],
  changes: Changes,
): BorrowerPatch | null {
  if (input === undefined) return null;
  const phone = input.phone === undefined ? undefined : phoneOf(input.phone, 'borrower.phone', problems);
  const before = {
    first_name: current?.first_name ?? null,
    last_name: current?.last_name ?? null,
    email: current?.emails[0] ?? null,
    phone: current?.phones[0] ?? null,
  };
  const after = {
    first_name: input.first_name?.trim() ?? before.first_name,
    last_name: input.last_name?.trim() ?? before.last_name,
    email: input.email === undefined ? before.email : input.email?.trim().toLowerCase() || null,
    phone: phone === undefined ? before.phone : phone,
  };
  if (!current && (!after.first_name || !after.last_name))
    problems.push({ field: 'borrower', message: "Enter the borrower's first and last names." });
  for (const key of Object.keys(after) as (keyof typeof after)[]) {
    if (before[key] !== after[key]) changes[`borrower.${key}`] = { from: before[key], to: after[key] };
  }
  return {
    first_name: after.first_name,
    last_name: after.last_name,
    // The first email and phone are the borrower's; any others stay behind them.
    emails: replaceFirst(current?.emails ?? [], after.email),
    phones: replaceFirst(current?.phones ?? [], after.phone),
  };
}

const replaceFirst = (values: string[], first: string | null): string[] =>
  first === null ? values.slice(1) : [first, ...values.slice(1)];

async function writeBorrower(
  trx: Trx,
  orderId: string,
  current: PartyRow | null,
  patch: BorrowerPatch,
): Promise<void> {
  const name = [patch.first_name, patch.last_name].filter(Boolean).join(' ');
  if (current) {
    await updateOrderParty(trx, current.id, { ...patch, name });
    return;
  }
  await insertOrderParty(trx, orderId, {
    ...patch,
    name,
    role: 'borrower',
    role_key: 'borrower',
    poc: false,
    user_id: null,
  });
}

/**
 * Who besides the company reads the correction: everyone, each side without the fields it may
 * not see (policy/terms.ts takes them out of the details and the event); the lender alone when
 * every field corrected is of its side (the loan amount), so that the appraiser does not even
 * learn that something they may not see changed.
 */
function correctionAudience(changes: Changes): Audience {
  return Object.keys(changes).every((field) => CLIENT_SIDE_KEYS.includes(field)) ? 'client' : 'everyone';
}
