import type { AuthUser } from '../auth/principal.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/connection.ts';
import { AppError } from '../errors/app-error.ts';
import { formatDate } from '../format/dates.ts';
import { centsToDecimal } from '../format/money.ts';
import { findVisibleOrder } from './order.store.ts';
import { unpackCandidates } from '../panel/decision-candidates.ts';
import { findDecisions, findSelectionOrder, type TrackRecord } from '../panel/selection.repository.ts';
import type { Failure } from '../panel/selection.engine.ts';
import { FACTORS, type Factor } from '../panel/selection-rules.schemas.ts';
import { rankForOrder, type StoredRules } from '../panel/selection.service.ts';

/**
 * The appraiser picker of an order: the panel of the order's company ranked by the assignment
 * engine (panel/selection.engine.ts): first those who pass every hard filter, by score, each
 * factor's points shown; then everyone a filter stops, with the reasons. Beside each, the figures
 * a coordinator weighs before an offer. Staff of the company and operators only.
 */
/**
 * Due dates as the picker shows them, formatted once per Date (and per list of them) and time
 * zone: the panel in memory keeps its Dates from one answer to the next, and formatting 15,000 of
 * them each time (three per appraiser of a panel of 5,000) cost more than ranking them.
 */
function cacheOf<K extends object, V>(caches: Map<string, WeakMap<K, V>>, timeZone: string): WeakMap<K, V> {
  let cache = caches.get(timeZone);
  if (!cache) {
    cache = new WeakMap();
    caches.set(timeZone, cache);
  }
  return cache;
}
const dayTexts = new Map<string, WeakMap<Date, string>>();
const listTexts = new Map<string, WeakMap<Date[], string[]>>();

/** Each Date shown once per time zone; the caches are found once per answer, not per appraiser. */
function dueDayTexts(timeZone: string) {
  const days = cacheOf(dayTexts, timeZone);
  const lists = cacheOf(listTexts, timeZone);
  const day = (value: Date): string => {
    let text = days.get(value);
    if (text === undefined) {
      text = formatDate(value, timeZone)!;
      days.set(value, text);
    }
    return text;
  };
  const list = (values: Date[] | null): string[] => {
    if (values === null) return [];
    let texts = lists.get(values);
    if (texts === undefined) {
      texts = values.map(day);
      lists.set(values, texts);
    }
    return texts;
  };
  return { day, list };
}

const CREDENTIAL_FILTERS = new Set(['license', 'fha_roster', 'eo_policy', 'capacity']);

export async function appraiserCandidates(db: Db, user: AuthUser, config: Config, orderId: string) {
  const order = await findVisibleOrder(db, user, orderId, {
    columns: ['state_id', 'loan_type', 'client_id'],
  });
  if (user.role !== 'staff' && user.role !== 'operator')
    throw new AppError('forbidden', "Only the company's staff choose its appraisers");
  const selectionOrder = await findSelectionOrder(db, order.id);
  // The panel's facts carry the figures shown beside each appraiser (open orders, next due
  // dates, the last fee accepted for the order's first product, whether they turned it down).
  const ranking = await rankForOrder(db, selectionOrder!, {
    now: new Date(),
    timeZone: config.timeZone,
    licensedInState: false,
  });
  const figures = new Map<string, (typeof ranking.panel)[number]>();
  for (const appraiser of ranking.panel) figures.set(appraiser.id, appraiser);
  // The panel's fees repeat (most appraisers are offered the standard fee): each is written once.
  const decimals = new Map<string | null, string | null>();
  const decimal = (cents: string | null) => {
    let text = decimals.get(cents);
    if (text === undefined) {
      text = centsToDecimal(cents);
      decimals.set(cents, text);
    }
    return text;
  };
  const shown = dueDayTexts(config.timeZone);
  return ranking.ranked.map((candidate) => {
    const row = figures.get(candidate.appraiser_id)!;
    return {
      id: row.id,
      name: candidate.name,
      email: row.email,
      open_orders: row.open_orders,
      next_due_dates: shown.list(row.next_due_dates),
      last_accepted_fee: decimal(row.last_fee_cents),
      last_accepted_on: row.last_assigned_at ? shown.day(row.last_assigned_at) : null,
      turned_down_this_order: row.turned_down,
      is_current: order.appraiser_id === row.id,
      credential_problems: credentialProblems(candidate.failed),
      excluded_by_client: row.excluded_reason,
      eligible: candidate.eligible,
      rank: candidate.rank,
      score: candidate.score,
      points: candidate.points,
      failed_filters: candidate.failed,
      distance_miles: candidate.distance_miles,
      offer_fee: decimal(candidate.offer_fee_cents),
      last_90_days: lastNinetyDays(ranking.tracks.get(row.id)),
    };
  });
}

