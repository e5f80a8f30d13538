/**
 * The reads a first page cannot draw without, started by index.html while the application's
 * script is on its way (on a phone's slow connection, more than a second): their answers are
 * there when the page asks, instead of being asked for only once the script has run
 * (queries/sdk.ts takes each answer once). For the pages people open first, as they open: the
 * order list without a search, an order, the offers inbox; the session on every page.
 *
 * Inlined into index.html by first-reads.plugin.ts, so it imports nothing. Each address is the
 * one the page's queries ask for, to the byte (queries/orders.ts, order-lists.ts, order.ts,
 * timeline.ts, work.ts); test/web/web-app.test.ts checks that each is read once and taken.
 */
export function firstReads(path: string, search: string): string[] {
  const reads = ['/auth/session'];
  if (search !== '') return reads;
  if (path === '/orders')
    reads.push(
      '/api/v1/orders/status_counts',
      '/api/v1/orders?page=1&per_page=25&q[s]=created_at%20desc',
      '/api/v1/me/order_lists/orders',
    );
  const order = /^\/orders\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(path);
  if (order) {
    const base = `/api/v1/orders/${order[1]}`;
    reads.push(base, `${base}/history`, `${base}/timeline?page=1&per_page=25&sort=newest`);
  }
  if (path === '/offers') reads.push('/api/v1/me/work?next_step=answer_offer');
  return reads;
}

/** Where index.html leaves the reads it started: each address's answer, until taken. */
export const FIRST_READS = '__firstReads';

/**
 * The pages people open first whose code is not in the first script (the appraiser's
 * workspace): index.html asks for their chunks beside the reads (first-reads.plugin.ts names
 * the chunks at build time), rather than once the script has run and the router has matched.
 */
export const FIRST_PAGE_MODULES: Record<string, string> = {
  '/offers': 'pages/OffersPage.tsx',
  '/work': 'pages/MyWorkPage.tsx',
  '/agenda': 'pages/AgendaPage.tsx',
  '/money': 'pages/MoneyPage.tsx',
};

/** What index.html runs: the reads of the page opened, and its code, asked for at once. */
export function startFirstReads(pageCode: Record<string, string[]>): void {
  const started: Record<string, Promise<Response>> = {};
  for (const url of firstReads(location.pathname, location.search))
    started[url] = fetch(url, { credentials: 'same-origin' });
  Object.defineProperty(window, FIRST_READS, { value: started });
  for (const href of pageCode[location.pathname] ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}
