import type { Db } from '../db/connection.ts';
import { listen, type Listening } from '../db/notifications.ts';

/** The channel on which the database announces, at commit, whose orders changed (migration 0028). */
const CHANNEL = 'aoms_order_changes';
/** After the listening connection failed, how long before the next read tries it again. */
const RETRY_MS = 1000;

/**
 * Whether a company's orders may have changed since a moment, as a generation that moves
 * whenever one did: when the database announces that a change to its orders committed
 * (whichever process made it: the API, the timers, the command line, another instance), and
 * when its staff's write is answered by this process (`touch`, before the answer leaves, so
 * that the writer's next read sees the change even if the announcement is still on its way).
 * A change to one company's orders leaves every other company's generation as it was.
 *
 * `current()` is null while nothing is being heard (not yet listening, or the connection was
 * lost): then no answer may be served from a cache that relies on it. Listening starts with
 * the first `current()`, on one connection of its own per process.
 */
export class OrderChanges {
  readonly #db: Db;
  readonly #onError: (error: unknown) => void;
  /** Moves when listening starts again and when a write of no one company is answered. */
  #epoch = 0;
  /** Moves with every change: the generation of "every company" (an operator's view). */
  #any = 0;
  readonly #byCompany = new Map<string, number>();
  #hearing = false;
  #listening: Promise<Listening> | null = null;
  #retryAfter = 0;
  #closed = false;

  constructor(db: Db, onError: (error: unknown) => void) {
    this.#db = db;
    this.#onError = onError;
  }

  /** The generation of one company's orders (null: of every company's), or null if unknown. */
  current(companyId: string | null): string | null {
    if (this.#listening === null && !this.#closed && Date.now() >= this.#retryAfter) this.#listen();
    if (!this.#hearing) return null;
    const company = companyId === null ? this.#any : (this.#byCompany.get(companyId) ?? 0);
    return `${this.#epoch}.${company}`;
  }

  /** A change to the company's orders (null: to any company's) was answered in this process. */
  touch(companyId: string | null): void {
    this.#any++;
    if (companyId === null) this.#epoch++;
    else this.#byCompany.set(companyId, (this.#byCompany.get(companyId) ?? 0) + 1);
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#hearing = false;
    const listening = this.#listening;
    this.#listening = null;
    await listening?.then(
      (l) => l.close(),
      () => undefined,
    );
  }

  #listen(): void {
    const lost = (error: unknown) => {
      this.#hearing = false;
      this.#listening = null;
      this.#retryAfter = Date.now() + RETRY_MS;
      if (!this.#closed) this.#onError(error);
    };
    const listening = listen(this.#db, CHANNEL, {
      onPayload: (companyId) => this.touch(companyId),
      onLost: lost,
    });
    this.#listening = listening;
    listening.then((connection) => {
      if (this.#closed || this.#listening !== listening) return void connection.close();
      // Nothing computed before this connection could hear changes is trusted.
      this.#epoch++;
      this.#hearing = true;
    }, lost);
  }
}

interface Entry<T> {
  value: Promise<T>;
  generation: string;
  expiresAt: number;
}

/**
 * Answers of reads that sum many orders (the pipeline's queue counts, the dashboard's figures),
 * kept per process while none of the company's orders has changed and for at most `ttlMs` (they also depend on the
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

  /** The answer kept for `key`, a read of `companyId`'s orders (null: of every company's). */
  read(key: string, companyId: string | null, compute: () => Promise<T>): Promise<T> {
    const generation = this.#changes.current(companyId);
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
