import http from 'node:http';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * A reader of the service's server-sent events (GET /api/v1/events/stream) over real HTTP, as
 * an integrator's client reads them: each event as it arrives, comments included, and whether
 * the service ended the stream. One connection per stream, of its own (no pool keeping spare
 * connections open, which would hold the server's close).
 */
export interface StreamEvent {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
  comment?: string;
}

export interface Refusal {
  status: number;
  headers: http.IncomingHttpHeaders;
  json(): Promise<unknown>;
}

export class EventStreamReader {
  readonly events: StreamEvent[] = [];
  readonly headers: http.IncomingHttpHeaders;
  /** Resolves when the service ends the stream (or the reader is closed). */
  readonly ended: Promise<void>;
  readonly #response: http.IncomingMessage;
  #waiters: (() => void)[] = [];
  #done = false;

  private constructor(response: http.IncomingMessage) {
    this.#response = response;
    this.headers = response.headers;
    this.ended = this.#read();
  }

  /** Opens a stream; a refusal (any status but 200) comes back with its answer instead. */
  static open(
    url: string,
    headers: Record<string, string>,
  ): Promise<{ status: number; reader: EventStreamReader | null; refusal: Refusal | null }> {
    return new Promise((resolve, reject) => {
      const request = http.get(url, { headers, agent: false }, (response) => {
        const status = response.statusCode ?? 0;
        if (status === 200) {
          resolve({ status, reader: new EventStreamReader(response), refusal: null });
          return;
        }
        const body = (async () => {
          let text = '';
          for await (const chunk of response) text += String(chunk);
          try {
            return JSON.parse(text) as unknown;
          } catch {
            return text;
          }
        })();
        resolve({ status, reader: null, refusal: { status, headers: response.headers, json: () => body } });
      });
      request.on('error', reject);
    });
  }

  /** The order events received (no comments, no `retry`, no `resync`). */
  get orderEvents(): { id: string; type: string; order_id: string }[] {
    return this.events
      .filter((e) => e.event?.startsWith('order.'))
      .map((e) => ({ id: e.id!, type: e.event!, ...(JSON.parse(e.data!) as { order_id: string }) }));
  }

  get isDone(): boolean {
    return this.#done;
  }

  /** Waits for a received event that matches; fails after `timeoutMs`. */
  async waitFor(match: (event: StreamEvent) => boolean, timeoutMs = 10_000): Promise<StreamEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(match);
      if (found) return found;
      if (this.#done) throw new Error(`the stream ended without it: ${JSON.stringify(this.events)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`not received within ${timeoutMs} ms: ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits for an order event of this type about this order. */
  waitForOrderEvent(type: string, orderId: string, timeoutMs?: number): Promise<StreamEvent> {
    return this.waitFor(
      (e) => e.event === type && (JSON.parse(e.data ?? '{}') as { order_id?: string }).order_id === orderId,
      timeoutMs,
    );
  }

  close(): void {
    this.#response.destroy();
  }

  async #read(): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of this.#response as AsyncIterable<Buffer>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          this.events.push(parseFrame(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
        }
        this.#wake();
      }
    } catch {
      // Closed by the reader, or the connection dropped: the stream is over either way.
    } finally {
      this.#done = true;
      this.#wake();
    }
  }

  #wake(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }
}

function parseFrame(frame: string): StreamEvent {
  const event: StreamEvent = {};
  for (const line of frame.split('\n')) {
    if (line.startsWith(':')) {
      event.comment = line.slice(1).trim();
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id' || field === 'event' || field === 'data' || field === 'retry') event[field] = value;
  }
  return event;
}

/** What an injected request answered, read whole, or up to its first chunk for a stream. */
export type InjectedAnswer = Pick<
  LightMyRequestResponse,
  'statusCode' | 'headers' | 'body' | 'rawPayload' | 'json'
>;

/**
 * app.inject for any route, including one whose answer is a stream of server-sent events that
 * never ends by itself: such an answer is read up to its first chunk and then hung up, as a
 * client that closes it; any other answer is read whole. Tests that call every route use it.
 */
export async function injectAnswer(app: FastifyInstance, options: InjectOptions): Promise<InjectedAnswer> {
  const response = await app.inject({ ...options, payloadAsStream: true });
  const stream = response.stream();
  const chunks: Buffer[] = [];
  if (String(response.headers['content-type'] ?? '').startsWith('text/event-stream')) {
    chunks.push(await new Promise<Buffer>((resolve) => stream.once('data', resolve)));
    response.raw.res.destroy();
  } else {
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  }
  const rawPayload = Buffer.concat(chunks);
  const body = rawPayload.toString();
  return {
    statusCode: response.statusCode,
    headers: response.headers,
    body,
    rawPayload,
    json: <T>() => JSON.parse(body) as T,
  };
}
