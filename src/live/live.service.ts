import { PassThrough, type Readable } from 'node:stream';
import type { Principal } from '../auth/principal.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/connection.ts';
import { eventStreamsOpen } from '../metrics/metrics.ts';
import {
  visibleEventsAfter,
  visibleEventsSince,
  type OrderEventRef,
  type ReplayBounds,
} from '../orders/order.event-log.ts';
import { credentialStillValid } from '../sessions/session.service.ts';
import type { EventFeed } from './live.feed.ts';

/**
 * A caller's stream of server-sent events (text/event-stream): one event per change to an
 * order the caller may see, as the order's own GET decides, carrying only the order's id and
 * the event's type; the caller reads the order for the rest, with its own view of it (fees).
 *
 *   id: <event id>
 *   event: order.status_changed
 *   data: {"order_id":"…","type":"order.status_changed"}
 *
 * With Last-Event-ID (EventSource sends it when it reconnects), the events that followed that
 * one come first, within REPLAY's bounds; with `since` (a page opening its first stream: the
 * time of its first read), those written from then on; when they cannot all be told, a
 * `resync` event says so: reload what you show. A comment line keeps a quiet stream open, and with it the caller's
 * session or key is checked again: signing out or revoking the key ends the stream.
 */
export interface LiveDeps {
  db: Db;
  config: Config;
  feed: EventFeed;
}

export const REPLAY: ReplayBounds = { windowSeconds: 15 * 60, limit: 500, overlapSeconds: 5 };
/** How long EventSource waits before it reconnects (the `retry` field). */
export const RECONNECT_MS = 3000;
/** A reader this far behind is cut off: it reconnects, and the replay catches it up. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

const eventFrame = (event: OrderEventRef) =>
  `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify({ order_id: event.order_id, type: event.type })}\n\n`;
const RESYNC_FRAME = 'event: resync\ndata: {}\n\n';

export async function openEventStream(
  { db, config, feed }: LiveDeps,
  principal: Principal,
  /** Where the replay starts: after an event (Last-Event-ID, which wins), or from a time. */
  from: { lastEventId?: string | undefined; since?: Date | undefined },
): Promise<Readable> {
  const { user } = principal;
  const release = feed.reserve(user.id, config.eventStreams.perUser);
  const body = new PassThrough();
  const write = (text: string) => {
    if (body.writableEnded || body.destroyed) return;
    body.write(text);
    if (body.writableLength > MAX_BUFFERED_BYTES) body.destroy();
  };
  // Live events heard while the replay is read wait here, so that none falls between the two.
  let held: OrderEventRef[] | null = [];
  // What the stream has told, and the event the client named: a live notice of one of them that
  // comes late (the feed's connection is slower than the replay's read) is not told again.
  const told = new Set<string>(from.lastEventId === undefined ? [] : [from.lastEventId]);
  let unsubscribe = () => {};
  let replay: OrderEventRef[] | null = [];
  try {
    unsubscribe = await feed.subscribe({
      user,
      send: (event) => {
        if (held) held.push(event);
        else if (!told.has(event.id)) write(eventFrame(event));
      },
      end: () => body.end(),
    });
    if (from.lastEventId !== undefined) replay = await visibleEventsAfter(db, user, from.lastEventId, REPLAY);
    else if (from.since !== undefined) replay = await visibleEventsSince(db, user, from.since, REPLAY);
  } catch (error) {
    unsubscribe();
    release();
    throw error;
  }

  write(`retry: ${RECONNECT_MS}\n\n`);
  if (replay === null) write(RESYNC_FRAME);
  for (const event of replay ?? []) told.add(event.id);
  for (const event of [...(replay ?? []), ...held.filter((e) => !told.has(e.id))]) write(eventFrame(event));
  held = null;

  const heartbeat = setInterval(() => {
    write(': heartbeat\n\n');
    credentialStillValid(db, config, principal).then(
      (valid) => valid || body.end(),
      // The database did not answer: the feed ends the stream if it lost events; a check is not worth it.
      () => undefined,
    );
  }, config.eventStreams.heartbeatSeconds * 1000);
  eventStreamsOpen.inc();
  body.once('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
    release();
    eventStreamsOpen.dec();
  });
  return body;
}
