import { milesBetween } from '../reference/distance.ts';
import { usDay } from '../format/dates.ts';
import { credentialFailures, type OrderNeeds } from './credential.checks.ts';
import type { PanelFacts, TrackRecord } from './selection.repository.ts';
import { FACTORS, type Factor, type Weights } from './selection-rules.schemas.ts';

/**
 * The assignment engine (docs/assignment.md, "The engine"): plain rules on plain values. First the
 * hard filters, each with a verdict and, when it fails, the sentence that says why; then, for the
 * appraisers who pass them all, a score: each factor's value from 0 to 1 times its weight times 10
 * points, in tenths of a point so that sums are exact. Ties go to the least recently offered.
 */

export const FILTERS = [
  'active',
  'not_turned_down',
  'not_excluded',
  'license',
  'fha_roster',
  'eo_policy',
  'coverage',
  'product',
  'fee',
  'capacity',
  'time_off',
  'past_due',
] as const;
export type FilterName = (typeof FILTERS)[number];

/** An appraiser's facts with what they would be offered for the order (offer-fee.ts); null: no fee schedule line applies. */
export type PricedFacts = PanelFacts & { offer_fee_cents: string | null };

export interface Failure {
  filter: FilterName;
  reason: string;
}

/** What the engine knows of the order. */
export interface SelectionNeeds extends OrderNeeds {
  countyName: string | null;
  zip: string;
  latitude: number | null;
  longitude: number | null;
  productName: string | null;
  passOverPastDue: boolean;
}

export interface RankedCandidate {
  appraiser_id: string;
  name: string;
  eligible: boolean;
  /** 1 for the first choice; null when a filter failed. */
  rank: number | null;
  /** In points (tenths exact); null when a filter failed. */
  score: number | null;
  points: Record<Factor, number> | null;
  failed: Failure[];
  distance_miles: number | null;
  last_offered_at: string | null;
  /** What the offer would carry, in cents; null: no fee schedule line applies. */
  offer_fee_cents: string | null;
}

/** The filters in force for an order: the FHA roster for FHA loans, past-due orders when the company says so. */
export function filtersInForce(needs: SelectionNeeds): FilterName[] {
  return FILTERS.filter(
    (filter) => (filter !== 'fha_roster' || needs.fha) && (filter !== 'past_due' || needs.passOverPastDue),
  );
}

function distanceOf(facts: PricedFacts, needs: SelectionNeeds): number | null {
  if (facts.home_latitude === null || facts.home_longitude === null) return null;
  if (needs.latitude === null || needs.longitude === null) return null;
  return milesBetween(
    { lat: facts.home_latitude, lng: facts.home_longitude },
    { lat: needs.latitude, lng: needs.longitude },
  );
}

/**
 * The failures whose sentence is the same for every appraiser of a ranking, made once per order's
 * needs and shared (they are read, never changed): most of a large panel fails on the subject's
 * area or the product, and a sentence each was most of what a ranking allocated.
 */
interface SharedFailures {
  area: Failure;
  noAreas: Failure;
  product: Failure;
  fee: Failure;
}
const sharedFailures = new WeakMap<SelectionNeeds, SharedFailures>();
function sharedFailuresOf(needs: SelectionNeeds): SharedFailures {
  let shared = sharedFailures.get(needs);
  if (!shared) {
    const product = needs.productName ?? "the order's product";
    shared = {
      area: {
        filter: 'coverage',
        reason: needs.countyName
          ? `Covers neither ${needs.countyName}, ${needs.state} nor ZIP ${needs.zip}`
          : `Does not cover ZIP ${needs.zip}`,
      },
      noAreas: { filter: 'coverage', reason: 'No coverage recorded: no county, ZIP code or radius' },
      product: { filter: 'product', reason: `Does not take ${product}` },
      fee: {
        filter: 'fee',
        reason: `No fee for ${product} in ${needs.countyName ? `${needs.countyName}, ` : ''}${needs.state}: neither their fee schedule nor the company's standard fees have a line`,
      },
    };
    sharedFailures.set(needs, shared);
  }
  return shared;
}

function coverageFailure(
  facts: PricedFacts,
  distance: number | null,
  shared: SharedFailures,
): Failure | null {
  if (facts.covers_county || facts.covers_zip) return null;
  const radius = facts.radius_miles;
  if (radius !== null && distance !== null && distance <= radius) return null;
  if (radius === null) return facts.has_areas ? shared.area : shared.noAreas;
  const far =
    distance === null
      ? '; the distance from home is unknown'
      : `; home is ${distance} miles away, beyond a ${radius}-mile radius`;
  return { filter: 'coverage', reason: `${shared.area.reason}${far}` };
}

