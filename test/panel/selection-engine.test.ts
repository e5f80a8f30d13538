import { milesBetween } from '../../src/reference/distance.ts';
import { describe, expect, it } from 'vitest';
import {
  FILTERS,
  filtersInForce,
  rankPanel,
  type PricedFacts,
  type SelectionNeeds,
} from '../../src/panel/selection.engine.ts';
import type { TrackRecord } from '../../src/panel/selection.repository.ts';
import { DEFAULT_WEIGHTS, FACTORS, type Weights } from '../../src/panel/selection-rules.schemas.ts';

/**
 * The assignment engine on plain values (panel/selection.engine.ts): each hard filter stops
 * exactly the appraisers it should, with its reason; the weights order a panel the same way every
 * time; equal scores spread the orders evenly.
 */
const needs: SelectionNeeds = {
  state: 'TX',
  fha: false,
  today: '2026-11-27',
  eoMinimumCents: null,
  countyName: 'Travis County',
  zip: '78701',
  latitude: 30.2672,
  longitude: -97.7431,
  productName: 'Full Appraisal (1004)',
  passOverPastDue: false,
};

let serial = 0;
/** A qualified appraiser: certified in TX, insured, covering Travis, under capacity, not away. */
function appraiser(overrides: Partial<PricedFacts> = {}): PricedFacts {
  serial += 1;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    first_name: 'Appraiser',
    last_name: String(serial),
    name: `Appraiser ${serial}`,
    email: `a${serial}@panel.example`,
    active: true,
    license_level: 'certified_residential',
    license_expires_on: '2027-06-30',
    license_number: 'TX-1380423-R',
    registry_status: null,
    registry_expires_on: null,
    eo_expires_on: '2027-06-30',
    eo_per_claim_cents: '100000000',
    fha_roster: true,
    capacity: null,
    home_latitude: null,
    home_longitude: null,
    radius_miles: null,
    has_areas: true,
    covers_county: true,
    covers_zip: false,
    takes_product: true,
    away_through: null,
    excluded_reason: null,
    turned_down: false,
    open_orders: 0,
    past_due: 0,
    last_offered_at: null,
    last_fee_cents: null,
    offer_fee_cents: '30000',
    ...overrides,
  };
}

const NO_TRACKS = new Map<string, TrackRecord>();
const failedOf = (facts: PricedFacts[], orderNeeds: SelectionNeeds = needs) =>
  Object.fromEntries(rankPanel(facts, orderNeeds, DEFAULT_WEIGHTS, NO_TRACKS).map((c) => [c.name, c.failed]));

