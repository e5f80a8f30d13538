import type { Db } from '../db/connection.ts';
import { listen, type Listening } from '../db/notifications.ts';

/** The channel on which the database announces each committed order event (migration 0021). */
const CHANNEL = 'aoms_events';
/** After the listening connection failed, how long before the next read tries it again. */
const RETRY_MS = 1000;

/**
 * Whether any order may have changed since a moment, as a generation number that moves
 * whenever one did: when the database announces a committed order event (whichever process
 * made the change: the API, the timers, the command line, another instance), and when this
 * process answers a request that may have written (`touch`, before the answer leaves, so that
 * the caller's next read sees its own change even if the announcement is still on its way).
 *
 * `current()` is null while nothing is being heard (not yet listening, or the connection was
 * lost): then no answer may be served from a cache that relies on it. Listening starts with
 * the first `current()`, on one connection of its own per process.
 */
export class OrderChanges {
  readonly #db: Db;
  readonly #onError: (error: unknown) => void;
  #generation: number | null = null;
  #counter = 0;
  #listening: Promise<Listening> | null = null;
  #retryAfter = 0;
  #closed = false;

  constructor(db: Db, onError: (error: unknown) => void) {
    this.#db = db;
    this.#onError = onError;
  }

  current(): number | null {
    if (this.#listening === null && !this.#closed && Date.now() >= this.#retryAfter) this.#listen();
    return this.#generation;
  }

  /** Something may have changed in this process (a write was answered). */
  touch(): void {
    this.#counter++;
    if (this.#generation !== null) this.#generation = this.#counter;
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#generation = null;
    const listening = this.#listening;
    this.#listening = null;
    await listening?.then(
      (l) => l.close(),
      () => undefined,
    );
  }

  #listen(): void {
    const lost = (error: unknown) => {
      this.#generation = null;
      this.#listening = null;
      this.#retryAfter = Date.now() + RETRY_MS;
      if (!this.#closed) this.#onError(error);
    };
    const listening = listen(this.#db, CHANNEL, { onPayload: () => this.touch(), onLost: lost });
    this.#listening = listening;
    listening.then((connection) => {
      if (this.#closed || this.#listening !== listening) return void connection.close();
      // A new generation: nothing computed before this connection heard anything is trusted.
      this.#counter++;
      this.#generation = this.#counter;
    }, lost);
  }
}

interface Entry<T> {
  value: Promise<T>;
  generation: number;
  expiresAt: number;
}

/**
 * Answers of reads that sum many orders (the pipeline's queue counts, the dashboard's figures),
 * kept per process while no order has changed and for at most `ttlMs` (they also depend on the
 * clock: what is overdue, which days a period holds). Concurrent reads of the same key share
 * one computation. An answer computed while an order changed is not kept past the change: its
 * generation is the one read before it was computed.
 */
export class ReadCache<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #changes: OrderChanges;
  readonly #ttlMs: number;
  readonly #maxEntries: number;

  constructor(changes: OrderChanges, options: { ttlMs: number; maxEntries: number }) {
    this.#changes = changes;
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
  }

  read(key: string, compute: () => Promise<T>): Promise<T> {
    const generation = this.#changes.current();
    if (generation === null) return compute();
    const now = Date.now();
    const kept = this.#entries.get(key);
    if (kept && kept.generation === generation && kept.expiresAt > now) return kept.value;
    const entry: Entry<T> = { value: compute(), generation, expiresAt: now + this.#ttlMs };
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    // A failed computation is not kept: the next read tries again.
    entry.value.catch(() => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    // Oldest first out (a Map keeps insertion order; a recomputed key was moved to the end).
    if (this.#entries.size > this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    return entry.value;
  }
}
