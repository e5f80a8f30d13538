import type { AuthUser, Principal } from '../auth/principal.ts';
import { localClock } from '../calendar/business-calendar.ts';
import { findCompanyCalendar } from '../calendar/calendar-settings.repository.ts';
import { borrowerCopyDue } from '../calendar/reg-b.ts';
import type { Db } from '../db/connection.ts';
import { AppError } from '../errors/app-error.ts';
import type { BorrowerCopyInput, BorrowerCopyView } from './borrower-copy.schemas.ts';
import { changeOrder, findVisibleOrder } from './order.store.ts';

/**
 * The borrower's copy of the appraisal (docs/turn-times.md, "The borrower's copy"): when it is due
 * by Regulation B, and its record once the lender (or the company for it) has given it. The
 * lender's people and the company's staff read and record it; the appraiser has no part in it.
 */
const COLUMNS = [
  'completed_at',
  'closing_date',
  'borrower_copy_sent_at',
  'borrower_copy_method',
  'borrower_copy_recorded_by',
] as const;

function refuseAppraisers(user: AuthUser): void {
  if (user.role === 'appraiser')
    throw new AppError(
      'forbidden',
      "The borrower's copy is the lender's to give: appraisers do not record it",
    );
}

async function viewOf(
  db: Db,
  order: { id: string; company_id: string; status: string } & Record<(typeof COLUMNS)[number], unknown>,
  timeZone: string,
  now: Date,
): Promise<BorrowerCopyView> {
  const settings = await findCompanyCalendar(db, order.company_id, timeZone);
  const deliveredAt = (order.completed_at as Date | null) ?? null;
  const closingDate = (order.closing_date as string | null) ?? null;
  const due = borrowerCopyDue(settings, { deliveredAt, closingDate });
  const sentAt = order.borrower_copy_sent_at as Date | null;
  const recordedBy = order.borrower_copy_recorded_by as string | null;
  const recorder = recordedBy
    ? await db
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name'])
        .where('id', '=', recordedBy)
        .executeTakeFirst()
    : undefined;
  const today = localClock(now, settings.time_zone).day;
  return {
    order_id: order.id,
    state: sentAt ? 'sent' : due === null ? 'unknown' : today > due.due_on ? 'overdue' : 'due',
    due_on: due?.due_on ?? null,
    basis: due?.basis ?? null,
    delivered_at: deliveredAt?.toISOString() ?? null,
    closing_date: closingDate,
    sent_at: sentAt?.toISOString() ?? null,
    method: (order.borrower_copy_method as BorrowerCopyView['method']) ?? null,
    recorded_by: recorder ? { id: recorder.id, name: `${recorder.first_name} ${recorder.last_name}` } : null,
  };
}

export async function getBorrowerCopy(
  db: Db,
  user: AuthUser,
  orderId: string,
  timeZone: string,
): Promise<BorrowerCopyView> {
  refuseAppraisers(user);
  const order = await findVisibleOrder(db, user, orderId, { columns: [...COLUMNS, 'status'] });
  return viewOf(db, order, timeZone, new Date());
}

/** Records the copy as given: once the report is delivered, at a moment between the delivery and now. */
export async function recordBorrowerCopy(
  db: Db,
  principal: Principal,
  orderId: string,
  input: BorrowerCopyInput,
  timeZone: string,
): Promise<BorrowerCopyView> {
  refuseAppraisers(principal.user);
  const now = new Date();
  return db.transaction().execute(async (trx) => {
    const order = await findVisibleOrder(trx, principal.user, orderId, {
      columns: [...COLUMNS, 'status', 'file_number', 'client_id', 'appraiser_id'],
      lock: true,
    });
    if (order.completed_at === null)
      throw new AppError(
        'conflict',
        "The report is not delivered yet: the borrower's copy is given after it",
        [{ field: 'order', message: `is ${order.status}, not delivered` }],
      );
    const sentAt = input.sent_at === undefined ? now : new Date(input.sent_at);
    if (Number.isNaN(sentAt.getTime()) || sentAt > now || sentAt < order.completed_at)
      throw new AppError('validation_failed', 'sent_at must be between the delivery and now', [
        {
          field: 'sent_at',
          message: `must be between ${order.completed_at.toISOString()} (the delivery) and now`,
        },
      ]);
    await changeOrder(
      trx,
      order,
      {
        borrower_copy_sent_at: sentAt,
        borrower_copy_method: input.method,
        borrower_copy_recorded_by: principal.user.id,
        borrower_copy_remind_at: null,
      },
      principal,
      [
        {
          action: 'borrower_copy_sent',
          from: order.status,
          to: order.status,
          details: { sent_at: sentAt.toISOString(), method: input.method },
          audience: 'client',
        },
      ],
    );
    return viewOf(
      trx,
      {
        ...order,
        borrower_copy_sent_at: sentAt,
        borrower_copy_method: input.method,
        borrower_copy_recorded_by: principal.user.id,
      },
      timeZone,
      now,
    );
  });
}