describe('the hard filters', () => {
  it('each stops exactly the appraiser it should, with the reason', () => {
    const cases: [string, Partial<PricedFacts>, SelectionNeeds | undefined, string][] = [
      ['active', { active: false }, undefined, 'Deactivated'],
      [
        'not_turned_down',
        { turned_down: true },
        undefined,
        'Turned this order down (rejected it or let the offer lapse)',
      ],
      [
        'not_excluded',
        { excluded_reason: 'Late twice' },
        undefined,
        "On the lender's do-not-use list: Late twice",
      ],
      ['license', { license_level: null, license_expires_on: null }, undefined, 'No license in TX'],
      ['license', { license_expires_on: '2026-11-26' }, undefined, 'The TX license expired on 11/26/2026'],
      [
        'license',
        { license_level: 'trainee' },
        undefined,
        'A trainee in TX: a trainee does not sign a report alone',
      ],
      [
        'license',
        { license_level: 'licensed', fha_roster: true },
        { ...needs, fha: true },
        'An FHA loan needs a certified appraiser; licensed in TX',
      ],
      [
        'license',
        { license_level: 'licensed' },
        { ...needs, certifiedProduct: 'Full Appraisal (1004)' },
        'Full Appraisal (1004) needs a certified appraiser; licensed in TX',
      ],
      [
        'license',
        { registry_status: 'I' },
        undefined,
        'The ASC registry shows the TX license TX-1380423-R inactive',
      ],
      [
        'license',
        { registry_status: 'A', registry_expires_on: '2026-10-31' },
        undefined,
        'The ASC registry shows the TX license expired on 10/31/2026',
      ],
      ['fha_roster', { fha_roster: false }, { ...needs, fha: true }, 'Not on the FHA roster (an FHA loan)'],
      [
        'eo_policy',
        { eo_expires_on: null, eo_per_claim_cents: null },
        undefined,
        'No errors-and-omissions policy on file',
      ],
      ['eo_policy', { eo_expires_on: '2026-11-26' }, undefined, 'The E&O policy expired on 11/26/2026'],
      [
        'eo_policy',
        { eo_per_claim_cents: '50000000' },
        { ...needs, eoMinimumCents: 100_000_000n },
        "E&O coverage of $500,000.00 per claim is below the company's minimum of $1,000,000.00",
      ],
      [
        'eo_policy',
        { eo_per_claim_cents: '50000000' },
        { ...needs, eoMinimumCents: 100_000_000n, eoMinimumOf: 'lender' },
        "E&O coverage of $500,000.00 per claim is below the lender's minimum of $1,000,000.00",
      ],
      ['coverage', { covers_county: false }, undefined, 'Covers neither Travis County, TX nor ZIP 78701'],
      [
        'coverage',
        { covers_county: false, has_areas: false },
        undefined,
        'No coverage recorded: no county, ZIP code or radius',
      ],
      // Round Rock is 17.6 miles from downtown Austin.
      [
        'coverage',
        { covers_county: false, home_latitude: 30.5083, home_longitude: -97.6789, radius_miles: 10 },
        undefined,
        'Covers neither Travis County, TX nor ZIP 78701; home is 17.0 miles away, beyond a 10-mile radius'.replace(
          '17.0',
          String(milesBetween({ lat: 30.5083, lng: -97.6789 }, { lat: 30.2672, lng: -97.7431 })),
        ),
      ],
      ['product', { takes_product: false }, undefined, 'Does not take Full Appraisal (1004)'],
      [
        'fee',
        { offer_fee_cents: null },
        undefined,
        "No fee for Full Appraisal (1004) in Travis County, TX: neither their fee schedule nor the company's standard fees have a line",
      ],
      ['capacity', { capacity: 3, open_orders: 3 }, undefined, 'At capacity: 3 open orders of 3'],
      ['time_off', { away_through: '2026-12-02' }, undefined, 'Away through 12/02/2026'],
      ['past_due', { past_due: 2 }, { ...needs, passOverPastDue: true }, '2 open orders past their due date'],
    ];
    for (const [filter, overrides, orderNeeds, reason] of cases) {
      const ready = appraiser();
      const stopped = appraiser(overrides);
      const failed = failedOf([ready, stopped], orderNeeds);
      expect(failed[`${ready.first_name} ${ready.last_name}`], filter).toEqual([]);
      expect(failed[`${stopped.first_name} ${stopped.last_name}`], filter).toEqual([{ filter, reason }]);
    }
  });

  it('lets in what a filter allows: a ZIP or a radius instead of a county, a past-due order when the company allows it, capacity under the limit, a credential on its last day', () => {
    const byZip = appraiser({ covers_county: false, covers_zip: true });
    const byRadius = appraiser({
      covers_county: false,
      home_latitude: 30.5083,
      home_longitude: -97.6789,
      radius_miles: 25,
    });
    const late = appraiser({ past_due: 4 });
    const room = appraiser({ capacity: 3, open_orders: 2 });
    const lastDay = appraiser({ license_expires_on: '2026-11-27', eo_expires_on: '2026-11-27' });
    const ranked = rankPanel([byZip, byRadius, late, room, lastDay], needs, DEFAULT_WEIGHTS, NO_TRACKS);
    expect(ranked.every((c) => c.eligible)).toBe(true);
    expect(ranked.find((c) => c.appraiser_id === byRadius.id)?.distance_miles).toBeCloseTo(17.1, 0);
  });

  it('lists every filter that fails, in the order the engine applies them, and the filters in force', () => {
    const everything = appraiser({
      active: false,
      license_level: null,
      license_expires_on: null,
      eo_expires_on: null,
      covers_county: false,
      has_areas: false,
      away_through: '2026-12-01',
    });
    expect(
      failedOf([everything])[`${everything.first_name} ${everything.last_name}`]!.map((f) => f.filter),
    ).toEqual(['active', 'license', 'eo_policy', 'coverage', 'time_off']);
    expect(filtersInForce(needs)).toEqual(FILTERS.filter((f) => f !== 'fha_roster' && f !== 'past_due'));
    expect(filtersInForce({ ...needs, fha: true, passOverPastDue: true })).toEqual([...FILTERS]);
  });
});

