import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import type { Status } from '../../src/workflow/statuses.ts';
import { ENDPOINT_ACTIONS } from '../../src/workflow/transitions.ts';
import { useTestApp } from '../helpers/app.ts';
import { createUserWithKey } from '../helpers/factories.ts';
import { REPORT_PDF } from '../helpers/multipart.ts';
import { placeOrder } from '../helpers/orders.ts';
import { encodeBody, readAnswer, rowCounts as countRows, type Answer, type Body } from '../helpers/matrix.ts';

/**
 * THE ACTING MATRIX: what someone acting for another user may do for them, each way of acting.
 *
 * Acting for a user is an API key with X-Api-Email, or a web session opened with the
 * single-sign-on token minted while acting (POST /api/v1/me with X-Api-Email, then GET /sso)
 * by someone of another organization or another role. A token minted within the user's own
 * organization and role (a client admin's for its loan officer: an integration's single sign-on)
 * signs the user in as themselves, so its session is the user's own column. Either way of
 * acting, the user's permissions apply, within two limits (src/policy/acting.ts):
 * - a person's own decisions (what an appraiser commits to and certifies, their card, their
 *   password): nobody acting for them takes these;
 * - an organization's decisions (a lender's money decisions, keys issued in its name): only
 *   someone of the user's own organization acting for them.
 * A refusal answers 403 cannot_act_as, changes nothing, and the order's allowed_transitions for
 * the acting caller leave the refused action out. What acting may do is recorded as done by the
 * real person, for the user (history: by and acting_for; a note: "Actor for User").
 *
 * Who may act for whom at all (src/auth/acting-as.ts) is the second table: every other pair is
 * refused alike, 403 cannot_act_as, whatever the reason, as for an email nobody has.
 *
 * Shared rules: docs/security.md (appraiser independence), docs/api.md (acting for a user).
 */

const t = useTestApp();

// ---- the people -----------------------------------------------------------------------------

/**
 * Everyone the tables name. "The order" is one the demo lender placed with the demo company,
 * assigned to `appraiser`.
 *
 *   lender           a plain user of the order's client (no admin)
 *   lender2          another plain user of the same client
 *   client_admin     the client's admin (demo)
 *   other_lender     the admin of another client, served by another company
 *   staff            plain staff of the order's company (no admin)
 *   staff_admin      an admin of the order's company (demo)
 *   other_staff      an admin of another company
 *   appraiser        a plain appraiser of the company's panel, the order's
 *   appraiser_admin  the panel's admin appraiser (demo), not the order's
 *   operator         whoever runs the service
 *   nobody           an email no user has
 */
const PEOPLE = [
  'lender',
  'lender2',
  'client_admin',
  'other_lender',
  'staff',
  'staff_admin',
  'other_staff',
  'appraiser',
  'appraiser_admin',
  'operator',
  'nobody',
] as const;
type Person = (typeof PEOPLE)[number];

interface Someone {
  id: string;
  email: string;
  key: string;
  name: string;
}

// ---- the columns: who acts for whom -----------------------------------------------------------

/**
 * Each column is who is really there (the actor) and whose permissions apply (the user). The
 * first three are the users themselves, no acting: the baseline each acting column differs from
 * only where acting is limited.
 */
const PAIRS = {
  lender: { actor: 'lender', user: 'lender' },
  appraiser: { actor: 'appraiser', user: 'appraiser' },
  staff: { actor: 'staff', user: 'staff' },
  'staff>lender': { actor: 'staff', user: 'lender' },
  'staff>appraiser': { actor: 'staff', user: 'appraiser' },
  'staff_admin>staff': { actor: 'staff_admin', user: 'staff' },
  'client_admin>lender': { actor: 'client_admin', user: 'lender' },
  'operator>lender': { actor: 'operator', user: 'lender' },
  'operator>appraiser': { actor: 'operator', user: 'appraiser' },
} as const satisfies Record<string, { actor: Person; user: Person }>;
type Pair = keyof typeof PAIRS;
const PAIR_NAMES = Object.keys(PAIRS) as Pair[];
const isSelf = (pair: Pair) => PAIRS[pair].actor === PAIRS[pair].user;
/** The pairs whose actor is of the user's own organization and role: their sign-on link signs the user in. */
const SAME_ORGANIZATION_AND_ROLE: readonly Pair[] = ['staff_admin>staff', 'client_admin>lender'];
/** The column a cell is read from: a session of a link minted within the user's organization and role is the user's own. */
const columnOf = (pair: Pair, way: Way): Pair =>
  way === 'session' && SAME_ORGANIZATION_AND_ROLE.includes(pair) ? PAIRS[pair].user : pair;

