import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse, { desktopConfig } from 'lighthouse';
import Trace from 'lighthouse/core/gather/gatherers/trace.js';
import { chromium, type Page } from 'playwright-core';
import { createDb } from '../../src/db/connection.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { seedDemo } from '../../src/seed/demo.ts';
import { SESSION_COOKIE } from '../../src/sessions/cookie.ts';
import { hashPassword } from '../../src/sessions/password.ts';
import { browserOptions, launchBrowser } from '../../test/helpers/browser.ts';
import { buildWebIfStale, compressed } from '../build-web.ts';
import { loadOrders } from './load-data.ts';
import { benchDatabase, freePort, ROOT, startBenchService, type BenchService } from './service.ts';

/**
 * `npm run bench:web` (and the end of `npm run bench`): the web application as people get it.
 *   1. the JavaScript and CSS the first page loads (the scripts, module preloads and styles of
 *      dist/web/index.html), raw, gzipped at level 9 (the target's measure) and in brotli at its
 *      best quality (what the service sends to browsers that accept it);
 *   2. the time from navigation start to the order list being usable (the first order link
 *      visible, the search field enabled) for a lender with --orders (20,000) orders, in the
 *      Chromium of @sparticuz/chromium: --runs (7) times in a fresh context (cold cache), and
 *      each time once more in the same context (warm cache); medians;
 *   3. Lighthouse's performance and accessibility scores of the order list and an order (as the
 *      lender), and of the offers inbox (as the demo appraiser, with --offers (5) open offers), with
 *      its default mobile settings (a mid-range phone on a slow 4G, simulated), or --desktop;
 *      --lighthouse-runs (3) runs per page, the median run by its performance score.
 * The service runs in production mode on a throwaway database (DATABASE_URL, else embedded).
 * Figures are printed against their targets, never asserted. The browser reaches nothing but
 * the service: every host name other than localhost resolves to nothing.
 */
