import type { AuthUser } from '../auth/principal.ts';
import type { Db } from '../db/connection.ts';
import { listen, type Listening } from '../db/notifications.ts';
import { AppError } from '../errors/app-error.ts';
import { mayReceive, readAnnouncedEvents, type OrderEventRef } from '../orders/order.event-log.ts';

/**
 * One process's feed of order events for its open streams. Every committed event is announced
 * by the database (a trigger NOTIFYs `aoms_events` with its id), whichever process made the
 * change, so a browser connected here hears of changes made through any other process.
 *
 * One listening connection per process, opened with the first stream. Announcements that
 * arrive together are read in one query, with their orders' owners as they are now; each
 * stream then keeps those its user may see, with no query of its own.
 *
 * When the feed cannot be sure it heard everything (the listening connection dropped, a read
 * failed) or the process shuts down, it ends every stream: clients reconnect (EventSource does
 * it by itself) with Last-Event-ID, and the replay fills the gap.
 */
const CHANNEL = 'aoms_events';
/** Announcements read per query. */
const BATCH = 200;

export interface Subscriber {
  readonly user: AuthUser;
  send(event: OrderEventRef): void;
  end(): void;
}

export class EventFeed {
  readonly #db: Db;
  readonly #onError: (error: unknown) => void;
  readonly #subscribers = new Set<Subscriber>();
  readonly #streamsPerUser = new Map<string, number>();
  #listening: Promise<Listening> | null = null;
  #pending: string[] = [];
  #delivering: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(db: Db, onError: (error: unknown) => void) {
    this.#db = db;
    this.#onError = onError;
  }

  /** Takes one of the user's stream slots, or refuses (429); the answer gives it back. */
  reserve(userId: string, max: number): () => void {
    const open = this.#streamsPerUser.get(userId) ?? 0;
    if (open >= max)
      throw new AppError(
        'rate_limited',
        `You have ${open} live-update streams open, the most one user may have: close one (another tab or window) first`,
      );
    this.#streamsPerUser.set(userId, open + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#streamsPerUser.get(userId) ?? 1) - 1;
      if (left > 0) this.#streamsPerUser.set(userId, left);
      else this.#streamsPerUser.delete(userId);
    };
  }

  /** Adds a stream once the feed is listening; the answer removes it. */
  async subscribe(subscriber: Subscriber): Promise<() => void> {
    if (this.#closed) throw new AppError('service_unavailable', 'The service is shutting down');
    try {
      await this.#listen();
    } catch (error) {
      this.#onError(error);
      throw new AppError('service_unavailable', 'Live updates are not available now; retry shortly');
    }
    if (this.#closed) throw new AppError('service_unavailable', 'The service is shutting down');
    this.#subscribers.add(subscriber);
    return () => this.#subscribers.delete(subscriber);
  }

  /** Ends every stream and stops listening: the process is shutting down. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#endAll();
    const listening = this.#listening;
    this.#listening = null;
    const connection = await listening?.catch(() => null);
    await connection?.close();
  }

  #listen(): Promise<Listening> {
    this.#listening ??= listen(this.#db, CHANNEL, {
      onPayload: (id) => this.#announced(id),
      onLost: (error) => {
        this.#listening = null;
        this.#onError(error);
        this.#endAll();
      },
    }).catch((error: unknown) => {
      this.#listening = null;
      throw error;
    });
    return this.#listening;
  }

  #announced(eventId: string): void {
    if (this.#subscribers.size === 0) return;
    this.#pending.push(eventId);
    // One delivery at a time, in the order of the announcements (the order of the commits).
    if (this.#pending.length === 1) this.#delivering = this.#delivering.then(() => this.#deliver());
  }

  async #deliver(): Promise<void> {
    while (this.#pending.length > 0) {
      const ids = this.#pending.splice(0, BATCH);
      let events;
      try {
        events = await readAnnouncedEvents(this.#db, ids);
      } catch (error) {
        this.#pending = [];
        this.#onError(error);
        this.#endAll();
        return;
      }
      for (const announced of events) {
        const event: OrderEventRef = { id: announced.id, type: announced.type, order_id: announced.order_id };
        for (const subscriber of this.#subscribers)
          if (mayReceive(subscriber.user, announced)) subscriber.send(event);
      }
    }
  }

  #endAll(): void {
    const subscribers = [...this.#subscribers];
    this.#subscribers.clear();
    for (const subscriber of subscribers) subscriber.end();
  }
}
