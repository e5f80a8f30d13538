import type { Db } from '../db/connection.ts';
import { DEFAULT_WEIGHTS, FACTORS, type Weights } from './selection-rules.schemas.ts';

export interface SelectionRulesRow {
  weights: Weights;
  pass_over_past_due: boolean;
  eo_minimum_cents: string | null;
  /** Products whose orders need a certified appraiser. */
  certified_product_ids: string[];
}

/** The company's rules; the defaults when it never set any. */
export async function findSelectionRules(db: Db, companyId: string): Promise<SelectionRulesRow> {
  const row = await db
    .selectFrom('company_selection_rules')
    .select(['weights', 'pass_over_past_due', 'eo_minimum_cents', 'certified_product_ids'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  // A factor added after the rules were saved takes its default weight.
  const weights = Object.fromEntries(
    FACTORS.map((factor) => [factor, row?.weights[factor] ?? DEFAULT_WEIGHTS[factor]]),
  ) as Weights;
  return {
    weights,
    pass_over_past_due: row?.pass_over_past_due ?? false,
    eo_minimum_cents: row?.eo_minimum_cents ?? null,
    certified_product_ids: row?.certified_product_ids ?? [],
  };
}

export async function putSelectionRules(db: Db, companyId: string, rules: SelectionRulesRow): Promise<void> {
  const values = {
    weights: JSON.stringify(rules.weights),
    pass_over_past_due: rules.pass_over_past_due,
    eo_minimum_cents: rules.eo_minimum_cents,
    certified_product_ids: rules.certified_product_ids,
    updated_at: new Date(),
  };
  await db
    .insertInto('company_selection_rules')
    .values({ company_id: companyId, ...values })
    .onConflict((oc) => oc.column('company_id').doUpdateSet(values))
    .execute();
}

/** Which of these ids are products of the company. */
export async function findCompanyProductIds(db: Db, companyId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.id));
}