const { values: options } = parseArgs({
  options: {
    orders: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '7' },
    'lighthouse-runs': { type: 'string', default: '3' },
    offers: { type: 'string', default: '5' },
    desktop: { type: 'boolean', default: false },
    // A directory to keep every Lighthouse report in (JSON: the trace's shifts, long tasks…).
    reports: { type: 'string' },
    // A directory for a CPU profile of each page's load at Lighthouse's 4× CPU slowdown
    // (.cpuprofile: open it in Chrome's DevTools; the script's source map names its functions).
    'cpu-profiles': { type: 'string' },
  },
});
const ORDERS = Number(options.orders);
const RUNS = Number(options.runs);
const LIGHTHOUSE_RUNS = Number(options['lighthouse-runs']);
const OFFERS = Number(options.offers);
for (const [name, value] of Object.entries({
  offers: OFFERS,
  orders: ORDERS,
  runs: RUNS,
  'lighthouse-runs': LIGHTHOUSE_RUNS,
}))
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number above 0`);
/** The web application's targets (docs/performance.md): the first page's script gzipped, Lighthouse's scores. */
const TARGETS = { scriptKb: 210, performance: 95, accessibility: 100 };
const PASSWORD = 'a long benchmark passphrase';
const OFFLINE = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1';
/**
 * This Chromium's renderer crashes when a trace records blink.webdx_feature_usage on a page
 * served with `Referrer-Policy: no-referrer`, as the service's pages are (Lighthouse then reports
 * NO_FCP). Lighthouse traces that category for its Baseline audit only, in neither category
 * measured here, so it is left out.
 */
const traceCategories = Trace.getDefaultTraceCategories.bind(Trace);
Trace.getDefaultTraceCategories = () => traceCategories().filter((c) => c !== 'blink.webdx_feature_usage');
const log = (message: string) => process.stderr.write(`[bench:web] ${message}\n`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const points = (n: number) => `${n} point${n === 1 ? '' : 's'}`;
const against = (met: boolean, missedBy: string) => (met ? 'met' : `missed by ${missedBy}`);

/** The files index.html makes the browser load at once: scripts, module preloads, styles. */
function firstPageAssets(): { scripts: string[]; styles: string[] } {
  const html = fs.readFileSync(path.join(ROOT, 'dist/web/index.html'), 'utf8');
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const attribute = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
    const src = attribute('src');
    const rel = attribute('rel');
    const href = attribute('href');
    if (tag.startsWith('<script') && src) scripts.push(src);
    else if (rel === 'modulepreload' && href) scripts.push(href);
    else if (rel === 'stylesheet' && href) styles.push(href);
  }
  return { scripts, styles };
}

function weigh(urls: string[]): { lines: string[]; raw: number; gzipped: number; brotli: number } {
  const total = { raw: 0, gzipped: 0, brotli: 0 };
  const lines = urls.map((url) => {
    const content = fs.readFileSync(path.join(ROOT, 'dist/web', url));
    const { br, gz } = compressed(content);
    total.raw += content.length;
    total.gzipped += gz.length;
    total.brotli += br.length;
    return `  ${url}: ${kb(content.length)}, gzipped ${kb(gz.length)}, brotli ${kb(br.length)}`;
  });
  return { lines, ...total };
}

function bundleReport(): string[] {
  const { scripts, styles } = firstPageAssets();
  const js = weigh(scripts);
  const css = weigh(styles);
  const jsKb = js.gzipped / 1024;
  return [
    `JavaScript of the first page: ${kb(js.raw)}, gzipped ${kb(js.gzipped)}, brotli ${kb(js.brotli)} (target ≤ ${TARGETS.scriptKb} KB: ${against(jsKb <= TARGETS.scriptKb, `${(jsKb - TARGETS.scriptKb).toFixed(1)} KB`)})`,
    ...js.lines,
    `CSS of the first page: ${kb(css.raw)}, gzipped ${kb(css.gzipped)}, brotli ${kb(css.brotli)}`,
    ...css.lines,
  ];
}

/**
 * Set in the page before its own scripts: records (performance.now(), from navigation start) the
 * animation frame after the first order link is visible and the search field enabled.
 */
const WATCH_USABLE = `(() => {
  const usable = () => {
    const link = Array.from(document.querySelectorAll('a[href^="/orders/"]')).find(
      (a) => /^AOM-/.test(a.textContent) && a.checkVisibility(),
    );
    if (!link) return false;
    const label = Array.from(document.querySelectorAll('label')).find((l) => l.textContent.trim() === 'Search');
    const input = label && label.control;
    return Boolean(input && !input.disabled && input.checkVisibility());
  };
  const observer = new MutationObserver(() => {
    if (!usable()) return;
    observer.disconnect();
    requestAnimationFrame(() => (window.__usableAt = performance.now()));
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
})();`;

async function timeToUsable(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  // A function, not a string: the page's Content-Security-Policy forbids evaluating strings.
  const at = await page.waitForFunction(() => (globalThis as { __usableAt?: number }).__usableAt, undefined, {
    timeout: 60_000,
  });
  return (await at.jsonValue()) as number;
}

/** The medians, and the address of the list's first order (the page opened next). */
async function usableTimes(base: string, session: string): Promise<{ lines: string[]; firstOrder: string }> {
  const browser = await launchBrowser();
  const cold: number[] = [];
  const warm: number[] = [];
  const errors: string[] = [];
  let firstOrder = '';
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext();
      await context.addCookies([{ name: SESSION_COOKIE, value: session, url: base }]);
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      await page.addInitScript(WATCH_USABLE);
      cold.push(await timeToUsable(page, `${base}/orders`));
      warm.push(await timeToUsable(page, `${base}/orders`));
      firstOrder = (await page.getByRole('link', { name: /^AOM-/ }).first().getAttribute('href')) ?? '';
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const list = (values: number[]) => values.map((v) => Math.round(v)).join(', ');
  const lines = [
    `order list usable (first order link visible, search enabled), ${RUNS} runs, ms from navigation start:`,
    `  cold cache: median ${Math.round(median(cold))} ms (${list(cold)})`,
    `  warm cache: median ${Math.round(median(warm))} ms (${list(warm)})`,
    ...(errors.length ? [`  page errors: ${errors.join('; ')}`] : []),
  ];
  return { lines, firstOrder };
}

interface Audit {
  id: string;
  title: string;
  score: number | null;
  displayValue?: string;
  metricSavings?: Record<string, number>;
}
interface Category {
  score: number | null;
  auditRefs: { id: string; weight: number }[];
}

/** What keeps a category below its target: weighted audits that fail, then other failures. */
function failing(category: Category, audits: Record<string, Audit>, performance: boolean): string[] {
  const refs = category.auditRefs
    .map((ref) => ({ ...ref, audit: audits[ref.id]! }))
    .filter(({ audit }) => audit.score !== null && audit.score < (performance ? 0.9 : 1));
  const weighted = refs
    .filter((r) => r.weight > 0)
    .sort((a, b) => b.weight * (1 - b.audit.score!) - a.weight * (1 - a.audit.score!));
  const others = refs
    .filter((r) => r.weight === 0)
    .map((r) => ({ ...r, savings: Object.values(r.audit.metricSavings ?? {}).reduce((s, v) => s + v, 0) }))
    .filter((r) => !performance || r.savings > 0)
    .sort((a, b) => b.savings - a.savings);
  return [...weighted, ...others]
    .slice(0, 8)
    .map(
      ({ audit }) =>
        `      ${audit.title}${audit.displayValue ? `: ${audit.displayValue}` : ''} (score ${Math.round(audit.score! * 100)})`,
    );
}

async function lighthouseScores(base: string, session: string, pages: [string, string][]): Promise<string[]> {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'aoms-bench-chromium-'));
  const context = await chromium.launchPersistentContext(
    profile,
    await browserOptions([`--remote-debugging-port=${port}`, OFFLINE]),
  );
  await context.addCookies([{ name: SESSION_COOKIE, value: session, url: base }]);
  const origin = new URL(base).origin;
  const formFactor = options.desktop
    ? 'desktop'
    : 'mobile (Lighthouse default: simulated mid-range phone, slow 4G)';
  const lines = [`Lighthouse ${formFactor}, median of ${LIGHTHOUSE_RUNS} runs by performance:`];
  try {
    for (const [name, pathname] of pages) {
      const runs = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
        log(`Lighthouse: ${name}, run ${i + 1} of ${LIGHTHOUSE_RUNS}`);
        const result = await lighthouse(
          `${base}${pathname}`,
          { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
          options.desktop ? desktopConfig : undefined,
        );
        if (!result) throw new Error('Lighthouse returned nothing');
        if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
        if (new URL(result.lhr.finalDisplayedUrl).pathname !== pathname)
          throw new Error(`Lighthouse measured ${result.lhr.finalDisplayedUrl}, not ${pathname}`);
        runs.push(result.lhr);
        if (options.reports) {
          fs.mkdirSync(options.reports, { recursive: true });
          const file = `${name.replace(/\W+/g, '-')}-${i + 1}.json`;
          fs.writeFileSync(path.join(options.reports, file), JSON.stringify(result.lhr));
        }
      }
      runs.sort((a, b) => (a.categories.performance!.score ?? 0) - (b.categories.performance!.score ?? 0));
      const lhr = runs[Math.floor(runs.length / 2)]!;
      const audits = lhr.audits as unknown as Record<string, Audit>;
      const requests =
        (lhr.audits['network-requests']?.details as { items?: { url: string }[] } | undefined)?.items ?? [];
      const outside = requests.filter((r) => /^https?:/.test(r.url) && new URL(r.url).origin !== origin);
      const score = (id: 'performance' | 'accessibility') =>
        Math.round((lhr.categories[id]!.score ?? 0) * 100);
      const performance = score('performance');
      const accessibility = score('accessibility');
      const metric = (id: string) => `${id.replace(/-/g, ' ')} ${audits[id]?.displayValue ?? '?'}`;
      lines.push(
        `  ${name} (${pathname.replace(/[0-9a-f-]{36}/, '{id}')}):`,
        `    performance ${performance} (runs: ${runs.map((r) => Math.round((r.categories.performance!.score ?? 0) * 100)).join(', ')}; target ≥ ${TARGETS.performance}: ${against(performance >= TARGETS.performance, points(TARGETS.performance - performance))})`,
        `      ${['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'].map(metric).join(', ')}`,
        ...(performance < TARGETS.performance
          ? failing(lhr.categories.performance as Category, audits, true)
          : []),
        `    accessibility ${accessibility} (target ≥ ${TARGETS.accessibility}: ${against(accessibility >= TARGETS.accessibility, points(TARGETS.accessibility - accessibility))})`,
        ...(accessibility < TARGETS.accessibility
          ? failing(lhr.categories.accessibility as Category, audits, false)
          : []),
        `    requests: ${requests.length}, outside the service: ${outside.length ? outside.map((r) => r.url).join(', ') : 'none'}`,
      );
    }
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  return lines;
}

/**
 * With --cpu-profiles: each page loaded once more in a fresh context, its CPU slowed four times
 * as Lighthouse's mobile setting simulates, profiled from navigation to two seconds after the
 * network is idle: where the main thread's long tasks go, by function.
 */
async function cpuProfiles(base: string, session: string, pages: [string, string][]): Promise<void> {
  const dir = options['cpu-profiles'];
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const browser = await chromium.launch(await browserOptions([OFFLINE]));
  try {
    for (const [name, pathname] of pages) {
      const context = await browser.newContext();
      await context.addCookies([{ name: SESSION_COOKIE, value: session, url: base }]);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await page.goto(`${base}${pathname}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(2_000);
      const { profile } = await cdp.send('Profiler.stop');
      const file = path.join(dir, `${name.replace(/\W+/g, '-')}.cpuprofile`);
      fs.writeFileSync(file, JSON.stringify(profile));
      log(`CPU profile of ${name}: ${file}`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

async function signIn(base: string, email: string): Promise<string> {
  const answer = await fetch(`${base}/auth/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const cookie = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(answer.headers.get('set-cookie') ?? '');
  if (answer.status !== 200 || !cookie)
    throw new Error(`sign-in answered ${answer.status}: ${await answer.text()}`);
  return decodeURIComponent(cookie[1]!);
}

/**
 * The demo world, its lender's and appraiser's users with a password (their emails), --orders
 * orders of that lender, and --offers of them offered to the appraiser (four hours to answer).
 */
async function prepare(url: string): Promise<{ lender: string; appraiser: string }> {
  const db = createDb(url, { max: 4 });
  try {
    await migrateToLatest(db);
    const demo = await seedDemo(db);
    await db
      .updateTable('users')
      .set({ password_hash: await hashPassword(PASSWORD) })
      .where('id', 'in', [demo.users.client.id, demo.users.appraiser.id])
      .execute();
    log(`loading ${ORDERS.toLocaleString('en-US')} orders for the demo lender`);
    const loadStarted = Date.now();
    await loadOrders(db, ORDERS, [demo.client_id]);
    log(`loaded in ${((Date.now() - loadStarted) / 1000).toFixed(1)} s`);
    // The bulk load offers some of its orders to the demo appraiser too (hundreds, at 20,000):
    // they go back to unassigned, so that the inbox holds the --offers asked for.
    await db
      .updateTable('orders')
      .set({ status: 'Unassigned', appraiser_id: null, appraiser_fee_cents: null, offer_expires_at: null })
      .where('appraiser_id', '=', demo.users.appraiser.id)
      .where('status', '=', 'Pending assignment')
      .execute();
    const offered = await db
      .selectFrom('orders')
      .select('id')
      .where('client_id', '=', demo.client_id)
      .where('status', '=', 'Unassigned')
      .orderBy('created_at', 'desc')
      .limit(OFFERS)
      .execute();
    if (offered.length > 0)
      await db
        .updateTable('orders')
        .set({
          status: 'Pending assignment',
          appraiser_id: demo.users.appraiser.id,
          appraiser_fee_cents: '42500',
          offer_expires_at: new Date(Date.now() + 4 * 3_600_000),
        })
        .where(
          'id',
          'in',
          offered.map((o) => o.id),
        )
        .execute();
    log(`${offered.length} orders offered to the demo appraiser`);
    return { lender: demo.users.client.email, appraiser: demo.users.appraiser.email };
  } finally {
    await db.destroy();
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  buildWebIfStale();
  const lines = bundleReport();

  const { url, stop } = await benchDatabase(log);
  let service: BenchService | null = null;
  try {
    const emails = await prepare(url);
    service = await startBenchService(url);
    const session = await signIn(service.baseUrl, emails.lender);
    log(`timing the order list, ${RUNS} runs`);
    const usable = await usableTimes(service.baseUrl, session);
    lines.push(`orders of the signed-in lender: ${ORDERS.toLocaleString('en-US')}`, ...usable.lines);
    const appraiserSession = await signIn(service.baseUrl, emails.appraiser);
    await cpuProfiles(service.baseUrl, session, [
      ['order list', '/orders'],
      ['the first order', usable.firstOrder],
    ]);
    await cpuProfiles(service.baseUrl, appraiserSession, [['offers inbox', '/offers']]);
    lines.push(
      ...(await lighthouseScores(service.baseUrl, session, [
        ['order list', '/orders'],
        ['the first order', usable.firstOrder],
      ])),
      ...(await lighthouseScores(service.baseUrl, appraiserSession, [
        ['offers inbox (the demo appraiser)', '/offers'],
      ])),
    );
  } finally {
    await service?.stop();
    await stop();
  }
  lines.push(`total bench time ${((Date.now() - started) / 1000).toFixed(0)} s`);
  console.log(lines.join('\n'));
}

await main();
