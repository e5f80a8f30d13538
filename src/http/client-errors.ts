import { randomUUID } from 'node:crypto';
import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance } from 'fastify';
import { AppError, errorBody } from '../errors/app-error.ts';
import { allowedMethods } from './error-handler.ts';
import { LINGER_MS } from './lingering-close.ts';
import { requestIdFrom } from './request-context.ts';

/**
 * Requests that Node's HTTP parser refuses before Fastify sees them (the server's
 * 'clientError' event) answer the error envelope too, with a request id:
 * - headers over the parser's limit (request line and headers together, Node's maxHeaderSize,
 *   16 KiB unless --max-http-header-size says otherwise: a long query string counts): 431
 *   `headers_too_large`;
 * - headers not received within the server's headers timeout: 408 `request_timeout`;
 * - a method the parser does not know (`FOO /api/v1/orders`): 405 with `Allow` on a known path,
 *   404 `route_not_found` elsewhere;
 * - chunk extensions over their limit: 413 `payload_too_large`;
 * - anything else the parser cannot read: 400 `bad_request`.
 * The request id is the caller's X-Request-Id when the part of the request read so far carries
 * a valid one, else a new one; the log line has it. The answer closes the connection; what the
 * client still sends is read and dropped (so that it reads the answer rather than a reset),
 * for LINGER_MS at most.
 */
export function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // What the parser had read of the request (Node gives it as a Buffer, whatever the type says).
  const raw: unknown = error.rawPacket;
  const head = Buffer.isBuffer(raw) ? raw.toString('latin1') : '';
  const { appError, headers } = classify(this, error.code, head);
  const id = requestIdFrom(/\r\nx-request-id:[ \t]*([^\r\n]*?)[ \t]*\r\n/i.exec(head)?.[1], randomUUID);
  this.log.info(
    { request_id: id, code: appError.code, status: appError.status, parser: error.code },
    appError.message,
  );
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(errorBody(appError, id));
  const lines = [
    `HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${id}`,
    'X-Content-Type-Options: nosniff',
    'Cache-Control: no-store',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    'Connection: close',
  ];
  socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
  socket.resume();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS).unref();
  socket.once('close', () => clearTimeout(timer));
}

function classify(
  app: FastifyInstance,
  code: string | undefined,
  head: string,
): { appError: AppError; headers: Record<string, string> } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        appError: new AppError(
          'headers_too_large',
          `The request line and headers are over ${maxHeaderSize / 1024} KiB: shorten the query string or the headers`,
        ),
        headers: {},
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        appError: new AppError('request_timeout', 'The request was not received in time'),
        headers: {},
      };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return {
        appError: new AppError('payload_too_large', 'The chunk extensions are too large'),
        headers: {},
      };
    case 'HPE_INVALID_METHOD': {
      const [method = '', target = '/'] = head.split('\r\n', 1)[0]!.split(' ');
      const path = target.split('?')[0]!;
      const allowed = path.startsWith('/') ? allowedMethods(app, path) : [];
      if (allowed.length === 0)
        return { appError: new AppError('route_not_found', `No route ${method} ${path}`), headers: {} };
      return {
        appError: new AppError(
          'method_not_allowed',
          `${method} is not allowed on ${path}; it takes ${allowed.join(', ')}`,
        ),
        headers: { Allow: allowed.join(', ') },
      };
    }
    default:
      return { appError: new AppError('bad_request', 'The request could not be read'), headers: {} };
  }
}
