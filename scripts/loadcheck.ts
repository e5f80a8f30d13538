import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, untilReady } from './bench/service.ts';
import { startFlags } from './start-flags.ts';

/**
 * `npm run loadcheck`: a bounded flood on loopback that the rate limits must stop. Starts the
 * service on its embedded PostgreSQL in a fresh temporary directory, with the default limits,
 * then for a few seconds each:
 *   1. GET /api/v1/orders without a key;
 *   2. GET /api/v1/orders with a made-up key on every request;
 *   3. card attempts (a declined test card) against one payment link, a made-up api_key on each;
 * and prints how each was answered. Everything stays on 127.0.0.1; nothing runs longer than
 * LOADCHECK_SECONDS (3) per flood or sends more than LOADCHECK_MAX_REQUESTS (5000) per flood.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const SECONDS = Math.min(Number(process.env.LOADCHECK_SECONDS ?? 3), 10);
const MAX_REQUESTS = Math.min(Number(process.env.LOADCHECK_MAX_REQUESTS ?? 5000), 20_000);
const CONCURRENCY = 16;
const log = (message: string) => process.stderr.write(`[loadcheck] ${message}\n`);

/** Only loopback is ever a target. */
function loopback(url: string): string {
  if (new URL(url).hostname !== '127.0.0.1') throw new Error(`refusing a target off loopback: ${url}`);
  return url;
}

interface Tally {
  sent: number;
  byAnswer: Map<string, number>;
  seconds: number;
}

/** Fires `request` from CONCURRENCY workers for SECONDS (at most MAX_REQUESTS); tallies the answers. */
async function flood(
  describe: (response: Response, body: string) => string,
  request: () => Promise<Response>,
) {
  const tally: Tally = { sent: 0, byAnswer: new Map(), seconds: 0 };
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < deadline && tally.sent < MAX_REQUESTS) {
      tally.sent += 1;
      let answer: string;
      try {
        const response = await request();
        answer = describe(response, await response.text());
      } catch (error) {
        answer = `error ${(error as Error).message}`;
      }
      tally.byAnswer.set(answer, (tally.byAnswer.get(answer) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  tally.seconds = (performance.now() - started) / 1000;
  return tally;
}

const madeUpKey = () => `aoms_${randomBytes(32).toString('base64url')}`;

/** "429 rate_limited" for JSON errors, "429 page" for the hosted page's HTML. */
function answerOf(response: Response, body: string): string {
  if (!response.headers.get('content-type')?.includes('json')) {
    const locked = /paused until/.test(body);
    return `${response.status} ${locked ? 'page locked' : 'page'}`;
  }
  const code = (JSON.parse(body) as { error?: { code?: string } }).error?.code;
  return `${response.status}${code ? ` ${code}` : ''}`;
}

function report(name: string, tally: Tally): string {
  const answers = [...tally.byAnswer]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([answer, n]) => `${answer}: ${n}`)
    .join(', ');
  const limited = [...tally.byAnswer].filter(([a]) => a.startsWith('429')).reduce((sum, [, n]) => sum + n, 0);
  return `${name}\n  ${tally.sent} requests in ${tally.seconds.toFixed(1)} s; ${limited} answered 429\n  ${answers}`;
}

async function main(): Promise<void> {
  // Not created here: the service creates it with the owner and mode its PostgreSQL needs.
  const dataDir = path.join(os.tmpdir(), `aoms-loadcheck-${randomBytes(4).toString('hex')}`);
  const port = await freePort();
  const base = loopback(`http://127.0.0.1:${port}`);
  log(`starting the service on ${base} (embedded PostgreSQL under ${dataDir})`);
  const service = spawn(process.execPath, [...startFlags(), 'src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: base,
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      OUTBOX_WORKER: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => service.once('exit', resolve));
  try {
    await untilReady(base, service);
    const demo = JSON.parse(await fs.readFile(path.join(dataDir, 'demo.json'), 'utf8')) as {
      client_id: string;
      users: { client: { api_key: string } };
    };
    const key = demo.users.client.api_key;
    const api = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
      const response = await fetch(loopback(`${base}/api/v1${url}`), {
        method,
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };
    const configuration = await api<{
      companies: { company_id: string; products: { id: string; follow_up: boolean }[] }[];
      parties: { id: string }[];
      property_types: { id: string; slug: string }[];
    }>('GET', `/clients/${demo.client_id}/configurations`);
    const company = configuration.companies[0]!;
    const order = await api<{ id: string }>('POST', '/orders', {
      address: { street_1: '1100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
      borrower: { first_name: 'Bea', last_name: 'Borrower' },
      due_date: '2026-12-15T17:00',
      green_certified: 'false',
      loan_type: 'conventional',
      transaction_type: 'purchase',
      payment_method: 'payment_link',
      company_id: company.company_id,
      product_ids: [company.products.find((p) => !p.follow_up)!.id],
      client_user_ids: configuration.parties.slice(0, 1).map((p) => p.id),
      property_type_id: configuration.property_types[0]!.id,
    });
    const payLink = loopback(
      (await api<{ input_credit_card_link: string }>('GET', `/orders/${order.id}/payments`))
        .input_credit_card_link,
    );
    log(`flooding for ${SECONDS} s each, ${CONCURRENCY} connections`);

    const noKey = await flood(answerOf, () => fetch(`${base}/api/v1/orders`));
    const madeUp = await flood(answerOf, () =>
      fetch(`${base}/api/v1/orders`, { headers: { 'x-api-key': madeUpKey() } }),
    );
    const year = String(new Date().getUTCFullYear() + 2);
    const cards = await flood(answerOf, () =>
      fetch(`${payLink}&api_key=${madeUpKey()}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          name: 'Card Tester',
          number: '4000000000000002',
          exp_month: '12',
          exp_year: year,
          cvc: '123',
        }).toString(),
      }),
    );
    const lock = (
      await api<{ card_page_lock: { declined_attempts: number; locked_until: string } | null }>(
        'GET',
        `/orders/${order.id}/payments`,
      )
    ).card_page_lock;

    console.log(
      [
        `loadcheck: default limits (60/min per address without a valid key, 120/min per address on public pages, 10 card attempts/min per address, a payment page locked after 5 declines)`,
        report('1. GET /api/v1/orders without a key', noKey),
        report('2. GET /api/v1/orders with a made-up key on every request', madeUp),
        report('3. card attempts against one payment link, a made-up api_key on every request', cards),
        `  the lender sees: card_page_lock ${JSON.stringify(lock)}`,
      ].join('\n'),
    );
  } finally {
    service.kill('SIGTERM');
    await exited;
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
