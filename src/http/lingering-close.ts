import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * An answer sent before its request's body has arrived whole (a multipart upload over its
 * budget, a JSON body over BODY_LIMIT_BYTES) says `Connection: close`, and the client may still
 * be sending. Closing the socket then would make the kernel reset the connection at the next
 * bytes the client sends, and a client that writes its whole body before it reads (many HTTP
 * libraries do) would meet a broken pipe instead of the 413.
 *
 * So the connection is closed in stages (RFC 9112, section 9.6): the answer is written and the
 * sending side half-closed; the rest of the body is read and dropped, never kept; the
 * connection is closed once the body has ended or the client closed its side. Bounded: after
 * LINGER_MS or LINGER_BYTES more bytes, whichever comes first, it is closed anyway.
 */
export const LINGER_MS = 10_000;
export const LINGER_BYTES = 64 * 1024 * 1024;

export function installLingeringClose(app: FastifyInstance): void {
  const lingering = new Set<Socket>();
  app.addHook('onSend', (request, reply, payload, done) => {
    const connection = reply.getHeader('connection');
    if (!request.raw.complete && typeof connection === 'string' && connection.toLowerCase() === 'close')
      lingerAfterAnswer(request.raw, lingering);
    done(null, payload);
  });
  // Shutting down does not wait for clients still sending a body that was refused.
  app.addHook('preClose', (done) => {
    for (const socket of lingering) socket.destroy();
    done();
  });
}

function lingerAfterAnswer(request: IncomingMessage, lingering: Set<Socket>): void {
  const socket = request.socket as Socket | null;
  // Node closes the connection of a `Connection: close` answer with destroySoon() once the
  // answer is written (an injected request has no real socket, hence nothing to do).
  if (!socket || typeof socket.destroySoon !== 'function' || lingering.has(socket)) return;
  lingering.add(socket);
  socket.once('close', () => lingering.delete(socket));

  let answered = false;
  let closing = false;
  let dropped = 0;
  /** Closes once the answer has left: destroying earlier would drop what is not yet written. */
  const close = () => {
    if (!answered || closing) return;
    closing = true;
    if (socket.writableFinished) socket.destroy();
    else socket.once('finish', () => socket.destroy());
  };
  // Nobody reads the body any more: it flows, and is dropped.
  request.unpipe();
  request.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) close();
  });
  // The body has ended: nothing is left to read, and closing resets nothing.
  request.once('end', close);
  request.resume();

  socket.destroySoon = function lingeringClose() {
    answered = true;
    // Half-close: the client reads the answer, then the end of the stream.
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    if (request.complete || dropped > LINGER_BYTES) close();
  };
}
