import type { FastifyReply } from 'fastify';
import { Redis } from 'ioredis';
import net from 'node:net';
import type { Config } from '../config/config.ts';
import { AppError } from '../errors/app-error.ts';
import { ipv6Groups, mappedIpv4 } from '../format/ip-address.ts';
import { rateLimited } from '../metrics/metrics.ts';

/**
 * Request rate limits: fixed windows (a minute, an hour for reset emails), counted per bucket
 * and subject.
 *
 * | bucket          | subject                  | counts                                                        |
 * | user            | the user (their id)      | everything a user's API keys and web sessions send: the API, pages, /auth/session |
 * | unauthenticated | the client address       | API requests without a key or session, or with an unknown or revoked one |
 * | public          | the client address       | anonymous requests outside the API: pages before sign-in, links, docs |
 * | card            | the client address       | card submissions on payment pages                             |
 * | sign_in_email   | the email (its hash)     | web sign-in attempts for that email                           |
 * | sign_in_address | the client address       | sign-in, password reset and one-time link requests from that address |
 * | reset_email     | the email (its hash)     | password-reset emails asked for that email, per hour          |
 *
 * People are counted as people: an office behind one address shares nothing once signed in,
 * and one user's keys share one budget (a user issuing keys gains nothing). Only anonymous
 * requests share their address's budget. The application's built files (/assets) are not
 * counted at all. A presented key or session is never a subject until it has authenticated:
 * made-up ones share their address's budget, and an address that spent it gets 429 before
 * any lookup. IPv6 clients count per /64, the block one subscriber usually holds.
 * With REDIS_URL the counters are shared by every process (and fall back to this process's own
 * while Redis does not answer); without it each process counts alone.
 */
export type Bucket =
  'user' | 'unauthenticated' | 'public' | 'card' | 'sign_in_email' | 'sign_in_address' | 'reset_email';

const MINUTE_MS = 60_000;
const WINDOW_MS: Record<Bucket, number> = {
  user: MINUTE_MS,
  unauthenticated: MINUTE_MS,
  public: MINUTE_MS,
  card: MINUTE_MS,
  sign_in_email: MINUTE_MS,
  sign_in_address: MINUTE_MS,
  reset_email: 60 * MINUTE_MS,
};

interface Count {
  count: number;
  resetMs: number;
}

interface Counter {
  hit(key: string, windowMs: number): Promise<Count>;
  peek(key: string, windowMs: number): Promise<Count>;
  close(): Promise<void>;
}

/** This process's counters, bounded: expired windows are swept, and past the bound the oldest go. */
class MemoryCounter implements Counter {
  readonly #windows = new Map<string, { count: number; resetAt: number }>();

