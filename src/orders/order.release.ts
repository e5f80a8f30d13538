import { sql } from 'kysely';
import type { Db, Trx } from '../db/connection.ts';
import type { EventOrder } from '../events/emit.ts';
import type { Status } from '../workflow/statuses.ts';
import { recordOrderChange } from './order.store.ts';

/**
 * The company's release of the report to the lender. A report's files (one submission of it)
 * reach the lender only once the company has checked them: when it completes the order or sends
 * it to the client's review, and, where it asks the client to pay first (its setting
 * report_release_after_payment), once the order is paid. A submission sent back before it was
 * released stays between the company and the appraiser; one released stays the lender's.
 */
const RELEASING: readonly Status[] = ['Client quality assurance', 'Completed', 'Fulfilled'];

/** The number of the order's next report submission: 1 for the first. */
export async function nextSubmissionNo(db: Db, orderId: string): Promise<number> {
  const row = await db
    .selectFrom('order_files')
    .select(sql<number>`coalesce(max(submission_no), 0) + 1`.as('next'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return Number(row.next);
}

/**
 * Releases the order's latest submission when the order is where a report is released and the
 * company's condition of payment holds; records the release in the history and announces it
 * (order.report_released). Called after every change that may release: an action (its new
 * status), a payment. Does nothing otherwise, or when the submission is out already.
 */
export async function releaseReport(trx: Trx, order: EventOrder & { status: Status }): Promise<void> {
  if (!RELEASING.includes(order.status)) return;
  const { rows } = await sql<{ id: string; filename: string; submission_no: number; file_type: string }>`
    UPDATE order_files f SET released_at = now()
      FROM orders o
      LEFT JOIN company_clients cc ON cc.company_id = o.company_id AND cc.client_id = o.client_id
     WHERE o.id = ${order.id} AND f.order_id = o.id AND f.released_at IS NULL
       AND f.submission_no = (SELECT max(submission_no) FROM order_files WHERE order_id = ${order.id})
       AND (NOT coalesce(cc.report_release_after_payment, false) OR o.paid_cents + o.credited_cents >= o.total_fee_cents)
    RETURNING f.id, f.filename, f.submission_no,
              (SELECT slug FROM file_types t WHERE t.id = f.file_type_id) AS file_type`.execute(trx);
  if (rows.length === 0) return;
  const submission = rows[0]!.submission_no;
  const files = rows.map((row) => ({ file_id: row.id, file_type: row.file_type, filename: row.filename }));
  await recordOrderChange(trx, order, null, [
    {
      action: 'release_report',
      from: order.status,
      to: order.status,
      details: { submission, files },
      event: { type: 'order.report_released', data: { submission, files } },
    },
  ]);
}
