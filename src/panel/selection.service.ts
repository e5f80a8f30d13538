import type { Db } from '../db/connection.ts';
import { localDay } from '../format/dates.ts';
import { findCounty, findState } from '../reference/geography.ts';
import {
  filtersInForce,
  judgePanel,
  rankJudged,
  type FilterName,
  type PricedFacts,
  type RankedCandidate,
  type SelectionNeeds,
  type TrackRecords,
} from './selection.engine.ts';
import type { Weights } from './selection-rules.schemas.ts';
import {
  findSelectionOrder,
  insertDecision,
  type PanelRow,
  type SelectionOrder,
} from './selection.repository.ts';
import { findSelectionRules, type SelectionRulesRow } from './selection-rules.repository.ts';
import { panelForOrder } from './panel-memory.ts';
import { packCandidates } from './decision-candidates.ts';

/**
 * Runs the assignment engine on an order (docs/assignment.md, "The engine"): reads the company's
 * rules and the facts of its panel, ranks it (selection.engine.ts), and for the engine's own
 * choices stores the decision with every candidate's failed filters and points.
 */

/** The rules a decision stores: as they were when the engine decided. */
export interface StoredRules {
  weights: Weights;
  filters: FilterName[];
  pass_over_past_due: boolean;
  eo_minimum_cents: string | null;
  /** The order's product needed a certified appraiser (absent in decisions made before the rule). */
  certified_product?: boolean;
}

export interface Ranking {
  order: SelectionOrder;
  rules: SelectionRulesRow;
  needs: SelectionNeeds;
  panel: (PanelRow & PricedFacts)[];
  ranked: RankedCandidate[];
  /** Each appraiser's last 90 days, as the scores read them. */
  tracks: TrackRecords;
}

/** The higher of the company's and the lender's E&O minimums, and whose it is. */
function eoMinimum(
  company: string | null,
  lender: string | null,
): Pick<SelectionNeeds, 'eoMinimumCents' | 'eoMinimumOf'> {
  const ofCompany = company === null ? null : BigInt(company);
  const ofLender = lender === null ? null : BigInt(lender);
  if (ofLender !== null && (ofCompany === null || ofLender > ofCompany))
    return { eoMinimumCents: ofLender, eoMinimumOf: 'lender' };
  return { eoMinimumCents: ofCompany, eoMinimumOf: 'company' };
}

function needsOf(order: SelectionOrder, rules: SelectionRulesRow, today: string): SelectionNeeds {
  const county = order.county_id ? findCounty(order.county_id.slice(0, 2), order.county_id) : null;
  return {
    state: findState(order.state_id)?.code ?? order.state_id,
    fha: order.loan_type === 'fha',
    today,
    ...eoMinimum(rules.eo_minimum_cents, order.client_eo_minimum_cents),
    countyName: county?.name ?? null,
    zip: order.zip.slice(0, 5),
    latitude: order.latitude === null ? null : Number(order.latitude),
    longitude: order.longitude === null ? null : Number(order.longitude),
    productName: order.product_name,
    certifiedProduct:
      order.product_id !== null && rules.certified_product_ids.includes(order.product_id)
        ? (order.product_name ?? "The order's product")
        : null,
    passOverPastDue: rules.pass_over_past_due,
  };
}

/**
 * The panel of the order's company ranked for it. `licensedInState`: the engine's candidates
 * only (a license of any standing in the subject's state); otherwise the whole panel, as the
 * picker shows it.
 */
export async function rankForOrder(
  db: Db,
  order: SelectionOrder,
  options: { now: Date; timeZone: string; licensedInState: boolean },
): Promise<Ranking> {
  const today = localDay(options.now, options.timeZone);
  // The facts come from the panel kept in memory, brought up to date first (panel-memory.ts).
  const [rules, { panel, tracks }] = await Promise.all([
    findSelectionRules(db, order.company_id),
    panelForOrder(db, order, { today, now: options.now, licensedInState: options.licensedInState }),
  ]);
  const needs = needsOf(order, rules, today);
  // The filters once: who passes is scored with their track record.
  const judged = judgePanel(panel, needs);
  return { order, rules, needs, panel, ranked: rankJudged(judged, rules.weights, tracks), tracks };
}

/**
 * The engine's choice for an order waiting in Auto assign processing: the first of the ranking,
 * or none, with the fee its offer carries (the fee filter makes sure there is one); the decision is stored in the same transaction as the offer it leads to.
 */
export async function decideAssignment(
  trx: Db,
  orderId: string,
  options: { now: Date; timeZone: string },
): Promise<{ appraiserId: string | null; feeCents: string | null; decisionId: string }> {
  const order = await findSelectionOrder(trx, orderId);
  if (!order) throw new Error(`No order ${orderId}`);
  const ranking = await rankForOrder(trx, order, { ...options, licensedInState: true });
  const chosen = ranking.ranked.find((candidate) => candidate.eligible) ?? null;
  const decisionId = await insertDecision(trx, {
    orderId,
    madeBy: 'auto_assign',
    chosenAppraiserId: chosen?.appraiser_id ?? null,
    rules: {
      weights: ranking.rules.weights,
      filters: filtersInForce(ranking.needs),
      pass_over_past_due: ranking.rules.pass_over_past_due,
      // The minimum in force: the higher of the company's and the lender's.
      eo_minimum_cents: ranking.needs.eoMinimumCents?.toString() ?? null,
      certified_product: Boolean(ranking.needs.certifiedProduct),
    } satisfies StoredRules,
    candidates: packCandidates(ranking.ranked),
  });
  return { appraiserId: chosen?.appraiser_id ?? null, feeCents: chosen?.offer_fee_cents ?? null, decisionId };
}