/** The two ways of acting: an API key with X-Api-Email; a session opened with a token minted while acting. */
const WAYS = ['key', 'session'] as const;
type Way = (typeof WAYS)[number];

/** 403 cannot_act_as: the user may, whoever acts for them may not. (A bare 403 is `forbidden`: the user's role may not.) */
const ACT = 'ACT';
type Cell = 200 | 201 | 403 | typeof ACT;
type Row = [route: string, ...cells: [Cell, Cell, Cell, Cell, Cell, Cell, Cell, Cell, Cell]];

// ---- the matrix -----------------------------------------------------------------------------

/**
 * Rows: "METHOD /path" under /api/v1 (/auth/... is the web session's own route), then the
 * expected answer for each column, in the order of PAIRS. Each cell is checked both ways.
 */
// prettier-ignore
const MATRIX: Row[] = [
  // route                                           lender apr  staff stf>lnd stf>apr adm>stf cadm>lnd op>lnd op>apr

  // -- the order's work, which acting may do for the user
  ['GET    /orders/:order_id',                        200,  200,  200,  200,   200,    200,    200,     200,   200],
  ['PUT    /orders/:order_id/hold',                   200,  403,  200,  200,   403,    200,    200,     200,   403],
  ['PUT    /orders/:order_id/schedule_inspection',    403,  200,  403,  403,   200,    403,    403,     403,   200],
  ['PUT    /orders/:order_id/reject_assignment',      403,  200,  403,  403,   200,    403,    403,     403,   200],
  ['POST   /orders/:order_id/notes',                  201,  201,  201,  201,   201,    201,    201,     201,   201],

  // -- a person's own decisions: nobody acting for them
  ['PUT    /orders/:order_id/accept_assignment',      403,  200,  403,  403,   ACT,    403,    403,     403,   ACT],
  ['PUT    /orders/:order_id/complete_inspection',    403,  200,  403,  403,   ACT,    403,    403,     403,   ACT],
  ['PUT    /orders/:order_id/request_submission',     403,  200,  403,  403,   ACT,    403,    403,     403,   ACT],
  ['PUT    /orders/:order_id/retry_submission_fee',   403,  200,  403,  403,   ACT,    403,    403,     403,   ACT],
  ['PUT    /me/payment_card',                         403,  200,  403,  403,   ACT,    403,    403,     403,   ACT],
  ['DELETE /me/payment_card',                         403,  200,  403,  403,   ACT,    403,    403,     403,   ACT],
  ['PUT    /auth/password',                           200,  200,  200,  ACT,   ACT,    ACT,    ACT,     ACT,   ACT],

  // -- an organization's decisions: only someone of the user's own organization acting for them
  ['PUT    /orders/:order_id/approve_negotiation',    200,  403,  403,  ACT,   403,    403,    200,     ACT,   403],
  ['PUT    /orders/:order_id/refuse_negotiation',     200,  403,  403,  ACT,   403,    403,    200,     ACT,   403],
  ['POST   /orders/:order_id/send_payment_link',      200,  403,  200,  ACT,   403,    200,    200,     ACT,   403],
  ['PATCH  /orders/:order_id/update_payment_method',  200,  403,  200,  ACT,   403,    200,    200,     ACT,   403],
  ['POST   /api_keys',                                201,  201,  201,  ACT,   201,    201,    201,     ACT,   ACT],
];

/**
 * Who may not act for whom (src/auth/acting-as.ts): each pair, both ways (an API key with
 * X-Api-Email; the actor's own session with X-Api-Email), is refused on every route with the
 * same 403 cannot_act_as as an email nobody has, and mints no token.
 */
