import { sql } from 'kysely';
import type { Db, Trx } from '../db/connection.ts';
import type { FieldProblem } from '../errors/app-error.ts';
import type {
  DeficiencyCategory,
  ReconsiderationRequest,
  RovComparable,
  RovReportCheck,
  RovResult,
  RovStatus,
} from '../workflow/reconsideration.ts';

/**
 * The SQL of reconsiderations of value (migration 0056): the request and its alternative
 * comparables, what the company did with it, and its outcome. The actions write here inside
 * their transaction (orders/order.actions.ts), with the order row locked.
 */

/** What the revised report's reconsideration section says (UAD 3.6). */
export interface ReportSection {
  indicator: boolean | null;
  requested_by: 'borrower' | 'lender' | null;
  result: 'value_change' | 'no_value_change' | null;
  result_date: string | null;
  comment: string | null;
}

export interface ReconsiderationRow {
  id: string;
  order_id: string;
  number: number;
  reason: ReconsiderationRequest['reason'];
  initiated_by: ReconsiderationRequest['initiatedBy'];
  summary: string;
  supporting_data: string | null;
  deficiencies: { category: DeficiencyCategory; description: string }[];
  requested_by: string | null;
  requested_by_name: string | null;
  requested_at: Date;
  status: RovStatus;
  /** Whether it went to the company's review first. */
  reviewed: boolean;
  sent_to_appraiser_at: Date | null;
  company_comments: string | null;
  answered_at: Date | null;
  answer: string | null;
  submission_before: number | null;
  submission_after: number | null;
  value_before_cents: string | null;
  value_after_cents: string | null;
  result: RovResult | null;
  report_check: RovReportCheck | null;
  report_section: ReportSection | null;
  report_mismatches: FieldProblem[] | null;
  resolved_at: Date | null;
  /** Whether the company released the revised report (its submission) to the lender. */
  outcome_released: boolean;
  comparables: RovComparableRow[];
}

export interface RovComparableRow {
  position: number;
  address: string;
  sale_price_cents: string;
  sale_date: string;
  data_source: string;
  reason: string;
}

/** When the order's borrower-initiated request was made; null when it has none. */
export async function borrowerInitiatedAt(db: Db | Trx, orderId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('reconsiderations')
    .select('requested_at')
    .where('order_id', '=', orderId)
    .where('initiated_by', '=', 'borrower')
    .executeTakeFirst();
  return row?.requested_at ?? null;
}

