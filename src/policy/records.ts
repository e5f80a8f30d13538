import { reaches, type Audience, type Party } from './audience.ts';
import { withoutHiddenTerms } from './terms.ts';

/**
 * How much of a record of an order (a history entry, an event) a party sees:
 * - `full`: the record reaches its audience whole, less the other side's terms (terms.ts);
 * - `status`: anyone else on the order sees that the status moved, if it did (from, to, the
 *   action, when), without who did it, why, or its details;
 * - `none`: a record outside the party's audience that moved no status is not seen at all.
 */
export type RecordView = 'full' | 'status' | 'none';

export function recordView(record: { audience: Audience; movesStatus: boolean }, party: Party): RecordView {
  if (reaches(record.audience, party)) return 'full';
  return record.movesStatus ? 'status' : 'none';
}

interface HistoryRecord {
  from: string | null;
  to: string;
  by: unknown;
  acting_for: unknown;
  reason: string | null;
  details: Record<string, unknown>;
}

/** A history entry as the party sees it; null when it does not see it. */
export function historyEntrySeenBy<E extends HistoryRecord>(
  entry: E,
  audience: Audience,
  party: Party,
): E | null {
  switch (recordView({ audience, movesStatus: entry.from !== entry.to }, party)) {
    case 'full':
      return { ...entry, details: withoutHiddenTerms(entry.details, party) };
    case 'status':
      return { ...entry, by: null, acting_for: null, reason: null, details: {} };
    case 'none':
      return null;
  }
}

/** The one event type that tells a move of status: the status view of any record. */
export const STATUS_EVENT = 'order.status_changed';

/** An event's data as the party sees it; null when it does not see it. */
export function eventDataSeenBy<D extends Record<string, unknown>>(
  type: string,
  audience: Audience,
  data: D,
  party: Party,
): D | null {
  switch (recordView({ audience, movesStatus: type === STATUS_EVENT }, party)) {
    case 'full':
      return withoutHiddenTerms(data, party);
    case 'status':
      return { ...data, actor: null, acting_for: null, reason: null };
    case 'none':
      return null;
  }
}
