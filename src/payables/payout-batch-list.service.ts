import type { Principal } from '../auth/principal.ts';
import type { Db } from '../db/connection.ts';
import { centsToDecimal } from '../format/money.ts';
import { companyInReach } from '../organizations/company-reach.ts';
import type { PayoutBatchListInput, PayoutBatchListView } from './payables.schemas.ts';
import { batchNumber } from './payout-batches.service.ts';

/**
 * The company's payout batches, newest first (docs/money.md, "Payouts"): what the payables page
 * lists, a draft or approved batch waiting on someone at the top. Staff of the company; operators.
 */
export async function listBatches(
  db: Db,
  principal: Principal,
  companyIdParam: string,
  query: PayoutBatchListInput,
): Promise<PayoutBatchListView> {
  const companyId = await companyInReach(db, principal.user, companyIdParam);
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 25;
  const status = query.status ?? 'all';
  let matching = db.selectFrom('payout_batches as b').where('b.company_id', '=', companyId);
  if (status === 'open') matching = matching.where('b.status', 'in', ['draft', 'approved']);
  else if (status !== 'all') matching = matching.where('b.status', '=', status);
  const [rows, counted] = await Promise.all([
    matching
      .select((eb) => [
        'b.id',
        'b.number',
        'b.pay_on',
        'b.status',
        'b.total_cents',
        'b.created_at',
        'b.approved_at',
        'b.paid_at',
        eb
          .selectFrom('payout_lines as l')
          .select((lines) => lines.fn.count<string>('l.appraiser_id').distinct().as('n'))
          .whereRef('l.batch_id', '=', 'b.id')
          .as('appraisers'),
      ])
      .orderBy('b.number', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    matching.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    payout_batches: rows.map((row) => ({
      id: row.id,
      number: batchNumber(row.number),
      pay_on: String(row.pay_on),
      status: row.status,
      total: centsToDecimal(row.total_cents)!,
      appraisers: Number(row.appraisers ?? 0),
      created_at: row.created_at.toISOString(),
      approved_at: row.approved_at?.toISOString() ?? null,
      paid_at: row.paid_at?.toISOString() ?? null,
    })),
    page,
    per_page: perPage,
    total_count: Number(counted.n),
  };
}
