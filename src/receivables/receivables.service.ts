import type { AuthUser } from '../auth/principal.ts';
import { BusinessCalendar, localClock } from '../calendar/business-calendar.ts';
import { findCompanyCalendar } from '../calendar/calendar-settings.repository.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/connection.ts';
import { isUuid } from '../db/ids.ts';
import { AppError, notFound } from '../errors/app-error.ts';
import { centsToDecimal } from '../format/money.ts';
import { creditNoteNumber, invoiceNumber } from '../ledger/document-numbers.ts';
import { companyInReach } from '../organizations/company-reach.ts';
import { orderVisibleTo } from '../policy/order-access.ts';
import {
  agingSums,
  findInvoice,
  ledgerEntries,
  listInvoices,
  type InvoiceRow,
} from './receivables.repository.ts';
import type {
  AgingBucket,
  AgingView,
  InvoiceDetailView,
  InvoiceListInput,
  InvoiceListView,
  InvoiceView,
} from './receivables.schemas.ts';

/**
 * Reading what lenders owe (docs/money.md, "Receivables"): the invoices a user may see (the
 * company's staff theirs, a lender's people the invoices of the orders they see, operators all;
 * appraisers none: the lender's fee is not theirs to see), an invoice's ledger, and the aging.
 */
const DAY_MS = 86_400_000;
const money = (cents: bigint | string) => centsToDecimal(cents)!;
export const dayNumber = (day: string) =>
  Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10)) / DAY_MS;

/** Today in each company's zone, read once per answer. */
export function companyToday(db: Db, config: Config, now = new Date()) {
  const days = new Map<string, Promise<string>>();
  return (companyId: string): Promise<string> => {
    let day = days.get(companyId);
    if (!day) {
      day = findCompanyCalendar(db, companyId, config.timeZone).then((c) => localClock(now, c.time_zone).day);
      days.set(companyId, day);
    }
    return day;
  };
}

export function agingBucket(daysPastDue: number): AgingBucket {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue <= 30) return 'days_1_30';
  if (daysPastDue <= 60) return 'days_31_60';
  if (daysPastDue <= 90) return 'days_61_90';
  return 'days_over_90';
}

export function toInvoice(row: InvoiceRow, today: string): InvoiceView {
  const total = BigInt(row.total_fee_cents);
  const paid = BigInt(row.paid_cents);
  const credited = BigInt(row.credited_cents);
  const balance = total - paid - credited;
  const late = Math.max(0, dayNumber(today) - dayNumber(row.due_on));
  return {
    id: row.id,
    number: invoiceNumber(row.number),
    order_id: row.order_id,
    file_number: row.file_number,
    client: { id: row.client_id, name: row.client_name },
    issued_at: row.issued_at.toISOString(),
    issued_on: row.issued_on,
    due_on: row.due_on,
    total: money(total),
    paid: money(paid),
    credited: money(credited),
    balance: money(balance),
    state: balance > 0n ? 'open' : 'paid',
    days_past_due: balance > 0n ? late : 0,
    aging: balance > 0n ? agingBucket(late) : null,
  };
}

export async function listInvoicesFor(
  db: Db,
  user: AuthUser,
  query: InvoiceListInput,
  config: Config,
): Promise<InvoiceListView> {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 25;
  const companyId = query.company_id && user.role === 'operator' ? query.company_id : undefined;
  const clientId = user.role === 'client' ? undefined : query.client_id;
  const { rows, total } = await listInvoices(
    db,
    { visible: orderVisibleTo(user), clientId, companyId, state: query.state ?? 'all' },
    { page, perPage },
  );
  const today = companyToday(db, config);
  return {
    invoices: await Promise.all(rows.map(async (row) => toInvoice(row, await today(row.company_id)))),
    page,
    per_page: perPage,
    total_count: total,
  };
}

export async function findVisibleInvoice(db: Db, user: AuthUser, invoiceId: string): Promise<InvoiceRow> {
  const row = isUuid(invoiceId) ? await findInvoice(db, invoiceId, orderVisibleTo(user)) : undefined;
  if (!row) throw notFound('invoice');
  return row;
}

export async function getInvoice(
  db: Db,
  user: AuthUser,
  invoiceId: string,
  config: Config,
): Promise<InvoiceDetailView> {
  const row = await findVisibleInvoice(db, user, invoiceId);
  const entries = await ledgerEntries(db, row.id);
  // The lender's people see who at the company recorded an entry as the company.
  const companySide = user.role !== 'client';
  return {
    invoice: toInvoice(row, await companyToday(db, config)(row.company_id)),
    entries: entries.map((entry) => ({
      id: entry.id,
      kind: entry.kind,
      amount: money(entry.amount_cents),
      at: entry.created_at.toISOString(),
      credit_note_number: entry.credit_note_number ? creditNoteNumber(entry.credit_note_number) : null,
      reason: entry.reason,
      payment: entry.payment_id
        ? {
            id: entry.payment_id,
            method: entry.payment_method!,
            reference: entry.provider_reference,
            receipt_id: entry.receipt_id,
          }
        : null,
      recorded_by:
        companySide && entry.recorder_id ? { id: entry.recorder_id, name: entry.recorder_name ?? '' } : null,
    })),
  };
}

export async function agingOf(
  db: Db,
  user: AuthUser,
  companyIdParam: string,
  asOfParam: string | undefined,
  config: Config,
): Promise<AgingView> {
  const companyId = await companyInReach(db, user, companyIdParam);
  const calendar = await findCompanyCalendar(db, companyId, config.timeZone);
  const asOf = asOfParam ?? localClock(new Date(), calendar.time_zone).day;
  if (Number.isNaN(dayNumber(asOf)))
    throw new AppError('validation_failed', 'as_of is not a day', [
      { field: 'as_of', message: 'must be a day, YYYY-MM-DD' },
    ]);
  // The end of that day in the company's zone: the ledger's entries up to it count.
  const next = new Date((dayNumber(asOf) + 1) * DAY_MS).toISOString().slice(0, 10);
  const endOfDay = new BusinessCalendar(calendar).at(next, '00:00');
  const rows = await agingSums(db, companyId, asOf, endOfDay);
  const sum = (key: keyof (typeof rows)[number]) => money(rows.reduce((s, r) => s + BigInt(r[key]), 0n));
  return {
    company_id: companyId,
    as_of: asOf,
    clients: rows.map((row) => ({
      client: { id: row.client_id, name: row.client_name },
      current: money(row.current),
      days_1_30: money(row.days_1_30),
      days_31_60: money(row.days_31_60),
      days_61_90: money(row.days_61_90),
      days_over_90: money(row.days_over_90),
      total: money(row.total),
      open_invoices: Number(row.open_invoices),
    })),
    totals: {
      current: sum('current'),
      days_1_30: sum('days_1_30'),
      days_31_60: sum('days_31_60'),
      days_61_90: sum('days_61_90'),
      days_over_90: sum('days_over_90'),
      total: sum('total'),
      open_invoices: rows.reduce((s, r) => s + Number(r.open_invoices), 0),
    },
  };
}