/** The scorecard figures the engine read of an appraiser, rounded as scorecards write them. */
function lastNinetyDays(track: TrackRecord | undefined) {
  if (!track) return null;
  const share = (text: string | null) => (text === null ? null : Math.round(Number(text) * 1000) / 1000);
  return {
    completed: Number(track.reports),
    business_days:
      track.mean_turn_business_days === null
        ? null
        : Math.round(Number(track.mean_turn_business_days) * 100) / 100,
    on_time_rate: share(track.on_time_rate),
    sent_back_rate: share(track.revision_rate),
    acceptance_rate: share(track.acceptance_rate),
  };
}

/** The sentences of the credential filters among those an appraiser fails (one list, not two, for each of thousands). */
function credentialProblems(failed: readonly Failure[]): string[] {
  const problems: string[] = [];
  for (const failure of failed) if (CREDENTIAL_FILTERS.has(failure.filter)) problems.push(failure.reason);
  return problems;
}

/**
 * A factor added after a decision was made counted for nothing in it: its weight and points read
 * 0 (the acceptance factor, for decisions made before it).
 */
const NOT_YET_A_FACTOR = Object.fromEntries(FACTORS.map((factor) => [factor, 0])) as Record<Factor, number>;

/** The most decisions one answer lists: an order is auto-assigned a few times at most. */
export const DECISIONS_LISTED = 20;

/** The engine's decisions on an order, newest first: staff of the order's company and operators. */
export async function assignmentDecisions(db: Db, user: AuthUser, orderId: string) {
  const order = await findVisibleOrder(db, user, orderId, { columns: [] });
  if (user.role !== 'staff' && user.role !== 'operator')
    throw new AppError('forbidden', "Only the company's staff read how its appraisers were chosen");
  const rows = await findDecisions(db, order.id, DECISIONS_LISTED);
  return rows.map((row) => {
    const rules = row.rules as StoredRules;
    return {
      id: row.id,
      made_by: row.made_by,
      chosen:
        row.chosen_appraiser_id !== null && row.chosen_name !== null
          ? { id: row.chosen_appraiser_id, name: row.chosen_name }
          : null,
      rules: {
        weights: { ...NOT_YET_A_FACTOR, ...rules.weights },
        filters: rules.filters,
        pass_over_past_due: rules.pass_over_past_due,
        eo_minimum_per_claim: centsToDecimal(rules.eo_minimum_cents),
        certified_product: rules.certified_product ?? false,
      },
      candidates: unpackCandidates(row.candidates).map((candidate) => ({
        appraiser_id: candidate.appraiser_id,
        name: candidate.name,
        eligible: candidate.eligible,
        rank: candidate.rank,
        score: candidate.score,
        points: candidate.points && { ...NOT_YET_A_FACTOR, ...candidate.points },
        failed_filters: candidate.failed,
        distance_miles: candidate.distance_miles,
        // Decisions stored before fee schedules have no fee.
        offer_fee: centsToDecimal(candidate.offer_fee_cents ?? null),
      })),
      made_at: row.created_at.toISOString(),
    };
  });
}