  hit(key: string, windowMs: number, now = Date.now()): Promise<Count> {
    let window = this.#windows.get(key);
    if (!window || window.resetAt <= now) {
      this.#makeRoom(now);
      window = { count: 0, resetAt: now + windowMs };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return Promise.resolve({ count: window.count, resetMs: window.resetAt - now });
  }

  peek(key: string, windowMs: number, now = Date.now()): Promise<Count> {
    const window = this.#windows.get(key);
    return Promise.resolve(
      window && window.resetAt > now
        ? { count: window.count, resetMs: window.resetAt - now }
        : { count: 0, resetMs: windowMs },
    );
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  #makeRoom(now: number): void {
    if (this.#windows.size < 50_000) return;
    for (const [key, window] of this.#windows) if (window.resetAt <= now) this.#windows.delete(key);
    while (this.#windows.size >= 100_000) this.#windows.delete(this.#windows.keys().next().value!);
  }
}

const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

const PEEK = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
return {count, ttl}`;

/** Counters shared through Redis; this process's own while Redis does not answer. */
class RedisCounter implements Counter {
  readonly #redis: Redis;
  readonly #fallback = new MemoryCounter();

  constructor(url: string) {
    this.#redis = new Redis(url, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false });
    // Errors are answered by the fallback; without a listener they would crash the process.
    this.#redis.on('error', () => undefined);
  }

  async hit(key: string, windowMs: number): Promise<Count> {
    return this.#run(HIT, key, windowMs, () => this.#fallback.hit(key, windowMs));
  }

  async peek(key: string, windowMs: number): Promise<Count> {
    return this.#run(PEEK, key, windowMs, () => this.#fallback.peek(key, windowMs));
  }

  async close(): Promise<void> {
    await this.#redis.quit().catch(() => undefined);
  }

  async #run(script: string, key: string, windowMs: number, fallback: () => Promise<Count>): Promise<Count> {
    try {
      const [count, ttl] = (await this.#redis.eval(script, 1, `aoms-rate-limit:${key}`, windowMs)) as [
        number,
        number,
      ];
      return { count, resetMs: ttl > 0 ? ttl : windowMs };
    } catch {
      return fallback();
    }
  }
}

/** The address a client is counted under: IPv4 as is (mapped ones too), IPv6 by its /64. */
export function addressSubject(ip: string): string {
  if (net.isIPv4(ip)) return ip;
  const mapped = mappedIpv4(ip);
  if (mapped) return mapped;
  const groups = ipv6Groups(ip);
  return groups
    ? `${groups
        .slice(0, 4)
        .map((g) => g.toString(16))
        .join(':')}::/64`
    : ip;
}

const DESCRIPTIONS: Record<Bucket, string> = {
  user: 'requests per minute for your user, all its API keys and sessions together',
  unauthenticated: 'requests per minute without a valid API key from your address',
  public: 'requests per minute from your address',
  card: 'card payment attempts per minute from your address',
  sign_in_email: 'sign-in attempts per minute for this email',
  sign_in_address: 'sign-in, password reset and sign-in link requests per minute from your address',
  reset_email: 'password-reset emails per hour for this email',
};

export class RateLimits {
  readonly #limits: Record<Bucket, number>;
  readonly #counter: Counter;

  constructor(config: Config) {
    this.#limits = {
      user: config.rateLimitPerMinute,
      unauthenticated: config.rateLimitUnauthenticatedPerMinute,
      public: config.rateLimitPublicPerMinute,
      card: config.rateLimitCardAttemptsPerMinute,
      sign_in_email: config.signInPerEmailPerMinute,
      sign_in_address: config.signInPerAddressPerMinute,
      reset_email: config.passwordResetsPerEmailPerHour,
    };
    this.#counter = config.redisUrl ? new RedisCounter(config.redisUrl) : new MemoryCounter();
  }

  /** Counts one request; sets the RateLimit headers; over the limit, 429 with Retry-After. */
  async take(bucket: Bucket, subject: string, reply: FastifyReply): Promise<void> {
    const max = this.#limits[bucket];
    if (max === 0) return;
    const { count, resetMs } = await this.#counter.hit(`${bucket}:${subject}`, WINDOW_MS[bucket]);
    const reset = Math.max(1, Math.ceil(resetMs / 1000));
    void reply
      .header('ratelimit-limit', max)
      .header('ratelimit-remaining', Math.max(0, max - count))
      .header('ratelimit-reset', reset);
    if (count > max) this.#refuse(bucket, max, reset, reply);
  }

  /** 429 when the subject has used its budget already, without counting this request. */
  async refuseIfSpent(bucket: Bucket, subject: string, reply: FastifyReply): Promise<void> {
    const max = this.#limits[bucket];
    if (max === 0) return;
    const { count, resetMs } = await this.#counter.peek(`${bucket}:${subject}`, WINDOW_MS[bucket]);
    if (count < max) return;
    const reset = Math.max(1, Math.ceil(resetMs / 1000));
    void reply
      .header('ratelimit-limit', max)
      .header('ratelimit-remaining', 0)
      .header('ratelimit-reset', reset);
    this.#refuse(bucket, max, reset, reply);
  }

  close(): Promise<void> {
    return this.#counter.close();
  }

  #refuse(bucket: Bucket, max: number, retryAfter: number, reply: FastifyReply): never {
    rateLimited.inc({ bucket });
    void reply.header('retry-after', retryAfter);
    throw new AppError(
      'rate_limited',
      `Rate limit exceeded: ${max} ${DESCRIPTIONS[bucket]}; retry in ${retryAfter} seconds`,
    );
  }
}