const scratch: Failure[] = [];

/** Every filter the appraiser fails for the order, in the order of FILTERS. */
export function hardFilterFailures(
  facts: PricedFacts,
  needs: SelectionNeeds,
  distance: number | null,
): Failure[] {
  // Filled in one list reused from appraiser to appraiser, then copied at its length: a fresh
  // list grown by push holds room for 17, for thousands of appraisers each ranking.
  const failures = scratch;
  failures.length = 0;
  const openOrders = facts.open_orders;
  if (!facts.active) failures.push({ filter: 'active', reason: 'Deactivated' });
  if (facts.turned_down)
    failures.push({
      filter: 'not_turned_down',
      reason: 'Turned this order down (rejected it or let the offer lapse)',
    });
  if (facts.excluded_reason !== null)
    failures.push({
      filter: 'not_excluded',
      reason: `On the lender's do-not-use list: ${facts.excluded_reason}`,
    });
  const shared = sharedFailuresOf(needs);
  credentialFailures(facts, openOrders, needs, failures);
  const coverage = coverageFailure(facts, distance, shared);
  if (coverage !== null) failures.push(coverage);
  if (!facts.takes_product) failures.push(shared.product);
  if (facts.offer_fee_cents === null) failures.push(shared.fee);
  if (facts.away_through !== null)
    failures.push({ filter: 'time_off', reason: `Away through ${usDay(facts.away_through)}` });
  const pastDue = facts.past_due;
  if (needs.passOverPastDue && pastDue > 0)
    failures.push({
      filter: 'past_due',
      reason:
        pastDue === 1
          ? 'An open order past its due date'
          : `${pastDue >= 10 ? '10 or more' : pastDue} open orders past their due date`,
    });
  if (failures.length === 0) return [];
  const found = failures.slice();
  // Gathered in the order of FILTERS but for capacity, which the credential checks add before
  // coverage, product and fee: sorted only then (a sort allocates, for thousands each ranking).
  for (let i = 1; i < found.length; i++)
    if (FILTER_POSITIONS[found[i - 1]!.filter] > FILTER_POSITIONS[found[i]!.filter])
      return found.sort((a, b) => FILTER_POSITIONS[a.filter] - FILTER_POSITIONS[b.filter]);
  return found;
}

const FILTER_POSITIONS = Object.fromEntries(FILTERS.map((filter, index) => [filter, index])) as Record<
  FilterName,
  number
>;

/** Without history a factor scores half: a newcomer is neither favoured nor held back. */
const UNKNOWN = 0.5;
/** Distances and turn times at or beyond these score 0. */
const FAR_MILES = 100;
const SLOW_BUSINESS_DAYS = 10;
/** Open orders at or beyond this score 0 on workload when the appraiser set no capacity. */
const BUSY_ORDERS = 20;

const clamp = (value: number) => Math.min(1, Math.max(0, value));
/** A figure of the track record (numeric, as text); null without one. */
const figure = (value: string | null | undefined) =>
  value === null || value === undefined ? null : Number(value);

function factorValues(
  facts: PricedFacts,
  distance: number | null,
  track: TrackRecord | undefined,
  fees: { low: bigint; high: bigint } | null,
): Record<Factor, number> {
  const open = facts.open_orders;
  const turn = figure(track?.mean_turn_business_days);
  const onTime = figure(track?.on_time_rate);
  const revisions = figure(track?.revision_rate);
  const acceptance = figure(track?.acceptance_rate);
  const fee = facts.offer_fee_cents === null ? null : BigInt(facts.offer_fee_cents);
  return {
    distance: distance === null ? UNKNOWN : clamp(1 - distance / FAR_MILES),
    workload: clamp(1 - open / (facts.capacity && facts.capacity > 0 ? facts.capacity : BUSY_ORDERS)),
    turn_time: turn === null ? UNKNOWN : clamp(1 - turn / SLOW_BUSINESS_DAYS),
    on_time: onTime === null ? UNKNOWN : clamp(onTime),
    quality: revisions === null ? UNKNOWN : clamp(1 - revisions),
    acceptance: acceptance === null ? UNKNOWN : clamp(acceptance),
    fee:
      fee === null || fees === null || fees.high === fees.low
        ? UNKNOWN
        : clamp(Number(fees.high - fee) / Number(fees.high - fees.low)),
  };
}

