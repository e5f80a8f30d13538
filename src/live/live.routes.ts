import { Type } from 'typebox';
import { AppError } from '../errors/app-error.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { Id } from '../schemas/common.ts';
import { openEventStream, RECONNECT_MS, REPLAY, type LiveDeps } from './live.service.ts';

const STREAM_DESCRIPTION =
  'Server-sent events, one per change to an order you may see (the same rule as GET /orders/{order_id}), ' +
  'each as `id: <event id>`, `event: <type>` (the webhook event types: order.status_changed, order.note_added, …) ' +
  'and `data: {"order_id": "…", "type": "…"}`: read the order for the rest. ' +
  `A \`resync\` event (data \`{}\`) says that the events missed since Last-Event-ID could not all be replayed: reload what you show. ` +
  `Comment lines (\`: heartbeat\`) keep a quiet stream open. \`retry: ${RECONNECT_MS}\` is the reconnection delay.`;

/** When a user holds all their streams: by then, a closed tab's stream has ended. */
const RETRY_AFTER_SECONDS = 30;

export function registerLiveRoutes(app: AppInstance, deps: LiveDeps): void {
  app.get(
    '/events/stream',
    {
      // 503: the database cannot be listened to now, or the service is shutting down.
      config: { errors: [503] },
      schema: {
        operationId: 'streamEvents',
        tags: ['live updates'],
        summary: 'Changes to the orders you can see, as they happen (server-sent events)',
        description:
          'Open it with EventSource (a web session) or any client that reads text/event-stream (an API key). ' +
          `With Last-Event-ID, the events you may see that followed that one come first: up to ${REPLAY.limit}, from the last ${REPLAY.windowSeconds / 60} minutes, starting a few seconds before it (an id may come twice: skip ids you have). ` +
          `Without it, \`since\` (a date-time: when you last read what you show, such as the Date of your first answer) replays the events written from then on, within the same bounds; a \`since\` older than ${REPLAY.windowSeconds / 60} minutes asks for a resync. ` +
          `At most ${deps.config.eventStreams.perUser} streams per user at once (429 beyond). ` +
          'Signing out, revoking the key or the service shutting down ends the stream; reconnect with Last-Event-ID (EventSource does both by itself).',
        querystring: Type.Object({
          since: Type.Optional(
            Type.String({
              format: 'date-time',
              description: 'Replay the events written from this time on (Last-Event-ID wins over it)',
            }),
          ),
        }),
        headers: Type.Object({
          'Last-Event-ID': Type.Optional(
            Id('The id of the last event you received: the events that followed it are replayed first'),
          ),
        }),
        response: {
          200: {
            description: 'The stream, open until you close it',
            content: { 'text/event-stream': { schema: Type.String({ description: STREAM_DESCRIPTION }) } },
          },
        },
      },
    },
    async (request, reply) => {
      const lastEventId = request.headers['last-event-id'];
      const { since } = request.query;
      const body = await openEventStream(deps, principalOf(request), {
        lastEventId: typeof lastEventId === 'string' ? lastEventId : undefined,
        since: since === undefined ? undefined : new Date(since),
      }).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'rate_limited')
          void reply.header('retry-after', RETRY_AFTER_SECONDS);
        throw error;
      });
      // x-accel-buffering: proxies that buffer answers (nginx) pass this one on as it is written.
      // Connection: close: once the service ends a stream (shutting down), its connection closes
      // with it, rather than idle on until the keep-alive timeout and hold the shutdown.
      void reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .header('connection', 'close');
      // A stream: the documented text/event-stream, written as events happen, not a serialized string.
      return reply.send(body as unknown as string);
    },
  );
}
