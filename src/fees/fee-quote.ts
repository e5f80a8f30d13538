/**
 * Which fee schedule entry applies to an order and what it comes to (docs/fees.md): plain rules
 * on plain values, shared by the lender's fee and the appraiser's.
 *
 * The most specific entry applies. A party's own entries (the client's, the appraiser's) come
 * before the company's for everyone; among them, the subject's county before its state before
 * everywhere. The rush add-on applies when the due date is fewer than `rush_days` calendar days
 * away; the complexity add-on when the order is marked complex.
 */

export interface ScheduleEntry {
  /** The client's or the appraiser's own entry; false: the company's for everyone. */
  own: boolean;
  state_id: string | null;
  county_id: string | null;
  fee_cents: string;
  rush_fee_cents: string;
  rush_days: number | null;
  complexity_fee_cents: string;
}

export interface FeeSubject {
  /** The order's 2-digit state code. */
  stateId: string;
  /** 5-digit FIPS; null when the address named none. */
  countyId: string | null;
  /** Whole calendar days from now to the due date (0: due today). */
  daysToDue: number;
  complex: boolean;
}

export interface FeeQuote {
  /** What the fee comes to: the base and the add-ons that apply. */
  total_cents: bigint;
  base_cents: bigint;
  rush_cents: bigint;
  complexity_cents: bigint;
  /** Where the entry applies: 'county', 'state' or 'everywhere'. */
  scope: 'county' | 'state' | 'everywhere';
  own: boolean;
}

/** How closely an entry fits the subject; null when it does not apply there. */
function fit(entry: ScheduleEntry, subject: FeeSubject): number | null {
  if (entry.county_id !== null) return entry.county_id === subject.countyId ? 2 : null;
  if (entry.state_id !== null) return entry.state_id === subject.stateId ? 1 : null;
  return 0;
}

const NO_ENTRIES: readonly never[] = [];

/**
 * The entry of `entries` (then of `more`: the company's standard lines after an appraiser's own)
 * that fits the subject best. Two lists rather than one joined: a ranking prices thousands of
 * appraisers, and joining them was an array each.
 */
export function applicableEntry<Entry extends ScheduleEntry>(
  entries: readonly Entry[],
  subject: FeeSubject,
  more: readonly Entry[] = NO_ENTRIES,
): Entry | null {
  let best: Entry | null = null;
  let bestRank = -1;
  const count = entries.length + more.length;
  for (let i = 0; i < count; i++) {
    const entry = i < entries.length ? entries[i]! : more[i - entries.length]!;
    const closeness = fit(entry, subject);
    if (closeness === null) continue;
    const rank = (entry.own ? 10 : 0) + closeness;
    if (rank > bestRank) {
      best = entry;
      bestRank = rank;
    }
  }
  return best;
}

export function quoteFee(
  entries: readonly ScheduleEntry[],
  subject: FeeSubject,
  more: readonly ScheduleEntry[] = NO_ENTRIES,
): FeeQuote | null {
  const entry = applicableEntry(entries, subject, more);
  if (entry === null) return null;
  const base = BigInt(entry.fee_cents);
  const rush =
    entry.rush_days !== null && subject.daysToDue < entry.rush_days ? BigInt(entry.rush_fee_cents) : 0n;
  const complexity = subject.complex ? BigInt(entry.complexity_fee_cents) : 0n;
  return {
    total_cents: base + rush + complexity,
    base_cents: base,
    rush_cents: rush,
    complexity_cents: complexity,
    scope: entry.county_id !== null ? 'county' : entry.state_id !== null ? 'state' : 'everywhere',
    own: entry.own,
  };
}

const DAY_MS = 86_400_000;

/** Whole calendar days from `now` to `due` (a due date earlier today counts as 0). */
export function daysUntil(due: Date, now: Date): number {
  return Math.max(0, Math.floor((due.getTime() - now.getTime()) / DAY_MS));
}
