import { sql } from 'kysely';
import type { AuthUser } from '../auth/principal.ts';
import { MILESTONES, type MilestoneId } from '../calendar/milestones.ts';
import type { Db } from '../db/connection.ts';
import { orderVisibleTo } from '../policy/order-access.ts';

/**
 * The at-risk queue (docs/turn-times.md, "Milestones"): the orders whose running milestone is at
 * risk or late, soonest due first, read along the index on (company_id, milestone_due_at): a
 * milestone is at risk before it is due, so the first rows of the index are the ones listed. Each with where it stands: its milestone, when it started, when it was
 * at risk, when it is (or was) due.
 */
export async function atRiskOrders(db: Db, user: AuthUser, limit: number, now = new Date()) {
  const rows = await db
    .selectFrom('orders')
    .leftJoin('users as appraiser', 'appraiser.id', 'orders.appraiser_id')
    .select([
      'orders.id',
      'orders.file_number',
      'orders.status',
      'orders.milestone',
      'orders.milestone_started_at',
      'orders.milestone_at_risk_at',
      'orders.milestone_due_at',
      'orders.due_date',
      sql<string | null>`nullif(concat_ws(' ', appraiser.first_name, appraiser.last_name), '')`.as(
        'appraiser',
      ),
    ])
    .where(orderVisibleTo(user))
    .where('orders.milestone_at_risk_at', '<=', now)
    .orderBy('orders.milestone_due_at')
    .orderBy('orders.id')
    .limit(limit)
    .execute();
  return {
    data: rows.map((row) => ({
      id: row.id,
      file_number: row.file_number,
      status: row.status,
      milestone: row.milestone as MilestoneId,
      milestone_name: MILESTONES.find((milestone) => milestone.id === row.milestone)?.name ?? row.milestone!,
      state: row.milestone_due_at! <= now ? ('late' as const) : ('at_risk' as const),
      started_at: row.milestone_started_at!.toISOString(),
      at_risk_at: row.milestone_at_risk_at!.toISOString(),
      due_at: row.milestone_due_at!.toISOString(),
      order_due_at: row.due_date.toISOString(),
      appraiser: row.appraiser,
    })),
    as_of: now.toISOString(),
  };
}
