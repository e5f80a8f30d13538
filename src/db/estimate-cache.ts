/**
 * The planner's estimates of how many rows a search finds, kept per process for a minute.
 * An estimate comes from the table's statistics and the search's values, and the statistics
 * change only when the table is analysed (autovacuum, after a tenth of its rows changed); so
 * a search asked again within the minute gets the figure it got before, without planning it
 * again: planning the EXPLAIN cost the database about a millisecond, as much as the page it
 * stood beside (docs/performance.md, "One plan for every value"). A total above the bound is
 * said to be an estimate whichever way it came, and never less than what the caller was
 * shown (list-count.ts, estimatedTotal).
 */
const MAX_ENTRIES = 2_000;
const MAX_AGE_MS = 60_000;

interface Entry {
  rows: number;
  storedAt: number;
}

const entries = new Map<string, Entry>();

/** The estimate for this statement and its values: remembered, else asked for and kept. */
export async function cachedEstimate(
  statement: string,
  values: readonly unknown[],
  estimate: () => Promise<number>,
  now = Date.now(),
): Promise<number> {
  const key = `${statement}\u0000${JSON.stringify(values)}`;
  const entry = entries.get(key);
  if (entry && now - entry.storedAt < MAX_AGE_MS) return entry.rows;
  const rows = await estimate();
  entries.delete(key);
  entries.set(key, { rows, storedAt: now });
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  return rows;
}
