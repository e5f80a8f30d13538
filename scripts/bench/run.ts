import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { createDb } from '../../src/db/connection.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { benchWorld, settleEarlierRuns, loadData, loadedOrders, type BenchWorld } from './load-data.ts';
import { benchDatabase, ROOT, startBenchService } from './service.ts';
import { FULFILLED_IN_JUNE, searchScenarios } from './searches.ts';
import { comparison, targetLines, type BenchResults, type Target } from './targets.ts';

/**
 * `npm run bench`: loads a million orders into PostgreSQL (embedded, or DATABASE_URL), starts
 * the service in production mode, and measures it with a load generator in a separate process.
 * Every figure is also given as a ratio to the primary-key ceiling measured in the same run.
 * Settings: BENCH_ORDERS (1000000), BENCH_SECONDS per run (8), BENCH_CONNECTIONS (50).
 * `--compare <file>` prints each figure's change against an earlier run's results file.
 */
const { values: options } = parseArgs({ options: { compare: { type: 'string' } } });
const earlier = options.compare
  ? (JSON.parse(await fs.readFile(options.compare, 'utf8')) as BenchResults)
  : null;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const run = promisify(execFile);
const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

async function measure(
  baseUrl: string,
  scenario: {
    method: 'GET' | 'POST' | 'PUT';
    paths: string[];
    headers?: Record<string, string>;
    body?: string;
  },
): Promise<Figures> {
  const config = {
    ...scenario,
    baseUrl,
    connections: CONNECTIONS,
    headers: { 'content-type': 'application/json', ...scenario.headers },
  };
  const once = async (seconds: number): Promise<Figures> => {
    const { stdout, stderr } = await run(
      process.execPath,
      [path.join(ROOT, 'scripts/bench/load-generator.ts'), JSON.stringify({ ...config, seconds })],
      { maxBuffer: 1 << 20 },
    );
    if (stderr.trim()) process.stderr.write(stderr);
    return JSON.parse(stdout) as Figures;
  };
  await once(2); // warm-up
  const runs = [await once(SECONDS), await once(SECONDS), await once(SECONDS)];
  runs.sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return runs[1]!;
}

/** The staff workspace's reads (the pipeline, the picker, the dashboard): a p99 under 100 ms. */
const STAFF_READ: Target = { p99Below: 100 };

/** A search a person types or clicks (scripts/bench/searches.ts): page 1 with a p99 under 100 ms. */
const SEARCH: Target = { p99Below: 100 };

/** A pipeline queue's search: its statuses, as the web application sends them. */
const queueTerms = (statuses: string[]) =>
  statuses.map((status) => `q[status_name_in][]=${encodeURIComponent(status)}`).join('&');

