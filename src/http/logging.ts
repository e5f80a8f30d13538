import type { FastifyServerOptions } from 'fastify';
import PinoPretty from 'pino-pretty';
import type { Config } from '../config/config.ts';

/**
 * The service's log: one line per event, each request's lines carrying its request_id.
 * JSON lines (pino) for machines; on a terminal (stdout is a TTY, or LOG_FORMAT=pretty) the
 * same events as readable, coloured lines. Credentials in a logged URL (keys, tokens,
 * signatures, a calendar feed's address) are replaced, however the query string spells them.
 */
export type LogDestination = NodeJS.WritableStream;

export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  destination?: LogDestination,
  terminal = process.stdout.isTTY === true,
): FastifyServerOptions['logger'] {
  const pretty = config.logFormat === 'pretty' || (config.logFormat === 'auto' && terminal);
  // pino-pretty formats in this thread (no transport worker): one dependency, no extra process.
  const stream = pretty
    ? PinoPretty({
        translateTime: 'SYS:HH:MM:ss.l',
        ignore: 'pid,hostname',
        singleLine: true,
        ...(destination ? { destination, colorize: false } : {}),
      })
    : destination;
  return {
    level: config.logLevel,
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}

/** The service's own keys, wherever they appear in a URL (a key put in another parameter). */
const API_KEY_TEXT = /aoms_[A-Za-z0-9_-]{16,}/g;

/**
 * Query parameters that carry a credential: an API key, a single-sign-on, sign-in, reset or
 * invitation token (`/sso`, `/auth/link`, `/reset-password`, `/set-password`), a signed link's
 * signature. Matched on the percent-decoded name, in any letter case, with or without `[…]`.
 */
const SECRET_PARAMETER = /^(api_key|token|signature|jwt|access_token)(\[.*\])?$/i;

/** A calendar feed's address is its credential: the token is the path (GET /calendar/{token}.ics). */
const CALENDAR_FEED = /^\/calendar\/[^/?#]+/i;

/**
 * The URL as it may be logged. A query parameter whose name, once percent-decoded, names a
 * credential (SECRET_PARAMETER; `api%5Fkey`, `api_%6bey`, `API_KEY`, `token[]` all count, since
 * the query parser decodes names) has its value replaced, as has a calendar feed's token and
 * anything shaped like one of the service's keys, whatever the parameter.
 */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  const path = (start === -1 ? url : url.slice(0, start)).replace(CALENDAR_FEED, '/calendar/[redacted]');
  if (start === -1) return path.replace(API_KEY_TEXT, '[redacted]');
  const pairs = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return SECRET_PARAMETER.test(decodeComponent(name).trim()) ? `${name}=[redacted]` : pair;
    });
  return `${path}?${pairs.join('&')}`.replace(API_KEY_TEXT, '[redacted]');
}

/** Percent-decoding as the query parser does it, tolerant of broken escapes. */
function decodeComponent(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced.replace(/%([0-9a-f]{2})/gi, (_match, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
  }
}