describe('the score', () => {
  const track = (
    id: string,
    turn: number,
    onTime: number,
    revisions: number,
    acceptance: number,
  ): TrackRecord => ({
    appraiser_id: id,
    reports: '20',
    mean_turn_business_days: String(turn),
    on_time_rate: String(onTime),
    revision_rate: String(revisions),
    acceptance_rate: String(acceptance),
  });

  it('orders a fixture panel by the weights, the same way every time, with each factor’s points', () => {
    const near = appraiser({
      home_latitude: 30.27,
      home_longitude: -97.74,
      open_orders: 6,
      offer_fee_cents: '32000',
    });
    const idle = appraiser({
      home_latitude: 30.5083,
      home_longitude: -97.6789,
      open_orders: 0,
      offer_fee_cents: '33000',
    });
    const fast = appraiser({ open_orders: 4, offer_fee_cents: '35000' });
    const cheap = appraiser({ open_orders: 4, offer_fee_cents: '30000' });
    const tracks = new Map([
      [fast.id, track(fast.id, 3, 1, 0, 1)],
      [cheap.id, track(cheap.id, 9, 0.7, 0.3, 0.5)],
      [near.id, track(near.id, 6, 0.9, 0.1, 0.8)],
    ]);
    const panel = [near, idle, fast, cheap];
    const order = (weights: Weights) => rankPanel(panel, needs, weights, tracks).map((c) => c.appraiser_id);
    const byDefault = order(DEFAULT_WEIGHTS);
    for (let run = 0; run < 5; run += 1) expect(order(DEFAULT_WEIGHTS)).toEqual(byDefault);
    expect(
      rankPanel([...panel].reverse(), needs, DEFAULT_WEIGHTS, tracks).map((c) => c.appraiser_id),
    ).toEqual(byDefault);
    // near: 29.9 + 21 + 8 + 18 + 18 + 8 + 6 = 108.9; fast: 103; idle (no record: halves):
    // 24.9 + 30 + 10 + 10 + 10 + 5 + 4 = 93.9; cheap: 15 + 24 + 2 + 14 + 14 + 5 + 10 = 84.
    expect(byDefault).toEqual([near.id, fast.id, idle.id, cheap.id]);

    const zero: Weights = {
      distance: 0,
      workload: 0,
      turn_time: 0,
      on_time: 0,
      quality: 0,
      acceptance: 0,
      fee: 0,
    };
    expect(order({ ...zero, distance: 10 })[0]).toBe(near.id);
    expect(order({ ...zero, acceptance: 10 })[0]).toBe(fast.id);
    expect(order({ ...zero, workload: 10 })[0]).toBe(idle.id);
    expect(order({ ...zero, fee: 10 })[0]).toBe(cheap.id);
    expect(order({ ...zero, turn_time: 10 })[0]).toBe(fast.id);

    const second = rankPanel(panel, needs, DEFAULT_WEIGHTS, tracks)[1]!;
    // fast: 3 business days of 10 → 0.7 × 2 × 10 = 14 points; always on time 20; no revisions 20;
    // 4 open of 20 → 24; distance unknown → half of 30; every offer accepted → 10; the dearer
    // fee of the two known → 0.
    expect(second).toMatchObject({
      appraiser_id: fast.id,
      rank: 2,
      eligible: true,
      points: { distance: 15, workload: 24, turn_time: 14, on_time: 20, quality: 20, acceptance: 10, fee: 0 },
      score: 103,
    });
  });

  it('spreads N orders over k equal appraisers with at most one apart', () => {
    const panel = Array.from({ length: 7 }, () => appraiser());
    const given = new Map(panel.map((a) => [a.id, 0]));
    let clock = Date.parse('2026-11-27T12:00:00Z');
    for (let n = 0; n < 100; n += 1) {
      const chosen = rankPanel(panel, needs, DEFAULT_WEIGHTS, NO_TRACKS)[0]!;
      const facts = panel.find((a) => a.id === chosen.appraiser_id)!;
      given.set(facts.id, given.get(facts.id)! + 1);
      facts.open_orders += 1;
      facts.last_offered_at = new Date((clock += 60_000));
      // Every so often an appraiser finishes an order.
      if (n % 5 === 4) {
        const done = panel[n % panel.length]!;
        if (done.open_orders > 0) done.open_orders -= 1;
      }
    }
    const counts = [...given.values()];
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);

    // With every weight at 0, the offers go round the panel.
    const round = Array.from({ length: 4 }, () => appraiser());
    const zero = Object.fromEntries(FACTORS.map((factor) => [factor, 0])) as Weights;
    const order: string[] = [];
    for (let n = 0; n < 8; n += 1) {
      const chosen = rankPanel(round, needs, zero, NO_TRACKS)[0]!;
      order.push(chosen.appraiser_id);
      round.find((a) => a.id === chosen.appraiser_id)!.last_offered_at = new Date((clock += 60_000));
    }
    expect(order.slice(4)).toEqual(order.slice(0, 4));
    expect(new Set(order.slice(0, 4)).size).toBe(4);
  });
});
