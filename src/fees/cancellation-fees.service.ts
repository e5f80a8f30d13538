import { sql } from 'kysely';
import type { AuthUser, Principal } from '../auth/principal.ts';
import type { Db } from '../db/connection.ts';
import type { FieldProblem } from '../errors/app-error.ts';
import { centsToDecimal, decimalToCents } from '../format/money.ts';
import { companyInReach, requireCompanyAdmin } from '../organizations/company-reach.ts';
import { refuseProblems } from './fee-entries.ts';
import { findCompanyCatalog, lockCompanySchedules, recordScheduleChange } from './fee-schedule.repository.ts';
import type { CancellationFeesInput, CancellationFeesView } from './cancellation-fees.schemas.ts';

/**
 * The company's cancellation and trip fees (docs/money.md, "Cancellations"): its staff and
 * operators read them, its admins and operators replace them whole; each replacement is kept
 * with the fee schedules' changes, before and after.
 */
async function view(db: Db, companyId: string): Promise<CancellationFeesView> {
  const rows = await db
    .selectFrom('cancellation_fees as f')
    .innerJoin('products as p', 'p.id', 'f.product_id')
    .leftJoin('organizations as c', 'c.id', 'f.client_id')
    .select([
      'f.client_id',
      'c.name as client_name',
      'f.product_id',
      'p.name as product_name',
      'f.stage',
      'f.lender_fee_cents',
      'f.appraiser_fee_cents',
    ])
    .where('f.company_id', '=', companyId)
    .orderBy(sql`c.name NULLS FIRST`)
    .orderBy('p.name')
    .orderBy(
      sql`array_position(ARRAY['before_assignment', 'assigned', 'inspection_scheduled', 'inspected'], f.stage)`,
    )
    .execute();
  return {
    company_id: companyId,
    entries: rows.map((row) => ({
      client_id: row.client_id,
      client_name: row.client_name,
      product_id: row.product_id,
      product_name: row.product_name,
      stage: row.stage,
      lender_fee: centsToDecimal(row.lender_fee_cents)!,
      appraiser_fee: centsToDecimal(row.appraiser_fee_cents)!,
    })),
  };
}

export async function cancellationFees(db: Db, user: AuthUser, companyId: string) {
  return view(db, await companyInReach(db, user, companyId));
}

export async function replaceCancellationFees(
  db: Db,
  principal: Principal,
  companyIdParam: string,
  input: CancellationFeesInput,
): Promise<CancellationFeesView> {
  const companyId = await companyInReach(db, principal.user, companyIdParam);
  requireCompanyAdmin(principal.user, 'change its cancellation fees');
  const catalog = await findCompanyCatalog(db, companyId);
  const problems: FieldProblem[] = [];
  const seen = new Map<string, number>();
  const lines = input.entries.map((entry, index) => {
    const at = `entries[${index}]`;
    const clientId = entry.client_id?.toLowerCase() ?? null;
    const productId = entry.product_id.toLowerCase();
    if (clientId && !catalog.clients.has(clientId))
      problems.push({ field: `${at}.client_id`, message: 'is not a client of the company' });
    if (!catalog.products.has(productId))
      problems.push({ field: `${at}.product_id`, message: 'is not a product of the company' });
    const lender = decimalToCents(entry.lender_fee);
    const appraiser = decimalToCents(entry.appraiser_fee);
    if (lender === null)
      problems.push({ field: `${at}.lender_fee`, message: 'must be an amount, e.g. 150.00' });
    if (appraiser === null)
      problems.push({ field: `${at}.appraiser_fee`, message: 'must be an amount, e.g. 75.00' });
    if (entry.stage === 'before_assignment' && appraiser !== null && appraiser > 0n)
      problems.push({
        field: `${at}.appraiser_fee`,
        message: 'must be 0 before assignment: no appraiser has done anything yet',
      });
    const key = `${clientId ?? '*'}:${productId}:${entry.stage}`;
    const earlier = seen.get(key);
    if (earlier !== undefined)
      problems.push({
        field: `${at}.stage`,
        message: `repeats entries[${earlier}]: one line per client, product and stage`,
      });
    else seen.set(key, index);
    return {
      client_id: clientId,
      product_id: productId,
      stage: entry.stage,
      lender: lender ?? 0n,
      appraiser: appraiser ?? 0n,
    };
  });
  refuseProblems(problems, 'The cancellation fees');
  return db.transaction().execute(async (trx) => {
    await lockCompanySchedules(trx, companyId);
    const before = await view(trx, companyId);
    await trx.deleteFrom('cancellation_fees').where('company_id', '=', companyId).execute();
    if (lines.length)
      await trx
        .insertInto('cancellation_fees')
        .values(
          lines.map((line) => ({
            company_id: companyId,
            client_id: line.client_id,
            product_id: line.product_id,
            stage: line.stage,
            lender_fee_cents: line.lender.toString(),
            appraiser_fee_cents: line.appraiser.toString(),
          })),
        )
        .execute();
    const after = await view(trx, companyId);
    await recordScheduleChange(trx, {
      companyId,
      schedule: 'cancellation',
      appraiserId: null,
      changedBy: principal.user.id,
      actedBy: principal.keyOwner.id === principal.user.id ? null : principal.keyOwner.id,
      before: before.entries,
      after: after.entries,
    });
    return after;
  });
}