/** Records a request and its comparables, numbered after the order's others; answers its id. */
export async function insertReconsideration(
  trx: Trx,
  orderId: string,
  request: ReconsiderationRequest,
  meta: { noteId: string; requestedBy: string; withAppraiser: boolean; now: Date },
): Promise<string> {
  const { next } = await trx
    .selectFrom('reconsiderations')
    .select(sql<number>`coalesce(max(number), 0) + 1`.as('next'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  const { id } = await trx
    .insertInto('reconsiderations')
    .values({
      order_id: orderId,
      number: Number(next),
      reason: request.reason,
      initiated_by: request.initiatedBy,
      summary: request.summary,
      supporting_data: request.supportingData,
      deficiencies: JSON.stringify(request.deficiencies),
      request_note_id: meta.noteId,
      requested_by: meta.requestedBy,
      requested_at: meta.now,
      status: meta.withAppraiser ? 'with_appraiser' : 'in_review',
      reviewed: !meta.withAppraiser,
      sent_to_appraiser_at: meta.withAppraiser ? meta.now : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (request.comparables.length > 0)
    await trx
      .insertInto('reconsideration_comparables')
      .values(
        request.comparables.map((comparable, index) => ({
          reconsideration_id: id,
          position: index + 1,
          address: comparable.address,
          sale_price_cents: comparable.salePriceCents.toString(),
          sale_date: comparable.saleDate,
          data_source: comparable.dataSource,
          reason: comparable.reason,
        })),
      )
      .execute();
  return id;
}

/** The request kept by the note that waits for the company's review, if it is a reconsideration. */
export async function findInReview(
  trx: Trx,
  orderId: string,
  noteId: string,
): Promise<{
  id: string;
  request: Pick<ReconsiderationRequest, 'reason' | 'initiatedBy' | 'deficiencies' | 'comparables'>;
} | null> {
  const row = await trx
    .selectFrom('reconsiderations')
    .select(['id', 'reason', 'initiated_by', 'deficiencies'])
    .where('order_id', '=', orderId)
    .where('request_note_id', '=', noteId)
    .where('status', '=', 'in_review')
    .executeTakeFirst();
  if (!row) return null;
  const comparables = await comparablesOf(trx, [row.id]);
  return {
    id: row.id,
    request: {
      reason: row.reason,
      initiatedBy: row.initiated_by,
      deficiencies: row.deficiencies as ReconsiderationRequest['deficiencies'],
      comparables: comparables.map((comparable): RovComparable => ({
        address: comparable.address,
        salePriceCents: BigInt(comparable.sale_price_cents),
        saleDate: comparable.sale_date,
        dataSource: comparable.data_source,
        reason: comparable.reason,
      })),
    },
  };
}

/** The company passed the request on to the appraiser, in its own words or as written (null). */
export async function markForwarded(
  trx: Trx,
  id: string,
  change: { by: string; comments: string | null; now: Date },
): Promise<void> {
  await trx
    .updateTable('reconsiderations')
    .set({
      status: 'with_appraiser',
      sent_to_appraiser_at: change.now,
      forwarded_by: change.by,
      company_comments: change.comments,
    })
    .where('id', '=', id)
    .execute();
}

/** The company answered the request itself. */
export async function markAnswered(
  trx: Trx,
  id: string,
  change: { by: string; answer: string; now: Date },
): Promise<void> {
  await trx
    .updateTable('reconsiderations')
    .set({ status: 'answered', answered_at: change.now, answered_by: change.by, answer: change.answer })
    .where('id', '=', id)
    .execute();
}

/** The request the order's appraiser is answering: with them, no outcome yet. */
export async function findAwaitingOutcome(
  trx: Trx,
  orderId: string,
): Promise<{ id: string; initiated_by: ReconsiderationRequest['initiatedBy']; requested_at: Date } | null> {
  const row = await trx
    .selectFrom('reconsiderations')
    .select(['id', 'initiated_by', 'requested_at'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'with_appraiser')
    .orderBy('number', 'desc')
    .executeTakeFirst();
  return row ?? null;
}

/** The value each read report gave: the submission `submissionNo`, and the last read before it. */
export async function valuesAround(
  trx: Trx,
  orderId: string,
  submissionNo: number,
): Promise<{
  before: { submission_no: number; value: string | null } | null;
  after: { format: 'uad_3.6' | 'mismo_2.6'; value: string | null } | null;
}> {
  const rows = await trx
    .selectFrom('report_submissions')
    .select(['submission_no', 'format', sql<string | null>`report ->> 'value'`.as('value')])
    .where('order_id', '=', orderId)
    .where('submission_no', '<=', submissionNo)
    .orderBy('submission_no', 'desc')
    .limit(2)
    .execute();
  const after = rows[0]?.submission_no === submissionNo ? rows[0] : null;
  const before = rows.find((row) => row.submission_no < submissionNo) ?? null;
  return {
    before: before ? { submission_no: before.submission_no, value: before.value } : null,
    after: after ? { format: after.format, value: after.value } : null,
  };
}

/** The storage keys of the appraisal XML files of a submission, first stored first. */
export async function submissionXmlKeys(trx: Trx, orderId: string, submissionNo: number): Promise<string[]> {
  const rows = await trx
    .selectFrom('order_files as f')
    .innerJoin('file_types as ft', 'ft.id', 'f.file_type_id')
    .select('f.storage_key')
    .where('f.order_id', '=', orderId)
    .where('f.submission_no', '=', submissionNo)
    .where('ft.slug', '=', 'appraisal_xml')
    .orderBy('f.created_at')
    .execute();
  return rows.map((row) => row.storage_key);
}

export interface RecordedOutcome {
  submissionBefore: number | null;
  submissionAfter: number;
  valueBeforeCents: bigint | null;
  valueAfterCents: bigint | null;
  result: RovResult;
  reportCheck: RovReportCheck;
  reportSection: ReportSection | null;
  mismatches: FieldProblem[];
}

export async function recordOutcome(
  trx: Trx,
  id: string,
  outcome: RecordedOutcome,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('reconsiderations')
    .set({
      status: 'resolved',
      resolved_at: now,
      submission_before: outcome.submissionBefore,
      submission_after: outcome.submissionAfter,
      value_before_cents: outcome.valueBeforeCents?.toString() ?? null,
      value_after_cents: outcome.valueAfterCents?.toString() ?? null,
      result: outcome.result,
      report_check: outcome.reportCheck,
      report_section: outcome.reportSection ? JSON.stringify(outcome.reportSection) : null,
      report_mismatches: JSON.stringify(outcome.mismatches),
    })
    .where('id', '=', id)
    .execute();
}

async function comparablesOf(db: Db | Trx, ids: string[]): Promise<(RovComparableRow & { id: string })[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('reconsideration_comparables')
    .select([
      'reconsideration_id as id',
      'position',
      'address',
      'sale_price_cents',
      'sale_date',
      'data_source',
      'reason',
    ])
    .where('reconsideration_id', 'in', ids)
    .orderBy('reconsideration_id')
    .orderBy('position')
    .execute();
}

/** The order's reconsiderations, oldest first, with their comparables and whether the outcome reached the lender. */
export async function findReconsiderations(db: Db, orderId: string): Promise<ReconsiderationRow[]> {
  const rows = await db
    .selectFrom('reconsiderations as r')
    .leftJoin('users as u', 'u.id', 'r.requested_by')
    .select([
      'r.id',
      'r.order_id',
      'r.number',
      'r.reason',
      'r.initiated_by',
      'r.summary',
      'r.supporting_data',
      'r.deficiencies',
      'r.requested_by',
      sql<string | null>`nullif(concat_ws(' ', u.first_name, u.last_name), '')`.as('requested_by_name'),
      'r.requested_at',
      'r.status',
      'r.reviewed',
      'r.sent_to_appraiser_at',
      'r.company_comments',
      'r.answered_at',
      'r.answer',
      'r.submission_before',
      'r.submission_after',
      'r.value_before_cents',
      'r.value_after_cents',
      'r.result',
      'r.report_check',
      'r.report_section',
      'r.report_mismatches',
      'r.resolved_at',
      sql<boolean>`EXISTS (SELECT 1 FROM order_files f
                            WHERE f.order_id = r.order_id AND f.submission_no = r.submission_after
                              AND f.released_at IS NOT NULL)`.as('outcome_released'),
    ])
    .where('r.order_id', '=', orderId)
    .orderBy('r.number')
    .execute();
  const comparables = await comparablesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...row,
    deficiencies: row.deficiencies as ReconsiderationRow['deficiencies'],
    report_section: row.report_section as ReportSection | null,
    report_mismatches: row.report_mismatches as FieldProblem[] | null,
    comparables: comparables
      .filter((comparable) => comparable.id === row.id)
      .map(({ id: _id, ...comparable }) => comparable),
  }));
}
