import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The service's configuration, read from the environment once at start. Every variable is
 * declared here with its default and its parser; the README's configuration table lists the
 * same names. A bad value stops the process with one message naming every bad variable.
 */
export interface Config {
  port: number;
  host: string;
  /** null: run the embedded PostgreSQL under DATA_DIR. */
  databaseUrl: string | null;
  dataDir: string;
  publicBaseUrl: string;
  logLevel: LogLevel;
  /** auto: readable lines on a terminal, JSON lines otherwise. */
  logFormat: LogFormat;
  fileNumberPrefix: string;
  timeZone: string;
  /** Largest accepted request body, in bytes. */
  bodyLimitBytes: number;
  /** Lifetime of the single-sign-on token answered by POST /api/v1/me. */
  jwtTtlSeconds: number;
  /** How long graceful shutdown waits for in-flight requests before closing anyway. */
  shutdownTimeoutMs: number;
  /** Size of the PostgreSQL connection pool of one process. */
  databasePoolSize: number;
  /** null: emails are written as .eml files under DATA_DIR/mail. */
  smtpUrl: string | null;
  /**
   * How long the mail server has to connect, greet and answer each step of a send. Sends go
   * one at a time through the outbox worker, webhooks included: a silent server must not hold
   * it for the transport's own defaults (up to ten minutes).
   */
  smtpTimeoutMs: number;
  mailFrom: string;
  /** Whether this process delivers outbox messages (emails, webhooks). */
  outboxWorker: boolean;
  outboxPollIntervalMs: number;
  /** First retry delay; each further attempt doubles it (capped at one hour). */
  outboxRetryBaseMs: number;
  /** How long an appraiser has to answer an assignment offer before it times out. */
  assignmentOfferTimeoutMinutes: number;
  /** How often a process looks for expired offers and orders to auto-assign. */
  workflowTimerIntervalMs: number;
  storage: StorageConfig;
  /** Largest accepted file, in bytes. */
  maxFileBytes: number;
  /** Largest multipart request (files, fields and framing together), in bytes. */
  maxUploadBytes: number;
  /** Where uploads are spooled while their request runs. */
  uploadTmpDir: string;
  maxFilesPerRequest: number;
  /** How long a signed file link works. */
  linkTtlSeconds: number;
  /** How long an emailed payment link works. */
  paymentLinkTtlSeconds: number;
  /** The card processor: only the built-in sandbox ships; a real one plugs into payments/provider.ts. */
  paymentProvider: 'sandbox';
  /** Requests per minute per user, their API keys and web sessions together; 0 turns this limit off. */
  rateLimitPerMinute: number;
  /** A connection on which nothing moves for this long is closed (a sender stalled mid-body). */
  idleTimeoutMs: number;
  /** A request's headers and body must have arrived within this long (408 beyond). */
  requestTimeoutMs: number;
  /** API keys not revoked one user may hold (POST /api/v1/api_keys answers 409 beyond). */
  apiKeysPerUser: number;
  /** API requests per minute per client address that fail authentication (no, unknown or revoked key); 0: off. */
  rateLimitUnauthenticatedPerMinute: number;
  /** Anonymous requests per minute per client address outside the API (pages before sign-in, payment pages, file links, docs); 0: off. */
  rateLimitPublicPerMinute: number;
  /** Card submissions on payment pages per minute per client address; 0: off. */
  rateLimitCardAttemptsPerMinute: number;
  /**
   * Web sign-in (sessions/): attempts per minute per email, and sign-in, reset and one-time
   * link requests per minute per client address; 0: off.
   */
  signInPerEmailPerMinute: number;
  signInPerAddressPerMinute: number;
  /** A web session ends after this long without a request, and this long after sign-in whatever happens. */
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  /** How long a password-reset link and an invitation's set-password link work. */
  passwordResetTtlMinutes: number;
  invitationTtlHours: number;
  /** Password-reset emails one email may be sent per hour (more requests are 429); 0: off. */
  passwordResetsPerEmailPerHour: number;
  /** Declined card attempts on one payment page within CARD_LOCK_MINUTES that lock it; 0: never locked. */
  cardDeclinesBeforeLock: number;
  /** How far back declines are counted, and how long a locked payment page stays locked. */
  cardLockMinutes: number;
  /**
   * Whose X-Forwarded-For to believe for the client address: null (nobody: the socket's address),
   * a hop count, or the proxies' addresses and networks.
   */
  trustedProxies: number | string[] | null;
  /** Shared rate-limit counters for several processes; null: each process counts alone. */
  redisUrl: string | null;
  metrics: {
    /** Bearer token for /metrics on the service's port; null: /metrics is not served there. */
    token: string | null;
    /** A port of its own for /metrics (on `host`); null: none. */
    port: number | null;
    host: string;
  };
  /** Origins allowed to call the API from a browser; empty: CORS off. */
  corsOrigins: string[];
  /**
   * A list's total is counted exactly up to this many orders; a search that finds more answers
   * the planner's estimate, flagged (pagination.total_count_is_estimate).
   */
  listExactCountLimit: number;
  /** Registers the benchmark's ceiling routes (/__bench/*): for `npm run bench` only. */
  benchRoutes: boolean;
  /** The key that seals stored secrets (auth/secret-box.ts); null: one generated and kept in the database. */
  secretEncryption: { key: Buffer | null; previousKeys: Buffer[] };
  /** GET /api/v1/events/stream (live/). */
  eventStreams: {
    /** A comment line this often keeps proxies from closing a quiet stream; the credential is checked again too. */
    heartbeatSeconds: number;
    /** Streams one user may hold open on one process at once (429 beyond). */
    perUser: number;
  };
  webhooks: {
    /** Deliver to loopback, private and link-local addresses (off: they are refused). */
    allowPrivateUrls: boolean;
    timeoutMs: number;
    /** A subscription whose deliveries fail this many times in a row (each after all retries) is disabled. */
    disableAfterFailedDeliveries: number;
  };
}

