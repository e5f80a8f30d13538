import { type Failure, type FilterName, type RankedCandidate } from './selection.engine.ts';

/**
 * How a decision's candidates are stored (docs/assignment.md, "The stored explanation"). Every
 * candidate is kept with each filter's verdict, but the thousands a panel stops for an order share
 * few sentences: those who passed are kept whole; each of those stopped as a short tuple whose
 * failures point into one list of the decision's distinct reasons. For a panel of 5,000 this took
 * a decision from 1.9 MB of JSON to about a third of it. Decisions stored before (a plain list of
 * candidates) read as they were.
 */

/** An appraiser a filter stopped: id, name, miles from the subject, the offer's fee, failures. */
type StoppedTuple = [string, string, number | null, string | null, [FilterName, number][]];

export interface StoredCandidates {
  format: 2;
  ranked: RankedCandidate[];
  stopped: StoppedTuple[];
  reasons: string[];
}

export function packCandidates(candidates: readonly RankedCandidate[]): StoredCandidates {
  const reasons: string[] = [];
  const reasonIndex = new Map<string, number>();
  const indexOf = (reason: string) => {
    let index = reasonIndex.get(reason);
    if (index === undefined) {
      index = reasons.length;
      reasons.push(reason);
      reasonIndex.set(reason, index);
    }
    return index;
  };
  const ranked: RankedCandidate[] = [];
  const stopped: StoppedTuple[] = [];
  for (const candidate of candidates) {
    if (candidate.eligible) ranked.push(candidate);
    else
      stopped.push([
        candidate.appraiser_id,
        candidate.name,
        candidate.distance_miles,
        candidate.offer_fee_cents,
        candidate.failed.map((failure): [FilterName, number] => [failure.filter, indexOf(failure.reason)]),
      ]);
  }
  return { format: 2, ranked, stopped, reasons };
}

const isPacked = (stored: unknown): stored is StoredCandidates =>
  typeof stored === 'object' && stored !== null && (stored as { format?: unknown }).format === 2;

/** The candidates of a stored decision, the ranked first, as the engine gave them. */
export function unpackCandidates(stored: unknown): RankedCandidate[] {
  if (!isPacked(stored)) return stored as RankedCandidate[];
  const stopped = stored.stopped.map(([appraiserId, name, distance, fee, failures]): RankedCandidate => ({
    appraiser_id: appraiserId,
    name,
    eligible: false,
    rank: null,
    score: null,
    points: null,
    failed: failures.map(([filter, reason]): Failure => ({ filter, reason: stored.reasons[reason] ?? '' })),
    distance_miles: distance,
    // Not kept for those stopped: only the order among those who passed reads it.
    last_offered_at: null,
    offer_fee_cents: fee,
  }));
  return [...stored.ranked, ...stopped];
}