/** Each factor's points in tenths: value × weight × 10 points. */
function tenthsOf(values: Record<Factor, number>, weights: Weights): Record<Factor, number> {
  return Object.fromEntries(
    FACTORS.map((factor) => [factor, Math.round(values[factor] * weights[factor] * 100)]),
  ) as Record<Factor, number>;
}

/** The track record of an appraiser, by id; undefined: no report in the year. */
export interface TrackRecords {
  get(appraiserId: string): TrackRecord | undefined;
}

/**
 * An offer's time as ISO text, once per Date: the panel in memory keeps the same Date from one
 * ranking to the next, and formatting thousands of them each time cost more than the scores.
 */
const isoTexts = new WeakMap<Date, string>();
function isoText(value: Date | null): string | null {
  if (value === null) return null;
  let text = isoTexts.get(value);
  if (text === undefined) {
    text = value.toISOString();
    isoTexts.set(value, text);
  }
  return text;
}

/** An appraiser of the panel with the distance to the subject and the filters they fail. */
export interface Judged {
  facts: PricedFacts;
  distance: number | null;
  failed: Failure[];
}

/** The hard filters on the whole panel: who passes is known before the track records are read. */
export function judgePanel(panel: PricedFacts[], needs: SelectionNeeds): Judged[] {
  return panel.map((facts) => {
    const distance = distanceOf(facts, needs);
    return { facts, distance, failed: hardFilterFailures(facts, needs, distance) };
  });
}

/**
 * Ranks the panel for the order: those who pass every filter by score, ties to the least
 * recently offered (never offered first), then by id; then everyone a filter stopped, by name.
 * `tracks` gives the track records of those who pass (panel-memory.ts keeps them).
 */
export function rankPanel(
  panel: PricedFacts[],
  needs: SelectionNeeds,
  weights: Weights,
  tracks: TrackRecords,
): RankedCandidate[] {
  return rankJudged(judgePanel(panel, needs), weights, tracks);
}

/** rankPanel on a panel already judged (judgePanel). */
export function rankJudged(judged: Judged[], weights: Weights, tracks: TrackRecords): RankedCandidate[] {
  const passing = judged.filter((entry) => entry.failed.length === 0);
  const knownFees = passing.flatMap((entry) =>
    entry.facts.offer_fee_cents === null ? [] : [BigInt(entry.facts.offer_fee_cents)],
  );
  const fees =
    knownFees.length === 0
      ? null
      : {
          low: knownFees.reduce((a, b) => (b < a ? b : a)),
          high: knownFees.reduce((a, b) => (b > a ? b : a)),
        };
  const scored = passing.map((entry) => {
    const tenths = tenthsOf(
      factorValues(entry.facts, entry.distance, tracks.get(entry.facts.id), fees),
      weights,
    );
    const total = FACTORS.reduce((sum, factor) => sum + tenths[factor], 0);
    return { ...entry, tenths, total };
  });
  const offeredAt = (facts: PricedFacts) => facts.last_offered_at?.getTime() ?? -Infinity;
  scored.sort(
    (a, b) =>
      b.total - a.total ||
      offeredAt(a.facts) - offeredAt(b.facts) ||
      (a.facts.id < b.facts.id ? -1 : a.facts.id > b.facts.id ? 1 : 0),
  );
  // Fields written out, not spread from a shared part: thousands of candidates each ranking.
  const ranked: RankedCandidate[] = scored.map((entry, index) => ({
    appraiser_id: entry.facts.id,
    name: entry.facts.name,
    eligible: true,
    rank: index + 1,
    score: entry.total / 10,
    points: Object.fromEntries(FACTORS.map((factor) => [factor, entry.tenths[factor] / 10])) as Record<
      Factor,
      number
    >,
    failed: [],
    distance_miles: entry.distance,
    last_offered_at: isoText(entry.facts.last_offered_at),
    offer_fee_cents: entry.facts.offer_fee_cents,
  }));
  const stopped: RankedCandidate[] = [];
  for (let i = 0; i < judged.length; i++) {
    const entry = judged[i]!;
    if (entry.failed.length > 0)
      stopped.push({
        appraiser_id: entry.facts.id,
        name: entry.facts.name,
        eligible: false,
        rank: null,
        score: null,
        points: null,
        failed: entry.failed,
        distance_miles: entry.distance,
        last_offered_at: isoText(entry.facts.last_offered_at),
        offer_fee_cents: entry.facts.offer_fee_cents,
      });
  }
  return ranked.concat(stopped);
}