export type StorageConfig =
  | { driver: 'local' }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      endpoint: string | null;
      accessKeyId: string | null;
      secretAccessKey: string | null;
      forcePathStyle: boolean;
    };

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
const LOG_FORMATS = ['auto', 'json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const read = <T>(name: string, fallback: T, parse: (raw: string) => T | string): T => {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') return fallback;
    const parsed = parse(raw);
    if (typeof parsed === 'string' && typeof fallback !== 'string') {
      problems.push(`${name}: ${parsed}`);
      return fallback;
    }
    return parsed as T;
  };
  const integer =
    (min: number, max: number) =>
    (raw: string): number | string => {
      if (!/^\d+$/.test(raw)) return `must be a whole number, got "${raw}"`;
      const value = Number(raw);
      return value < min || value > max ? `must be between ${min} and ${max}, got ${value}` : value;
    };

  const port = read('PORT', 3000, integer(0, 65535));
  const host = env.HOST?.trim() || '0.0.0.0';
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL: must be a postgres:// or postgresql:// URL');
  }
  const dataDir = path.resolve(env.DATA_DIR?.trim() || 'data');
  const publicBaseUrl = (env.PUBLIC_BASE_URL?.trim() || `http://localhost:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(publicBaseUrl)) {
    problems.push(`PUBLIC_BASE_URL: must be an http(s) URL, got "${publicBaseUrl}"`);
  }
  const logLevel = (env.LOG_LEVEL?.trim() || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    problems.push(`LOG_LEVEL: must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const logFormat = (env.LOG_FORMAT?.trim() || 'auto') as LogFormat;
  if (!LOG_FORMATS.includes(logFormat)) {
    problems.push(`LOG_FORMAT: must be one of ${LOG_FORMATS.join(', ')}, got "${logFormat}"`);
  }
  const fileNumberPrefix = env.FILE_NUMBER_PREFIX?.trim() || 'AOM';
  if (!/^[A-Z0-9]{1,10}$/.test(fileNumberPrefix)) {
    problems.push(`FILE_NUMBER_PREFIX: 1 to 10 capital letters or digits, got "${fileNumberPrefix}"`);
  }
  const timeZone = env.TIME_ZONE?.trim() || 'UTC';
  if (!isTimeZone(timeZone)) problems.push(`TIME_ZONE: not an IANA time zone name: "${timeZone}"`);

  const config: Config = {
    port,
    host,
    databaseUrl,
    dataDir,
    publicBaseUrl,
    logLevel,
    logFormat,
    fileNumberPrefix,
    timeZone,
    bodyLimitBytes: read('BODY_LIMIT_BYTES', 1_048_576, integer(1024, 1_073_741_824)),
    jwtTtlSeconds: read('JWT_TTL_SECONDS', 900, integer(60, 86_400)),
    shutdownTimeoutMs: read('SHUTDOWN_TIMEOUT_MS', 10_000, integer(0, 600_000)),
    databasePoolSize: read('DATABASE_POOL_SIZE', 10, integer(1, 200)),
    smtpUrl: env.SMTP_URL?.trim() || null,
    smtpTimeoutMs: read('SMTP_TIMEOUT_MS', 30_000, integer(100, 120_000)),
    mailFrom: env.MAIL_FROM?.trim() || `Appraisal Orders <no-reply@${hostOf(publicBaseUrl)}>`,
    outboxWorker: read('OUTBOX_WORKER', true, boolean),
    outboxPollIntervalMs: read('OUTBOX_POLL_INTERVAL_MS', 1000, integer(10, 60_000)),
    outboxRetryBaseMs: read('OUTBOX_RETRY_BASE_MS', 5000, integer(10, 3_600_000)),
    assignmentOfferTimeoutMinutes: read('ASSIGNMENT_OFFER_TIMEOUT_MINUTES', 240, integer(1, 43_200)),
    workflowTimerIntervalMs: read('WORKFLOW_TIMER_INTERVAL_MS', 15_000, integer(100, 3_600_000)),
    storage: readStorage(env, problems),
    maxFileBytes: read('MAX_FILE_BYTES', 25 * 1024 * 1024, integer(1024, 5 * 1024 ** 3)),
    maxUploadBytes: read('MAX_UPLOAD_BYTES', 100 * 1024 * 1024, integer(1024, 20 * 1024 ** 3)),
    uploadTmpDir: path.resolve(env.UPLOAD_TMP_DIR?.trim() || path.join(os.tmpdir(), 'aoms-uploads')),
    maxFilesPerRequest: read('MAX_FILES_PER_REQUEST', 20, integer(1, 1000)),
    linkTtlSeconds: read('LINK_TTL_SECONDS', 86_400, integer(10, 30 * 86_400)),
    paymentLinkTtlSeconds: read('PAYMENT_LINK_TTL_SECONDS', 14 * 86_400, integer(60, 90 * 86_400)),
    paymentProvider: 'sandbox',
    rateLimitPerMinute: read('RATE_LIMIT_PER_MINUTE', 600, integer(0, 1_000_000)),
    idleTimeoutMs: read('IDLE_TIMEOUT_MS', 30_000, integer(1000, 600_000)),
    requestTimeoutMs: read('REQUEST_TIMEOUT_MS', 120_000, integer(1000, 3_600_000)),
    apiKeysPerUser: read('API_KEYS_PER_USER', 25, integer(1, 10_000)),
    rateLimitUnauthenticatedPerMinute: read(
      'RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE',
      60,
      integer(0, 1_000_000),
    ),
    rateLimitPublicPerMinute: read('RATE_LIMIT_PUBLIC_PER_MINUTE', 120, integer(0, 1_000_000)),
    rateLimitCardAttemptsPerMinute: read('RATE_LIMIT_CARD_ATTEMPTS_PER_MINUTE', 10, integer(0, 1_000_000)),
    signInPerEmailPerMinute: read('RATE_LIMIT_SIGN_IN_PER_EMAIL_PER_MINUTE', 5, integer(0, 1_000_000)),
    signInPerAddressPerMinute: read('RATE_LIMIT_SIGN_IN_PER_ADDRESS_PER_MINUTE', 60, integer(0, 1_000_000)),
    passwordResetsPerEmailPerHour: read('RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL_PER_HOUR', 3, integer(0, 1000)),
    sessionIdleMinutes: read('SESSION_IDLE_MINUTES', 60, integer(1, 43_200)),
    sessionMaxHours: read('SESSION_MAX_HOURS', 12, integer(1, 720)),
    passwordResetTtlMinutes: read('PASSWORD_RESET_TTL_MINUTES', 60, integer(5, 10_080)),
    invitationTtlHours: read('INVITATION_TTL_HOURS', 168, integer(1, 2_160)),
    cardDeclinesBeforeLock: read('CARD_DECLINES_BEFORE_LOCK', 5, integer(0, 1000)),
    cardLockMinutes: read('CARD_LOCK_MINUTES', 60, integer(1, 43_200)),
    trustedProxies: read('TRUSTED_PROXIES', null, trustedProxies),
    redisUrl: env.REDIS_URL?.trim() || null,
    metrics: {
      token: metricsToken(env.METRICS_TOKEN?.trim() || null, problems),
      port: read('METRICS_PORT', null, integer(1, 65535)),
      host: env.METRICS_HOST?.trim() || '127.0.0.1',
    },
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    listExactCountLimit: read('LIST_EXACT_COUNT_LIMIT', 1000, integer(1, 1_000_000)),
    benchRoutes: read('BENCH_ROUTES', false, boolean),
    secretEncryption: {
      key: read('SECRET_ENCRYPTION_KEY', null, encryptionKey),
      previousKeys: (env.SECRET_ENCRYPTION_KEY_PREVIOUS ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean)
        .flatMap((text, index) => {
          const key = encryptionKey(text);
          if (typeof key === 'string') {
            problems.push(`SECRET_ENCRYPTION_KEY_PREVIOUS: key ${index + 1} ${key}`);
            return [];
          }
          return [key];
        }),
    },
    eventStreams: {
      heartbeatSeconds: read('EVENT_STREAM_HEARTBEAT_SECONDS', 25, integer(1, 300)),
      perUser: read('EVENT_STREAMS_PER_USER', 10, integer(1, 1000)),
    },
    webhooks: {
      allowPrivateUrls: read('WEBHOOK_ALLOW_PRIVATE_URLS', false, boolean),
      timeoutMs: read('WEBHOOK_TIMEOUT_MS', 10_000, integer(100, 120_000)),
      disableAfterFailedDeliveries: read('WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES', 5, integer(1, 1000)),
    },
  };
  const provider = env.PAYMENT_PROVIDER?.trim() || 'sandbox';
  if (provider !== 'sandbox') problems.push(`PAYMENT_PROVIDER: only sandbox is built in, got "${provider}"`);
  if (config.metrics.port !== null && config.metrics.port === config.port)
    problems.push(
      'METRICS_PORT: must differ from PORT (metrics on the service port need METRICS_TOKEN instead)',
    );
  if (net.isIP(config.metrics.host) === 0 && config.metrics.host !== 'localhost')
    problems.push(`METRICS_HOST: must be an IP address to listen on, got "${config.metrics.host}"`);
  if (config.eventStreams.heartbeatSeconds * 1000 >= config.idleTimeoutMs)
    problems.push(
      'EVENT_STREAM_HEARTBEAT_SECONDS: must be shorter than IDLE_TIMEOUT_MS, or quiet event streams are closed as idle',
    );
  if (config.redisUrl !== null && !/^rediss?:\/\//.test(config.redisUrl))
    problems.push('REDIS_URL: must be a redis:// or rediss:// URL');
  for (const origin of config.corsOrigins) {
    if (origin !== '*' && !/^https?:\/\/[^/]+$/.test(origin))
      problems.push(`CORS_ORIGINS: "${origin}" is not an origin (https://host[:port])`);
  }
  if (config.smtpUrl !== null && !/^smtps?:\/\//.test(config.smtpUrl)) {
    problems.push('SMTP_URL: must be an smtp:// or smtps:// URL');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

function readStorage(env: Env, problems: string[]): StorageConfig {
  const driver = env.STORAGE_DRIVER?.trim() || 'local';
  if (driver === 'local') return { driver };
  if (driver !== 's3') {
    problems.push(`STORAGE_DRIVER: must be local or s3, got "${driver}"`);
    return { driver: 'local' };
  }
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) problems.push('S3_BUCKET: required when STORAGE_DRIVER is s3');
  const endpoint = env.S3_ENDPOINT?.trim() || null;
  if (endpoint && !/^https?:\/\//.test(endpoint)) problems.push('S3_ENDPOINT: must be an http(s) URL');
  return {
    driver,
    bucket: bucket ?? '',
    region: env.S3_REGION?.trim() || 'us-east-1',
    endpoint,
    accessKeyId: env.S3_ACCESS_KEY_ID?.trim() || null,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY?.trim() || null,
    forcePathStyle: /^(true|1|yes)$/i.test(env.S3_FORCE_PATH_STYLE?.trim() ?? (endpoint ? 'true' : 'false')),
  };
}

function metricsToken(token: string | null, problems: string[]): string | null {
  if (token !== null && !/^[\x21-\x7e]{16,200}$/.test(token)) {
    problems.push('METRICS_TOKEN: must be 16 to 200 visible ASCII characters');
    return null;
  }
  return token;
}

/** Where proxies are named by name, address or network (proxy-addr's names are kept). */
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** A hop count (1 to 10), or a comma-separated list of addresses, CIDR networks and PROXY_NAMES. */
function trustedProxies(raw: string): number | string[] | string {
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    return hops >= 1 && hops <= 10 ? hops : `a hop count must be between 1 and 10, got ${hops}`;
  }
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => {
    if (PROXY_NAMES.includes(entry)) return false;
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = net.isIP(address);
    if (family === 0 || rest.length > 0) return true;
    if (prefix === undefined) return false;
    return !/^\d{1,3}$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128);
  });
  return bad.length > 0
    ? `must be a hop count or addresses and networks (10.0.0.0/8, 2001:db8::/32, loopback), not: ${bad.join(', ')}`
    : entries;
}

/** 32 bytes, as 64 hex digits or base64 (`openssl rand -base64 32`). */
function encryptionKey(raw: string): Buffer | string {
  const bytes = /^[0-9a-f]{64}$/i.test(raw)
    ? Buffer.from(raw, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(raw)
      ? Buffer.from(raw, 'base64')
      : null;
  return bytes?.length === 32
    ? bytes
    : 'must be 32 bytes, written as 64 hex digits or in base64 (openssl rand -base64 32)';
}

function boolean(raw: string): boolean | string {
  if (/^(true|1|yes|on)$/i.test(raw)) return true;
  if (/^(false|0|no|off)$/i.test(raw)) return false;
  return `must be true or false, got "${raw}"`;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