// prettier-ignore
const NOT_FOR: [actor: Person, user: Person, why: string][] = [
  ['staff',           'staff_admin',     'an admin is acted for by admins only'],
  ['staff',           'client_admin',    'an admin is acted for by admins only'],
  ['staff',           'appraiser_admin', 'an admin is acted for by admins only'],
  ['staff_admin',     'operator',        'an operator is acted for by operators only'],
  ['client_admin',    'operator',        'an operator is acted for by operators only'],
  ['other_staff',     'lender',          "staff act for their company's clients' users only"],
  ['staff_admin',     'other_lender',    "staff act for their company's clients' users only"],
  ['client_admin',    'appraiser',       "a client admin acts for their client's users only"],
  ['client_admin',    'staff',           "a client admin acts for their client's users only"],
  ['client_admin',    'other_lender',    "a client admin acts for their client's users only"],
  ['lender',          'lender2',         'a client user who is not an admin acts for nobody'],
  ['appraiser_admin', 'appraiser',       'appraisers act for nobody'],
  ['appraiser',       'lender',          'appraisers act for nobody'],
  ['staff_admin',     'nobody',          'no user has the email'],
];

// ---- reading the table ----------------------------------------------------------------------

interface Entry {
  name: string;
  method: string;
  /** The URL template, /api/v1 included where the route is under it. */
  path: string;
  /** The workflow action the row takes, if it is one. */
  action: string | null;
  expected: Record<Pair, Cell>;
}

const ENTRIES: Entry[] = MATRIX.map(([label, ...cells]) => {
  const [method = '', path = ''] = label.trim().split(/\s+/);
  const expected = {} as Record<Pair, Cell>;
  PAIR_NAMES.forEach((pair, i) => (expected[pair] = cells[i]!));
  const action = /^\/orders\/:order_id\/(\w+)$/.exec(path)?.[1] ?? null;
  return {
    name: `${method} ${path}`,
    method,
    path: path.startsWith('/auth/') ? path : `/api/v1${path}`,
    action: ENDPOINT_ACTIONS.some((a) => a.action === action) ? action : null,
    expected,
  };
});

const statusOf = (cell: Cell) => (cell === ACT ? 403 : cell);
const codeOf = (cell: Cell) => (cell === ACT ? 'cannot_act_as' : cell === 403 ? 'forbidden' : undefined);
const allowed = (cell: Cell) => cell !== ACT && cell < 300;

// ---- the world ------------------------------------------------------------------------------

let demo: DemoWorld;
let people: Record<Person, Someone>;

async function nameOf(id: string): Promise<string> {
  const user = await t.db
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return `${user.first_name} ${user.last_name}`;
}

beforeAll(async () => {
  demo = await seedDemo(t.db);
  const other = await seedDemo(t.db);
  const company = { id: demo.company_id, name: 'Demo company' };
  const client = { id: demo.client_id, name: 'Demo client' };
  const made = {
    lender: await createUserWithKey(t.db, 'client', client),
    lender2: await createUserWithKey(t.db, 'client', client),
    staff: await createUserWithKey(t.db, 'staff', company),
    appraiser: await createUserWithKey(t.db, 'appraiser', company),
    operator: await createUserWithKey(t.db, 'operator', null),
  };
  const fromDemo = (user: { id: string; email: string; api_key: string }) => ({
    id: user.id,
    email: user.email,
    key: user.api_key,
  });
  const found: Record<Person, Omit<Someone, 'name'>> = {
    lender: made.lender,
    lender2: made.lender2,
    client_admin: fromDemo(demo.users.client),
    other_lender: fromDemo(other.users.client),
    staff: made.staff,
    staff_admin: fromDemo(demo.users.staff),
    other_staff: fromDemo(other.users.staff),
    appraiser: made.appraiser,
    appraiser_admin: fromDemo(demo.users.appraiser),
    operator: made.operator,
    nobody: { id: '', email: 'nobody.at.all@acting-matrix.example', key: '' },
  };
  people = {} as Record<Person, Someone>;
  for (const person of PEOPLE) {
    const someone = found[person];
    people[person] = { ...someone, name: someone.id ? await nameOf(someone.id) : '' };
  }
  await openSessions();
});

// ---- requests, counted ----------------------------------------------------------------------

const tally = { requests: 0, unexpected: 0, serverErrors: [] as string[] };

interface Session {
  cookie: string;
  csrf: string;
}

/** How a request is authenticated: a key (acting with X-Api-Email when `actAs`), or a session. */
type Auth = { key: string; actAs?: string } | { session: Session; actAs?: string };

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
function httpMethod(method: string): (typeof METHODS)[number] {
  const found = METHODS.find((m) => m === method);
  if (!found) throw new Error(`no such method in the matrix: ${method}`);
  return found;
}

