import type { AuthUser } from '../auth/principal.ts';
import { companyInReach, requireCompanyAdmin } from '../organizations/company-reach.ts';
import type { Db } from '../db/connection.ts';
import { invalid } from '../errors/app-error.ts';
import { centsToDecimal, decimalToCents } from '../format/money.ts';
import { isUuid } from '../db/ids.ts';
import {
  findCompanyProductIds,
  findSelectionRules,
  putSelectionRules,
  type SelectionRulesRow,
} from './selection-rules.repository.ts';
import type { SelectionRulesInput, SelectionRulesView } from './selection-rules.schemas.ts';

/**
 * A company's rules for the assignment engine (docs/assignment.md, "The engine"): its staff read
 * them, its admins change them, operators both; another company's staff are answered as for none.
 */
const view = (companyId: string, rules: SelectionRulesRow): SelectionRulesView => ({
  company_id: companyId,
  weights: rules.weights,
  pass_over_past_due: rules.pass_over_past_due,
  eo_minimum_per_claim: centsToDecimal(rules.eo_minimum_cents),
  certified_products: rules.certified_product_ids,
});

export async function selectionRules(db: Db, user: AuthUser, companyId: string): Promise<SelectionRulesView> {
  const id = await companyInReach(db, user, companyId);
  return view(id, await findSelectionRules(db, id));
}

export async function changeSelectionRules(
  db: Db,
  user: AuthUser,
  companyId: string,
  input: SelectionRulesInput,
): Promise<SelectionRulesView> {
  const id = await companyInReach(db, user, companyId);
  requireCompanyAdmin(user, 'change its rules for choosing appraisers');
  let minimum: string | null | undefined;
  if (input.eo_minimum_per_claim !== undefined && input.eo_minimum_per_claim !== null) {
    const cents = decimalToCents(input.eo_minimum_per_claim);
    if (cents === null || cents <= 0n)
      throw invalid('eo_minimum_per_claim', 'must be an amount above 0, e.g. 1000000.00');
    minimum = String(cents);
  } else minimum = input.eo_minimum_per_claim;
  const certified = input.certified_products;
  if (certified !== undefined) {
    const found = await findCompanyProductIds(db, id, certified.filter(isUuid));
    const unknown = certified.findIndex((productId) => !found.has(productId));
    if (unknown >= 0) throw invalid(`certified_products[${unknown}]`, 'is not a product of the company');
  }
  return db.transaction().execute(async (trx) => {
    const before = await findSelectionRules(trx, id);
    const after: SelectionRulesRow = {
      weights: { ...before.weights, ...input.weights },
      pass_over_past_due: input.pass_over_past_due ?? before.pass_over_past_due,
      eo_minimum_cents: minimum === undefined ? before.eo_minimum_cents : minimum,
      certified_product_ids: certified ?? before.certified_product_ids,
    };
    await putSelectionRules(trx, id, after);
    return view(id, after);
  });
}
