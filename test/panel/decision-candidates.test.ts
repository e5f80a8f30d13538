import { describe, expect, it } from 'vitest';
import { packCandidates, unpackCandidates } from '../../src/panel/decision-candidates.ts';
import type { RankedCandidate } from '../../src/panel/selection.engine.ts';

/** A decision's candidates as stored: packed, they read back as the engine gave them. */
const passed: RankedCandidate = {
  appraiser_id: '00000000-0000-4000-8000-000000000001',
  name: 'Ana Garcia',
  eligible: true,
  rank: 1,
  score: 41.5,
  points: { distance: 9, workload: 8, turn_time: 7.5, on_time: 7, quality: 5, acceptance: 4, fee: 5 },
  failed: [],
  distance_miles: 4.2,
  last_offered_at: '2026-11-20T15:00:00.000Z',
  offer_fee_cents: '30000',
};
const stopped = (n: number, reason: string): RankedCandidate => ({
  appraiser_id: `00000000-0000-4000-8000-00000000010${n}`,
  name: `Ben Smith ${n}`,
  eligible: false,
  rank: null,
  score: null,
  points: null,
  failed: [
    { filter: 'license', reason: 'No license in TX' },
    { filter: 'coverage', reason },
  ],
  distance_miles: n === 1 ? null : 120.3,
  last_offered_at: null,
  offer_fee_cents: n === 1 ? null : '28500',
});

describe("a decision's stored candidates", () => {
  it('keep every verdict and reason, each distinct sentence once', () => {
    const candidates = [
      passed,
      stopped(1, 'Covers neither Travis County, TX nor ZIP 78701'),
      stopped(2, 'Covers neither Travis County, TX nor ZIP 78701'),
    ];
    const packed = packCandidates(candidates);
    expect(packed.reasons).toEqual(['No license in TX', 'Covers neither Travis County, TX nor ZIP 78701']);
    expect(packed.ranked).toEqual([passed]);
    const read = unpackCandidates(JSON.parse(JSON.stringify(packed)));
    expect(read).toEqual(candidates);
  });

  it('read a decision stored before packing (a plain list) as it was', () => {
    const legacy = [passed, stopped(1, 'Does not cover ZIP 78701')];
    expect(unpackCandidates(JSON.parse(JSON.stringify(legacy)))).toEqual(legacy);
  });
});