async function main(): Promise<void> {
  const started = Date.now();
  const { url, kept, stop } = await benchDatabase(log);
  const db = createDb(url, { max: 4 });
  const migrated = Date.now();
  const { applied } = await migrateToLatest(db);
  // On a kept database with orders, what a migration costs on a table of that size.
  if (applied.length > 0)
    log(
      `${applied.length} migration(s) applied, the last ${applied.at(-1)}, in ${((Date.now() - migrated) / 1000).toFixed(1)} s`,
    );
  // A kept database (BENCH_DATABASE) that holds this many orders already is measured as it is.
  const reused = kept && (await loadedOrders(db)) === ORDERS;
  log(
    reused
      ? `reusing its ${ORDERS.toLocaleString('en-US')} orders`
      : `loading ${ORDERS.toLocaleString('en-US')} orders`,
  );
  const loadStarted = Date.now();
  if (kept && !reused && (await db.selectFrom('orders').select('id').limit(1).execute()).length > 0)
    throw new Error('BENCH_DATABASE holds orders of another load: name another database, or drop it');
  if (reused) {
    const earlier = await settleEarlierRuns(db);
    log(`removed what earlier runs wrote: ${earlier.orders} orders, ${earlier.notices} notices pending`);
  }
  const world: BenchWorld = reused ? await benchWorld(db) : await loadData(db, ORDERS);
  const loadSeconds = reused ? 0 : (Date.now() - loadStarted) / 1000;
  log(reused ? 'reused' : `loaded in ${loadSeconds.toFixed(1)} s`);
  // What the searches look for: one order of the staff's company, as a person remembers it.
  const searched = await db
    .selectFrom('orders')
    .select(['file_number', 'loan_number', 'address_one', 'zip', 'borrower_name'])
    .where('id', '=', world.sampleOrderIds[world.sampleOrderIds.length >> 1]!)
    .executeTakeFirstOrThrow();
  await db.destroy();

  // BENCH_PROFILE=<dir> writes a CPU profile of the service (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const service = await startBenchService(url, profile);
  const baseUrl = service.baseUrl;
  const staff = { 'x-api-key': world.staffKey };
  const ids = world.sampleOrderIds;
  const orderBody = JSON.stringify({
    address: { street_1: '1100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
    borrower: { first_name: 'Bea', last_name: 'Borrower' },
    due_date: '2026-12-15T17:00',
    green_certified: 'false',
    loan_type: 'conventional',
    transaction_type: 'purchase',
    payment_method: 'invoice',
    product_ids: [world.productId],
    client_user_ids: [world.clientUserId],
  });
  // The deep page, by number and walked by cursor: page 200 of the filtered, sorted list (or its
  // last page, on a smaller data set); the cursor is the next_cursor of the page before it.
  const deepSearch = 'q[status_name_eq]=Assigned&q[s]=due_date%20desc';
  const listPage = async (query: string) => {
    const answer = await fetch(`${baseUrl}/api/v1/orders?${query}`, { headers: staff });
    return ((await answer.json()) as { pagination: { total_pages: number; next_cursor: string | null } })
      .pagination;
  };
  const deepPage = Math.max(1, Math.min(199, (await listPage(deepSearch)).total_pages - 1));
  const deepCursor = (await listPage(`${deepSearch}&page=${deepPage}`)).next_cursor ?? '';
  // The reference rows: the ceiling's read answering as many bytes as a detail and a list page.
  const answerBytes = async (url: string) =>
    (await (await fetch(`${baseUrl}${url}`, { headers: staff })).arrayBuffer()).byteLength;
  const detailBytes = await answerBytes(`/api/v1/orders/${ids[0]}`);
  const listBytes = await answerBytes('/api/v1/orders?q[status_name_eq]=Assigned');
  log(
    `reference answers: a detail ${detailBytes.toLocaleString('en-US')} B, a list page ${listBytes.toLocaleString('en-US')} B`,
  );
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
  type Scenario = [string, Parameters<typeof measure>[1], Target?];
  const scenarios: Scenario[] = (
    [
      ['bare route (ceiling)', { method: 'GET', paths: ['/__bench/bare'] }],
      ['primary-key SELECT (ceiling)', { method: 'GET', paths: ids.map((id) => `/__bench/pk/${id}`) }],
      [
        'primary-key SELECT, as many bytes as a detail',
        { method: 'GET', paths: ids.map((id) => `/__bench/pk/${id}?bytes=${detailBytes}`) },
      ],
      [
        'primary-key SELECT, as many bytes as a list page',
        { method: 'GET', paths: ids.map((id) => `/__bench/pk/${id}?bytes=${listBytes}`) },
      ],
      [
        'GET /orders/{id}',
        { method: 'GET', paths: ids.map((id) => `/api/v1/orders/${id}`), headers: staff },
        { ratio: 0.7, p99: 15 },
      ],
      ['GET /orders page 1', { method: 'GET', paths: ['/api/v1/orders'], headers: staff }],
      [
        'GET /orders page 1, q filter',
        { method: 'GET', paths: ['/api/v1/orders?q[status_name_eq]=Assigned'], headers: staff },
        { ratio: 0.5, p99Below: 25 },
      ],
      [
        'GET /orders page 1, q filter + sort',
        {
          method: 'GET',
          paths: ['/api/v1/orders?q[status_name_eq]=Assigned&q[s]=due_date%20desc'],
          headers: staff,
        },
        { ratio: 0.5, p99Below: 25 },
      ],
      ['GET /orders page 200', { method: 'GET', paths: ['/api/v1/orders?page=200'], headers: staff }],
      [
        'GET /orders page 200, q filter + sort',
        {
          method: 'GET',
          paths: [`/api/v1/orders?page=${deepPage + 1}&${deepSearch}`],
          headers: staff,
        },
      ],
      [
        'GET /orders page 200 by cursor, q filter + sort',
        {
          method: 'GET',
          paths: [`/api/v1/orders?${deepSearch}&after=${deepCursor}`],
          headers: staff,
        },
        { ratio: 0.3 },
      ],
      // A search the running totals cannot count: the page and its total, counted up to the bound.
      [
        'GET /orders page 1, counted filter + sort',
        {
          method: 'GET',
          paths: ['/api/v1/orders?q[transaction_type_eq]=refinance&q[s]=due_date%20desc'],
          headers: staff,
        },
        SEARCH,
      ],
      ...searchScenarios({
        file_number: searched.file_number,
        loan_number: searched.loan_number ?? '',
        street: searched.address_one,
        borrower: searched.borrower_name ?? '',
        zip: searched.zip,
        appraiserId: world.appraiserId,
        productId: world.productId,
      }).map(([name, paths]): Scenario => [
        `GET /orders ${name}`,
        { method: 'GET', paths, headers: staff },
        SEARCH,
      ]),
      // The staff pipeline (docs/web.md): the queues' counts, and a queue's first page due soonest
      // first: a busy queue (new), a queue of two statuses (offers) and one that is rare (decisions).
      [
        'GET /orders/queues (pipeline counts)',
        { method: 'GET', paths: ['/api/v1/orders/queues'], headers: staff },
        STAFF_READ,
      ],
      // The at-risk queue (docs/turn-times.md, "Milestones"): the running milestones at risk or late.
      [
        'GET /orders/at_risk (milestones at risk or late)',
        { method: 'GET', paths: ['/api/v1/orders/at_risk'], headers: staff },
        STAFF_READ,
      ],
      [
        'GET /orders queue new, due soonest',
        {
          method: 'GET',
          paths: [
            `/api/v1/orders?per_page=50&q[s]=due_date%20asc&${queueTerms(['Pending', 'Unassigned', 'Bidding', 'Assignment rejected', 'Assignment timed out', 'Refused negotiation'])}`,
          ],
          headers: staff,
        },
        STAFF_READ,
      ],
      [
        'GET /orders queue offers, due soonest',
        {
          method: 'GET',
          paths: [
            `/api/v1/orders?per_page=50&q[s]=due_date%20asc&${queueTerms(['Auto assign processing', 'Pending assignment'])}`,
          ],
          headers: staff,
        },
        STAFF_READ,
      ],
      [
        'GET /orders queue decisions, due soonest',
        {
          method: 'GET',
          paths: [
            `/api/v1/orders?per_page=50&q[s]=due_date%20asc&${queueTerms(['Assignment accepted with condition', 'Under negotiation'])}`,
          ],
          headers: staff,
        },
        STAFF_READ,
      ],
      [
        'GET /orders/{id}/appraiser_candidates (picker)',
        {
          method: 'GET',
          paths: ids.map((id) => `/api/v1/orders/${id}/appraiser_candidates`),
          headers: staff,
        },
        STAFF_READ,
      ],
      // The dashboard: a year and two years of figures of the benchmark's company (its 200,000 orders).
      [
        'GET /insight, 12 months',
        { method: 'GET', paths: ['/api/v1/insight?months=12'], headers: staff },
        STAFF_READ,
      ],
      [
        'GET /insight, 24 months',
        { method: 'GET', paths: ['/api/v1/insight?months=24'], headers: staff },
        STAFF_READ,
      ],
      [
        'GET /orders, a dashboard figure (late, fulfilled in a month)',
        {
          method: 'GET',
          paths: [`/api/v1/orders?${FULFILLED_IN_JUNE}&q[on_time_eq]=false&q[s]=fulfilled_at%20desc`],
          headers: staff,
        },
        STAFF_READ,
      ],
      [
        'POST /orders',
        {
          method: 'POST',
          paths: ['/api/v1/orders'],
          headers: { 'x-api-key': world.clientKey },
          body: orderBody,
        },
        { ratio: 0.4 },
      ],
      [
        'PUT schedule_inspection (workflow)',
        {
          method: 'PUT',
          paths: world.scheduledOrderIds.map((id) => `/api/v1/orders/${id}/schedule_inspection`),
          headers: { 'x-api-key': world.appraiserKey },
          body: JSON.stringify({ inspection_scheduled_at: '2026-12-01T10:00' }),
        },
        { ratio: 0.4 },
      ],
    ] as Scenario[]
  ).filter(([name], index) => index < 2 || !only || only.test(name));
  const results: { name: string; figures: Figures; target?: Target }[] = [];
  for (const [name, scenario, target] of scenarios) {
    log(`measuring ${name}`);
    results.push({ name, figures: await measure(baseUrl, scenario), ...(target ? { target } : {}) });
  }
  const status = await fs.readFile(`/proc/${service.child.pid}/status`, 'utf8').catch(() => '');
  const peakKb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  await service.stop();
  await stop();

  const ceiling = results[1]!.figures.requestsPerSecond;
  const rows = results.map(({ name, figures, target }) => ({
    name,
    ...(target ? { target } : {}),
    requests_per_second: Math.round(figures.requestsPerSecond),
    p50_ms: figures.p50,
    p99_ms: figures.p99,
    ratio_to_pk_ceiling: Number((figures.requestsPerSecond / ceiling).toFixed(2)),
    non_2xx: figures.non2xx + figures.errors + figures.timeouts,
  }));
  const width = Math.max(...rows.map((r) => r.name.length));
  const lines = [
    `orders: ${ORDERS.toLocaleString('en-US')}, ${reused ? 'a kept database (loaded before)' : `loaded in ${loadSeconds.toFixed(1)} s`}; ${CONNECTIONS} connections, median of 3 runs of ${SECONDS} s`,
    `${'scenario'.padEnd(width)}  req/s   p50 ms  p99 ms  ratio  non-2xx`,
    ...rows.map(
      (r) =>
        `${r.name.padEnd(width)}  ${String(r.requests_per_second).padStart(6)}  ${String(r.p50_ms).padStart(6)}  ${String(r.p99_ms).padStart(6)}  ${r.ratio_to_pk_ceiling.toFixed(2).padStart(5)}  ${String(r.non_2xx).padStart(7)}`,
    ),
    `service peak memory (RSS): ${(peakKb / 1024).toFixed(0)} MiB; total bench time ${((Date.now() - started) / 1000).toFixed(0)} s`,
  ];
  const current: BenchResults = {
    orders: ORDERS,
    load_seconds: loadSeconds,
    connections: CONNECTIONS,
    seconds: SECONDS,
    peak_rss_mib: Math.round(peakKb / 1024),
    results: rows,
  };
  lines.push('', ...targetLines(current));
  if (earlier) lines.push('', ...comparison(earlier, current, options.compare!));
  console.log(lines.join('\n'));
  const out = path.join(ROOT, 'bench-results');
  await fs.mkdir(out, { recursive: true });
  const file = path.join(out, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await fs.writeFile(file, JSON.stringify(current, null, 2));
  console.log(`figures written to ${path.relative(ROOT, file)}`);
}

await main();
