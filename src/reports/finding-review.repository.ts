import type { Db } from '../db/connection.ts';

export interface FindingReviewRow {
  submission_no: number;
  finding_id: string;
  field: string;
  override_reason: string | null;
  overridden_by_name: string | null;
  overridden_at: Date | null;
  shared_with_lender: boolean;
}

/** The company's reviews of the order's report findings, every submission. */
export function findFindingReviews(db: Db, orderId: string): Promise<FindingReviewRow[]> {
  return db
    .selectFrom('report_finding_reviews as r')
    .leftJoin('users as u', 'u.id', 'r.overridden_by')
    .select([
      'r.submission_no',
      'r.finding_id',
      'r.field',
      'r.override_reason',
      'r.overridden_at',
      'r.shared_with_lender',
    ])
    .select((eb) =>
      eb
        .fn<string | null>('nullif', [
          eb.fn('concat_ws', [eb.val(' '), 'u.first_name', 'u.last_name']),
          eb.val(''),
        ])
        .as('overridden_by_name'),
    )
    .where('r.order_id', '=', orderId)
    .execute();
}

/** Writes one finding's review: an override (or its withdrawal) and whether the lender sees it. */
export async function putFindingReview(
  db: Db,
  key: { orderId: string; submissionNo: number; findingId: string; field: string },
  change: { override?: { reason: string; by: string } | null; sharedWithLender?: boolean },
): Promise<void> {
  const override =
    change.override === undefined
      ? {}
      : change.override === null
        ? { override_reason: null, overridden_by: null, overridden_at: null }
        : {
            override_reason: change.override.reason,
            overridden_by: change.override.by,
            overridden_at: new Date(),
          };
  const shared = change.sharedWithLender === undefined ? {} : { shared_with_lender: change.sharedWithLender };
  await db
    .insertInto('report_finding_reviews')
    .values({
      order_id: key.orderId,
      submission_no: key.submissionNo,
      finding_id: key.findingId,
      field: key.field,
      ...override,
      ...shared,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['order_id', 'submission_no', 'finding_id', 'field'])
        .doUpdateSet({ ...override, ...shared, updated_at: new Date() }),
    )
    .execute();
}

export interface ChecklistAnswerRow {
  submission_no: number;
  item: string;
  done: boolean;
  answered_by_name: string | null;
  answered_at: Date;
}

/** The reviewers' ticks of the checklist, every submission of the order. */
export function findChecklistAnswers(db: Db, orderId: string): Promise<ChecklistAnswerRow[]> {
  return db
    .selectFrom('report_checklist_answers as a')
    .leftJoin('users as u', 'u.id', 'a.answered_by')
    .select(['a.submission_no', 'a.item', 'a.done', 'a.answered_at'])
    .select((eb) =>
      eb
        .fn<string | null>('nullif', [
          eb.fn('concat_ws', [eb.val(' '), 'u.first_name', 'u.last_name']),
          eb.val(''),
        ])
        .as('answered_by_name'),
    )
    .where('a.order_id', '=', orderId)
    .execute();
}

export async function putChecklistAnswer(
  db: Db,
  key: { orderId: string; submissionNo: number; item: string },
  answer: { done: boolean; by: string },
): Promise<void> {
  const values = { done: answer.done, answered_by: answer.by, answered_at: new Date() };
  await db
    .insertInto('report_checklist_answers')
    .values({ order_id: key.orderId, submission_no: key.submissionNo, item: key.item, ...values })
    .onConflict((conflict) => conflict.columns(['order_id', 'submission_no', 'item']).doUpdateSet(values))
    .execute();
}
