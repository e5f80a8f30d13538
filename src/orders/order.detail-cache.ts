import type { OrderDetailRow } from './order.repository.ts';

/**
 * Orders assembled for their detail (the order, its client, company, appraiser, property type,
 * products and parties: the costly read), kept per process and served again while the order's
 * version (`updated_at`, which the visibility check reads anyway by primary key) is unchanged.
 * Every change of an order moves its version (updateOrder, adding or changing a party, and a
 * trigger for any other update), so a changed order is never served from here, whichever
 * process changed it. What the order only names (a client's or an appraiser's name, a
 * product's) can change without the order: an entry is kept at most MAX_AGE_MS for that.
 * Each caller's answer is still made from the row for them (fees, next steps).
 */
const MAX_ENTRIES = 2_000;
const MAX_AGE_MS = 60_000;

interface Entry {
  version: number;
  row: OrderDetailRow;
  storedAt: number;
}

const entries = new Map<string, Entry>();
let hits = 0;
let misses = 0;

/** The order's assembled row: from the cache when its version matches, else read and kept. */
export async function cachedOrderDetail(
  orderId: string,
  version: Date,
  read: () => Promise<OrderDetailRow | undefined>,
): Promise<OrderDetailRow | undefined> {
  const now = Date.now();
  const entry = entries.get(orderId);
  if (entry && entry.version === version.getTime() && now - entry.storedAt < MAX_AGE_MS) {
    hits += 1;
    // Most recently used last: the oldest in use go first when the cache is full.
    entries.delete(orderId);
    entries.set(orderId, entry);
    return entry.row;
  }
  misses += 1;
  const row = await read();
  if (!row) return row;
  entries.delete(orderId);
  // The version read with the row, not the one asked for: a change between the two reads is
  // then seen as a change at the next request.
  entries.set(orderId, { version: row.updated_at.getTime(), row, storedAt: now });
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  return row;
}

/** How the cache has served (for tests and metrics): reads it answered, and reads it passed on. */
export const detailCacheStats = () => ({ hits, misses, size: entries.size });