/** Every request goes through here: counted (unless it prepares a fixture), and never a 5xx. */
async function send(
  method: string,
  url: string,
  options: { auth?: Auth; body?: Body; counted?: boolean } = {},
): Promise<Answer> {
  const encoded = encodeBody(options.body);
  const headers: Record<string, string> = { ...encoded.headers };
  const { auth } = options;
  if (auth && 'key' in auth) headers['x-api-key'] = auth.key;
  if (auth && 'session' in auth) {
    headers.cookie = auth.session.cookie;
    headers['x-csrf-token'] = auth.session.csrf;
  }
  if (auth?.actAs) headers['x-api-email'] = auth.actAs;
  const { payload } = encoded;
  const response = await t.app.inject({
    method: httpMethod(method),
    url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
  if (options.counted !== false) tally.requests += 1;
  if (response.statusCode >= 500) tally.serverErrors.push(`${method} ${url}: ${response.statusCode}`);
  return readAnswer(response);
}

/** A request that prepares a fixture: not counted, must succeed. */
async function setup<T>(method: string, url: string, auth: Auth, body?: Body): Promise<T> {
  const response = await send(method, url, { auth, counted: false, ...(body ? { body } : {}) });
  if (response.status >= 300) throw new Error(`setup ${method} ${url}: ${response.status} ${response.body}`);
  return response.json<T>();
}

// ---- sessions -------------------------------------------------------------------------------

type Injected = Awaited<ReturnType<typeof t.app.inject>>;
const cookieOf = (answer: Injected) => {
  const header = answer.headers['set-cookie'];
  return ((Array.isArray(header) ? header[0] : header) ?? '').split(';')[0]!;
};

interface SessionInfo {
  user: { id: string };
  actor: { id: string } | null;
  csrf_token: string;
}

/**
 * A web session of `user` opened by `actor`: the actor's key mints a single-sign-on token
 * (acting with X-Api-Email when they are not the user), GET /sso opens the session with it.
 */
async function openSession(actor: Person, user: Person): Promise<Session & { info: SessionInfo }> {
  const minted = await setup<{ jwt: string }>('POST', '/api/v1/me', {
    key: people[actor].key,
    ...(actor === user ? {} : { actAs: people[user].email }),
  });
  const landed = await t.app.inject({ method: 'GET', url: `/sso?token=${minted.jwt}` });
  const cookie = cookieOf(landed);
  if (landed.statusCode !== 303 || !cookie) throw new Error(`setup: /sso answered ${landed.statusCode}`);
  const info = await t.app.inject({ method: 'GET', url: '/auth/session', headers: { cookie } });
  if (info.statusCode !== 200) throw new Error(`setup: /auth/session answered ${info.statusCode}`);
  const session = info.json<SessionInfo>();
  return { cookie, csrf: session.csrf_token, info: session };
}

let sessions = {} as Record<Pair, Session & { info: SessionInfo }>;

/** One session per column; opened again after a password change ended the user's other sessions. */
async function openSessions(): Promise<void> {
  const opened = {} as typeof sessions;
  for (const pair of PAIR_NAMES) opened[pair] = await openSession(PAIRS[pair].actor, PAIRS[pair].user);
  sessions = opened;
}

function authOf(pair: Pair, way: Way, fresh?: Session): Auth {
  const { actor, user } = PAIRS[pair];
  if (way === 'session') return { session: fresh ?? sessions[pair] };
  return { key: people[actor].key, ...(actor === user ? {} : { actAs: people[user].email }) };
}

// ---- fixtures -------------------------------------------------------------------------------

interface Fixture {
  ids: Record<string, string>;
  snapshot?: () => Promise<unknown>;
}

/** An order of the demo world, put directly in `status`, assigned to the matrix's appraiser. */
async function orderIn(status: Status): Promise<Fixture> {
  const order = await placeOrder(t.app, t.db, demo);
  await t.db
    .updateTable('orders')
    .set({ status, appraiser_id: people.appraiser.id })
    .where('id', '=', order.id)
    .execute();
  return {
    ids: { order_id: order.id },
    snapshot: () =>
      t.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow(),
  };
}

const cardsOf = () =>
  t.db.selectFrom('payment_cards').selectAll().where('user_id', '=', people.appraiser.id).execute();

const SANDBOX_CARD = {
  name: 'Avery Appraiser',
  number: '4242 4242 4242 4242',
  exp_month: '12',
  exp_year: '2031',
  cvc: '123',
};

/** The appraiser's card on file. */
async function appraisersCard(): Promise<Fixture> {
  await t.db.deleteFrom('payment_cards').where('user_id', '=', people.appraiser.id).execute();
  await setup('PUT', '/api/v1/me/payment_card', { key: people.appraiser.key }, { json: SANDBOX_CARD });
  return { ids: {}, snapshot: cardsOf };
}

/** The users' passwords, none set (so that a change needs no current one). */
async function passwords(): Promise<Fixture> {
  const ids = PEOPLE.map((p) => people[p].id).filter(Boolean);
  await t.db.updateTable('users').set({ password_hash: null }).where('id', 'in', ids).execute();
  return {
    ids: {},
    snapshot: () =>
      t.db
        .selectFrom('users')
        .select(['id', 'password_hash', 'password_changed_at'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute(),
  };
}

const nothing = (): Promise<Fixture> => Promise.resolve({ ids: {} });

// ---- how each row is called -----------------------------------------------------------------

interface Call {
  fixture: () => Promise<Fixture>;
  body?: () => Body;
  /** The route is the web session's: no API key (the key way is not asked). */
  sessionOnly?: boolean;
  /** The allowed calls share one fixture: none of them changes what the next may do. */
  shareFixture?: boolean;
  /** Each call through a session opens its own (a password change ends the user's other sessions). */
  freshSession?: boolean;
}

const json = (value: unknown): Body => ({ json: value });
const inStatus = (status: Status) => () => orderIn(status);

const CALLS: Record<string, Call> = {
  'GET /orders/:order_id': { fixture: inStatus('Assigned') },
  'PUT /orders/:order_id/hold': {
    fixture: inStatus('Assigned'),
    body: () => json({ reason: 'Borrower travelling' }),
  },
  'PUT /orders/:order_id/schedule_inspection': {
    fixture: inStatus('Assigned'),
    body: () => json({ inspection_scheduled_at: '2030-06-15T10:00' }),
  },
  'PUT /orders/:order_id/reject_assignment': {
    fixture: inStatus('Pending assignment'),
    body: () => json({ reason: 'Too far away' }),
  },
  'POST /orders/:order_id/notes': {
    fixture: inStatus('Assigned'),
    body: () => json({ content: '<p>Called the borrower.</p>' }),
    shareFixture: true,
  },
  'PUT /orders/:order_id/accept_assignment': { fixture: inStatus('Pending assignment') },
  'PUT /orders/:order_id/complete_inspection': { fixture: inStatus('Inspection scheduled') },
  'PUT /orders/:order_id/request_submission': {
    fixture: inStatus('Inspection completed'),
    body: () => ({
      parts: [
        ['files[][attachment]', REPORT_PDF],
        ['files[][file_type]', 'appraisal_pdf'],
      ],
    }),
  },
  'PUT /orders/:order_id/retry_submission_fee': { fixture: inStatus('Submission fee failed') },
  'PUT /me/payment_card': {
    fixture: () => Promise.resolve({ ids: {}, snapshot: cardsOf }),
    body: () => json(SANDBOX_CARD),
  },
  'DELETE /me/payment_card': { fixture: appraisersCard },
  'PUT /auth/password': {
    fixture: passwords,
    body: () => json({ current_password: '', password: 'a brand new passphrase' }),
    sessionOnly: true,
    freshSession: true,
  },
  'PUT /orders/:order_id/approve_negotiation': { fixture: inStatus('Under negotiation') },
  'PUT /orders/:order_id/refuse_negotiation': {
    fixture: inStatus('Under negotiation'),
    body: () => json({ reason: 'Over budget' }),
  },
  'POST /orders/:order_id/send_payment_link': {
    fixture: inStatus('Assigned'),
    body: () => json({ emails: ['payer@borrower.example'] }),
  },
  'PATCH /orders/:order_id/update_payment_method': {
    fixture: inStatus('Assigned'),
    body: () => json({ payment_method: 'credit_card' }),
  },
  'POST /api_keys': { fixture: nothing, body: () => json({ label: 'acting matrix' }) },
};

// ---- what a refused request must not change -------------------------------------------------

const COUNTED_TABLES = [
  'users',
  'api_keys',
  'orders',
  'order_history',
  'notes',
  'order_files',
  'payments',
  'payment_cards',
  'events',
  'outbox_messages',
] as const;

const rowCounts = () => countRows(t.db, COUNTED_TABLES);

// ---- running a row --------------------------------------------------------------------------

interface HistoryEntry {
  action: string;
  by: { id: string; name: string } | null;
  acting_for: { id: string; name: string } | null;
}

const urlOf = (entry: Entry, fixture: Fixture) =>
  entry.path.replace(/:(\w+)/g, (_, name: string) => {
    const id = fixture.ids[name];
    if (!id) throw new Error(`${entry.name}: the fixture gives no ${name}`);
    return id;
  });

/** One cell, one way: the answer must be the cell's status (and error code). */
async function call(entry: Entry, fixture: Fixture, pair: Pair, way: Way): Promise<string | null> {
  const spec = CALLS[entry.name]!;
  const fresh = way === 'session' && spec.freshSession ? await freshSessionOf(pair) : undefined;
  const body = spec.body?.();
  const response = await send(entry.method, urlOf(entry, fixture), {
    auth: authOf(pair, way, fresh),
    ...(body ? { body } : {}),
  });
  const cell = entry.expected[columnOf(pair, way)];
  const code = codeOf(cell);
  if (response.status === statusOf(cell) && (code === undefined || response.code === code)) {
    return allowed(cell) ? recorded(entry, fixture, columnOf(pair, way), way, response) : null;
  }
  tally.unexpected += 1;
  return `${entry.name} by ${pair} (${way}): expected ${statusOf(cell)}${code ? ` ${code}` : ''}, got ${response.status} ${response.body.slice(0, 300)}`;
}

async function freshSessionOf(pair: Pair): Promise<Session> {
  return openSession(PAIRS[pair].actor, PAIRS[pair].user);
}

/**
 * What an allowed call left behind names the real person, for the user: an action's history
 * entry (by, acting_for), a note's author_name.
 */
async function recorded(
  entry: Entry,
  fixture: Fixture,
  pair: Pair,
  way: Way,
  response: Answer,
): Promise<string | null> {
  const actor = people[PAIRS[pair].actor];
  const user = people[PAIRS[pair].user];
  const where = `${entry.name} by ${pair} (${way})`;
  if (entry.action) {
    const history = await send('GET', `/api/v1/orders/${fixture.ids.order_id}/history`, {
      auth: { key: people.staff_admin.key },
    });
    const taken = history
      .json<HistoryEntry[]>()
      .filter((e) => e.action === entry.action)
      .pop();
    const expected = {
      by: { id: actor.id, name: actor.name },
      acting_for: isSelf(pair) ? null : { id: user.id, name: user.name },
    };
    const got = { by: taken?.by ?? null, acting_for: taken?.acting_for ?? null };
    if (JSON.stringify(got) === JSON.stringify(expected)) return null;
    tally.unexpected += 1;
    return `${where}: the history should record ${JSON.stringify(expected)}, records ${JSON.stringify(got)}`;
  }
  if (entry.name === 'POST /orders/:order_id/notes') {
    const author = response.json<{ author_name: string }>().author_name;
    const expected = isSelf(pair) ? user.name : `${actor.name} for ${user.name}`;
    if (author === expected) return null;
    tally.unexpected += 1;
    return `${where}: the note's author_name should be "${expected}", is "${author}"`;
  }
  return null;
}

type Cases = [Pair, Way][];

function casesOf(entry: Entry): Cases {
  const ways = CALLS[entry.name]!.sessionOnly ? (['session'] as const) : WAYS;
  return PAIR_NAMES.flatMap((pair) => ways.map((way): [Pair, Way] => [pair, way]));
}

async function runRow(entry: Entry): Promise<string[]> {
  const spec = CALLS[entry.name]!;
  const problems: string[] = [];
  const cases = casesOf(entry);
  const refused = cases.filter(([pair, way]) => !allowed(entry.expected[columnOf(pair, way)]));
  const granted = cases.filter(([pair, way]) => allowed(entry.expected[columnOf(pair, way)]));

  // The refusals, on one resource: nothing may change, neither the resource nor any table.
  const shared = await spec.fixture();
  const before = { counts: await rowCounts(), resource: await shared.snapshot?.() };
  for (const [pair, way] of refused) {
    const problem = await call(entry, shared, pair, way);
    if (problem) problems.push(problem);
  }
  const after = { counts: await rowCounts(), resource: await shared.snapshot?.() };
  if (JSON.stringify(after) !== JSON.stringify(before)) {
    problems.push(
      `${entry.name}: a refused request changed something:\n  before ${JSON.stringify(before)}\n  after  ${JSON.stringify(after)}`,
    );
  }

  // The allowed calls: reads (and calls that leave the resource as it was) share it.
  const reuse = entry.method === 'GET' || spec.shareFixture === true;
  for (const [pair, way] of granted) {
    const fixture = reuse ? shared : await spec.fixture();
    const problem = await call(entry, fixture, pair, way);
    if (problem) problems.push(problem);
  }
  // A password changed ends the user's other sessions: the columns' sessions are opened again.
  if (spec.freshSession) await openSessions();
  return problems;
}

// ---- the tests ------------------------------------------------------------------------------

describe('the acting matrix is whole', () => {
  it('every row says how it is called, and each route has one row', () => {
    const names = ENTRIES.map((e) => e.name);
    expect(names.filter((name) => !CALLS[name])).toEqual([]);
    expect(Object.keys(CALLS).filter((name) => !names.includes(name))).toEqual([]);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it("has a row for every action that is a user's own decision (the workflow table's `own`)", () => {
    const own = ENDPOINT_ACTIONS.filter((a) => a.own).map((a) => a.action);
    expect(own.length).toBeGreaterThan(0);
    expect(own.filter((action) => !ENTRIES.some((e) => e.action === action))).toEqual([]);
  });

  it('each acting column differs from its user’s own column only by cannot_act_as', () => {
    const drift: string[] = [];
    for (const entry of ENTRIES)
      for (const pair of PAIR_NAMES) {
        const own = entry.expected[PAIRS[pair].user as Pair];
        const cell = entry.expected[pair];
        if (cell !== own && cell !== ACT) drift.push(`${entry.name} ${pair}: ${cell}, the user: ${own}`);
      }
    expect(drift).toEqual([]);
  });
});

describe('each column’s session is the user’s, opened by the actor', () => {
  it.each(PAIR_NAMES)('%s', (pair) => {
    const { actor, user } = PAIRS[pair];
    expect(sessions[pair].info.user.id).toBe(people[user].id);
    const acting = !isSelf(columnOf(pair, 'session'));
    expect(sessions[pair].info.actor?.id ?? null).toBe(acting ? people[actor].id : null);
  });
});

describe('what acting may do for the user: every row, every column, both ways', () => {
  for (const entry of ENTRIES) {
    it(entry.name, async () => {
      expect(await runRow(entry)).toEqual([]);
    });
  }
});

describe('allowed_transitions of the acting caller: the user’s own, less what acting may not take', () => {
  const rowsByStatus = new Map<Status, Entry[]>();
  const STATUS_OF: Record<string, Status> = {
    hold: 'Assigned',
    schedule_inspection: 'Assigned',
    reject_assignment: 'Pending assignment',
    accept_assignment: 'Pending assignment',
    complete_inspection: 'Inspection scheduled',
    request_submission: 'Inspection completed',
    retry_submission_fee: 'Submission fee failed',
    approve_negotiation: 'Under negotiation',
    refuse_negotiation: 'Under negotiation',
  };
  for (const entry of ENTRIES.filter((e) => e.action)) {
    const status = STATUS_OF[entry.action!];
    if (!status) throw new Error(`${entry.name}: no status for its allowed_transitions check`);
    rowsByStatus.set(status, [...(rowsByStatus.get(status) ?? []), entry]);
  }

  it.each([...rowsByStatus.keys()])('%s', async (status) => {
    const rows = rowsByStatus.get(status)!;
    const { ids } = await orderIn(status);
    const problems: string[] = [];
    const seen = {} as Record<Pair, Record<Way, string[]>>;
    for (const pair of PAIR_NAMES) {
      seen[pair] = { key: [], session: [] };
      for (const way of WAYS) {
        const answer = await send('GET', `/api/v1/orders/${ids.order_id}`, { auth: authOf(pair, way) });
        if (answer.status !== 200) {
          tally.unexpected += 1;
          problems.push(`GET the order by ${pair} (${way}): ${answer.status}`);
          continue;
        }
        seen[pair][way] = answer.json<{ allowed_transitions: string[] }>().allowed_transitions;
      }
    }
    for (const pair of PAIR_NAMES)
      for (const way of WAYS) {
        const transitions = seen[pair][way];
        // The table's cell for each action of this status: listed exactly when allowed.
        for (const entry of rows) {
          const listed = transitions.includes(entry.action!);
          const cell = entry.expected[columnOf(pair, way)];
          if (listed !== allowed(cell)) {
            tally.unexpected += 1;
            problems.push(
              `${status}, ${pair} (${way}): ${entry.action} ${listed ? 'listed' : 'left out'}, the table says ${cell}`,
            );
          }
        }
        // Whole: the user's own list (their self column), less what the pair may not take for them.
        const userColumn = PAIRS[pair].user as Pair;
        const refusedToPair = ENTRIES.filter((e) => e.action && e.expected[columnOf(pair, way)] === ACT).map(
          (e) => e.action!,
        );
        const expected = seen[userColumn][way].filter((a) => !refusedToPair.includes(a));
        if (JSON.stringify(transitions) !== JSON.stringify(expected)) {
          tally.unexpected += 1;
          problems.push(
            `${status}, ${pair} (${way}): allowed_transitions ${JSON.stringify(transitions)}, expected ${JSON.stringify(expected)}`,
          );
        }
      }
    expect(problems).toEqual([]);
  });
});

describe('who may not act for whom: refused alike, both ways, on every route', () => {
  let orderId: string;
  let unknownAnswer: { message: string; details: unknown };
  const ownSessions = new Map<Person, Session>();

  beforeAll(async () => {
    orderId = (await orderIn('Assigned')).ids.order_id!;
    const unknown = await send('GET', `/api/v1/orders/${orderId}`, {
      auth: { key: people.staff_admin.key, actAs: people.nobody.email },
      counted: false,
    });
    unknownAnswer = unknown.json<{ error: { message: string; details: unknown } }>().error;
  });

  const ownSession = async (person: Person) => {
    if (!ownSessions.has(person)) ownSessions.set(person, await openSession(person, person));
    return ownSessions.get(person)!;
  };

  it.each(NOT_FOR)('%s for %s: %s', async (actor, user) => {
    const email = people[user].email;
    const problems: string[] = [];
    const before = await rowCounts();
    const ways: [Way, Auth][] = [
      ['key', { key: people[actor].key, actAs: email }],
      ['session', { session: await ownSession(actor), actAs: email }],
    ];
    for (const [way, auth] of ways)
      for (const [method, url] of [
        ['POST', '/api/v1/me'],
        ['GET', `/api/v1/orders/${orderId}`],
        ['GET', '/api/v1/orders'],
      ] as const) {
        const answer = await send(method, url, { auth });
        const error = answer.code
          ? answer.json<{ error: { message: string; details: unknown } }>().error
          : null;
        // The same answer as for an email nobody has: the header tells no one who exists, or why.
        const alike =
          error !== null &&
          error.message.replace(email, people.nobody.email) === unknownAnswer.message &&
          JSON.stringify(error.details) === JSON.stringify(unknownAnswer.details);
        if (answer.status !== 403 || answer.code !== 'cannot_act_as' || !alike) {
          tally.unexpected += 1;
          problems.push(
            `${actor} for ${user} (${way}) ${method} ${url}: expected 403 cannot_act_as as for an unknown email, got ${answer.status} ${answer.body.slice(0, 300)}`,
          );
        }
      }
    expect(await rowCounts()).toEqual(before);
    expect(problems).toEqual([]);
  });
});

describe('the whole run', () => {
  it('no request answered 5xx', () => {
    expect(tally.serverErrors).toEqual([]);
  });
});

afterAll(() => {
  const acting = PAIR_NAMES.filter((pair) => !isSelf(pair)).length;
  console.log(
    `acting matrix: ${tally.requests} requests, ${PAIR_NAMES.length} pairs (${acting} acting, ` +
      `${PAIR_NAMES.length - acting} self) x ${WAYS.length} ways (API key + X-Api-Email, session), ` +
      `${ENTRIES.length} rows, ${NOT_FOR.length} pairs refused outright, ` +
      `${tally.unexpected} unexpected, ${tally.serverErrors.length} 5xx`,
  );
});
