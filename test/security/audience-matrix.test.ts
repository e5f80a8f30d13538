import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Audience } from '../../src/policy/audience.ts';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import type { Status } from '../../src/workflow/statuses.ts';
import { useTestApp } from '../helpers/app.ts';
import { createUserWithKey } from '../helpers/factories.ts';
import { REPORT_PDF, type Part } from '../helpers/multipart.ts';
import { placeOrder } from '../helpers/orders.ts';
import { encodeBody, readAnswer, type Answer, type Body } from '../helpers/matrix.ts';

/**
 * THE AUDIENCE MATRIX: who may write to whom on an order, and who reads what was written.
 *
 * Notes (POST /orders/{id}/notes) and files (POST /orders/{id}/files) have an audience: who
 * besides the company reads them (src/policy/audience.ts, src/policy/messages.ts):
 *   internal   the company only
 *   appraiser  the company and the order's appraiser
 *   client     the company and the lender
 *   everyone   the company, the lender and the appraiser
 * Staff (and operators) write to any audience, everyone by default. Where the company routes
 * messages through it (its setting for the client, messages_through_company, on by default),
 * the lender writes only to `client` and the appraiser only to `appraiser`, which the company
 * forwards; with the setting off each may also write to everyone, then their default. Any other
 * audience answers 422 naming the field `audience` and creates nothing. A note's attachments
 * follow the note's audience; staff change a file's audience (PATCH), but not a report file's
 * (released with the report) nor a note attachment's (it follows its note).
 *
 * The tables:
 *   WRITES    writer x asked audience x setting on/off: 201 with the audience it got, or 422
 *   READS     audience x reader: who sees a note, its attachment, a file in GET notes / GET files
 *   PATCHES   who changes a file's audience, on which file: 200, 403, 404 or 422
 *   REPORT    a report file, before and after the company released it
 *   FORWARDS  staff forwarding a note: the forward's audience by default, or 403 / 422
 *   FORWARDED_REQUESTS  a lender's request passed on (forward_request), with its attachment or not
 */

const t = useTestApp();

// ---- the people -----------------------------------------------------------------------------

/**
 * The order is one the demo lender placed with the demo company, assigned to the demo appraiser.
 *
 *   lender           a user of the order's client (the demo client's admin)
 *   appraiser        the appraiser the order is assigned to
 *   other_appraiser  another appraiser of the same company, not assigned: the order is not theirs
 *   staff            staff of the order's company (an admin)
 *   operator         whoever runs the service
 *   other_staff      staff of another company
 *   staff>lender     the company's staff acting for the lender (X-Api-Email): the lender's rules
 */
const READERS = ['lender', 'appraiser', 'other_appraiser', 'staff', 'operator'] as const;
type Reader = (typeof READERS)[number];
type Writer = 'lender' | 'appraiser' | 'staff' | 'operator' | 'staff>lender';
type Caller = Reader | Writer | 'other_staff';

// ---- the tables -----------------------------------------------------------------------------

/** A cell of WRITES: the audience the note or file got (201), or 422 (naming `audience`). */
type Written = Audience | 422;
/** Not named: the writer's default. */
const DEFAULT = '(default)';

/**
 * Each row is asked twice, as a note (with an attachment) and as a file: with the company's
 * setting messages_through_company on (the default), then off.
 */
// prettier-ignore
const WRITES: [writer: Writer, asked: Audience | typeof DEFAULT, on: Written, off: Written][] = [
  // writer          asked          through the company (on)   straight (off)
  ['lender',         DEFAULT,       'client',                  'everyone'],
  ['lender',         'internal',    422,                       422],
  ['lender',         'appraiser',   422,                       422],
  ['lender',         'client',      'client',                  'client'],
  ['lender',         'everyone',    422,                       'everyone'],

  ['appraiser',      DEFAULT,       'appraiser',               'everyone'],
  ['appraiser',      'internal',    422,                       422],
  ['appraiser',      'appraiser',   'appraiser',               'appraiser'],
  ['appraiser',      'client',      422,                       422],
  ['appraiser',      'everyone',    422,                       'everyone'],

  ['staff',          DEFAULT,       'everyone',                'everyone'],
  ['staff',          'internal',    'internal',                'internal'],
  ['staff',          'appraiser',   'appraiser',               'appraiser'],
  ['staff',          'client',      'client',                  'client'],
  ['staff',          'everyone',    'everyone',                'everyone'],

  ['operator',       DEFAULT,       'everyone',                'everyone'],
  ['operator',       'internal',    'internal',                'internal'],
  ['operator',       'appraiser',   'appraiser',               'appraiser'],
  ['operator',       'client',      'client',                  'client'],
  ['operator',       'everyone',    'everyone',                'everyone'],

  // Acting for the lender, staff write as the lender does.
  ['staff>lender',   DEFAULT,       'client',                  'everyone'],
  ['staff>lender',   'internal',    422,                       422],
  ['staff>lender',   'everyone',    422,                       'everyone'],
];

/** Whether a reader sees a note or a file (and a note's attachment) in GET notes / GET files. */
const SEES = 'sees';
const NOT = '-';
type Seen = typeof SEES | typeof NOT | 404;

/** The other appraiser may not see the order at all: GET notes and GET files answer 404. */
// prettier-ignore
const READS: [audience: Audience, ...seen: [Seen, Seen, Seen, Seen, Seen]][] = [
  // audience       lender  appraiser  other_appraiser  staff  operator
  ['internal',      NOT,    NOT,       404,             SEES,  SEES],
  ['appraiser',     NOT,    SEES,      404,             SEES,  SEES],
  ['client',        SEES,   NOT,       404,             SEES,  SEES],
  ['everyone',      SEES,   SEES,      404,             SEES,  SEES],
];

/** Who changes a file's audience (PATCH /orders/{id}/files/{file_id}), on which file, to what. */
type FileKind = 'upload' | 'report' | 'attachment';
// prettier-ignore
const PATCHES: [caller: Caller, file: FileKind, asked: Audience, expected: 200 | 403 | 404 | 422][] = [
  // caller             the file                       asked         answer
  ['staff',             'upload',                      'everyone',   200],
  ['staff',             'upload',                      'internal',   200],
  ['staff',             'upload',                      'appraiser',  200],
  ['operator',          'upload',                      'everyone',   200],
  ['lender',            'upload',                      'everyone',   403],
  ['appraiser',         'upload',                      'everyone',   403],
  ['other_appraiser',   'upload',                      'everyone',   403],
  ['other_staff',       'upload',                      'everyone',   404],
  ['staff',             'report',                      'client',     422],
  ['staff',             'report',                      'internal',   422],
  ['staff',             'attachment',                  'everyone',   422],
  ['operator',          'attachment',                  'internal',   422],
];

/** A report file (request_submission): the lender sees it only once the company released it. */
// prettier-ignore
const REPORT: [when: string, ...seen: [Seen, Seen, Seen, Seen, Seen]][] = [
  // the report file                     lender  appraiser  other_appraiser  staff  operator
  ['submitted (In review)',              NOT,    SEES,      404,             SEES,  SEES],
  ['released (request_completion)',      SEES,   SEES,      404,             SEES,  SEES],
];

/**
 * Forwarding a note (POST /orders/{id}/notes/{note_id}/forward), with the setting on: the
 * original is written with its author's default audience (staff's: internal), the forward's
 * audience is what it gets; attachments: whether the original's attachment goes with it.
 */
// prettier-ignore
const FORWARDS: [author: Writer, forwarder: Caller, body: Record<string, unknown>, expected: Audience | 403 | 404 | 422, attachment: boolean][] = [
  // note by       forwarded by   body                               answer        attachment
  ['lender',       'staff',       {},                                'appraiser',  true],
  ['appraiser',    'staff',       {},                                'client',     true],
  ['staff',        'staff',       {},                                422,          false],
  ['staff',        'staff',       { audience: 'appraiser' },         'appraiser',  true],
  ['lender',       'staff',       { audience: 'everyone' },          'everyone',   true],
  ['appraiser',    'staff',       { include_attachments: false },    'client',     false],
  ['lender',       'operator',    {},                                'appraiser',  true],
  ['lender',       'lender',      {},                                403,          false],
  ['appraiser',    'appraiser',   {},                                403,          false],
  ['lender',       'other_staff', {},                                404,          false],
];

const seenBy = (audience: Audience, reader: Reader): Seen => {
  const row = READS.find(([a]) => a === audience);
  if (!row) throw new Error(`no READS row for ${audience}`);
  return row[1 + READERS.indexOf(reader)] as Seen;
};

// ---- the world ------------------------------------------------------------------------------

let demo: DemoWorld;
let keys: Record<Caller, { key: string; actAs?: string }>;

beforeAll(async () => {
  demo = await seedDemo(t.db);
  const other = await seedDemo(t.db);
  const company = { id: demo.company_id, name: 'Demo company' };
  const otherAppraiser = await createUserWithKey(t.db, 'appraiser', company);
  const operator = await createUserWithKey(t.db, 'operator', null);
  keys = {
    lender: { key: demo.users.client.api_key },
    appraiser: { key: demo.users.appraiser.api_key },
    other_appraiser: { key: otherAppraiser.key },
    staff: { key: demo.users.staff.api_key },
    operator: { key: operator.key },
    other_staff: { key: other.users.staff.api_key },
    'staff>lender': { key: demo.users.staff.api_key, actAs: demo.users.client.email },
  };
});

afterAll(async () => {
  await t.db
    .updateTable('company_clients')
    .set({ messages_through_company: true })
    .where('client_id', '=', demo.client_id)
    .execute();
});

// ---- requests, counted ----------------------------------------------------------------------

const tally = { requests: 0, unexpected: 0, serverErrors: [] as string[] };

interface Sent extends Answer {
  /** The first field an error names. */
  field: string | undefined;
}

async function send(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  caller: Caller,
  options: { body?: Body; counted?: boolean } = {},
): Promise<Sent> {
  const { key, actAs } = keys[caller];
  const { headers: bodyHeaders, payload } = encodeBody(options.body);
  const headers: Record<string, string> = {
    ...bodyHeaders,
    'x-api-key': key,
    ...(actAs ? { 'x-api-email': actAs } : {}),
  };
  const response = await t.app.inject({
    method,
    url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
  if (options.counted !== false) tally.requests += 1;
  if (response.statusCode >= 500) tally.serverErrors.push(`${method} ${url}: ${response.statusCode}`);
  const answer = readAnswer(response);
  const field =
    answer.code === undefined
      ? undefined
      : answer.json<{ error?: { details?: { field?: string }[] } }>().error?.details?.[0]?.field;
  return { ...answer, field };
}

/** A request that prepares a case: not counted, must succeed. */
async function setup<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  caller: Caller,
  body?: Body,
): Promise<T> {
  const response = await send(method, url, caller, { counted: false, ...(body ? { body } : {}) });
  if (response.status >= 300) throw new Error(`setup ${method} ${url}: ${response.status} ${response.body}`);
  return response.json<T>();
}

const ERROR_CODES: Record<number, string> = { 403: 'forbidden', 404: 'not_found', 422: 'validation_failed' };

/** A mismatch: counted, and described for the test's failure. */
function unexpected(problems: string[], problem: string): void {
  tally.unexpected += 1;
  problems.push(problem);
}

// ---- fixtures -------------------------------------------------------------------------------

/** An order of the demo world, put directly in `status`, assigned to the demo appraiser. */
async function orderIn(status: Status): Promise<string> {
  const order = await placeOrder(t.app, t.db, demo);
  await t.db
    .updateTable('orders')
    .set({ status, appraiser_id: demo.users.appraiser.id })
    .where('id', '=', order.id)
    .execute();
  return order.id;
}

/** The company's setting for the demo client, changed through the API as its staff admin does. */
async function messagesThroughCompany(on: boolean): Promise<void> {
  const changed = await send('PATCH', `/api/v1/clients/${demo.client_id}/settings`, 'staff', {
    body: { json: { messages_through_company: on } },
  });
  if (changed.status !== 200 || changed.json<Record<string, unknown>>().messages_through_company !== on)
    throw new Error(`setting messages_through_company to ${on}: ${changed.status} ${changed.body}`);
}

const unique = () => randomBytes(4).toString('hex');
const pdfNamed = (filename: string) => ({ ...REPORT_PDF, filename });

const notePartsOf = (content: string, attachment: string, audience?: Audience): Part[] => [
  ['content', content],
  ...(audience ? ([['audience', audience]] as Part[]) : []),
  ['attachments[]', pdfNamed(attachment)],
];

const filePartsOf = (filename: string, audience?: Audience): Part[] => [
  ['attachment', pdfNamed(filename)],
  ['file_type', 'other'],
  ...(audience ? ([['audience', audience]] as Part[]) : []),
];

interface NoteSeen {
  id: string;
  audience: Audience;
  attachments: { filename: string }[];
}

interface FileSeen {
  id: string;
  filename: string;
  audience: Audience;
}

async function counts(): Promise<Record<string, number>> {
  const result = await sql<Record<string, number>>`
    SELECT (SELECT count(*) FROM notes)::int AS notes,
           (SELECT count(*) FROM order_files)::int AS order_files,
           (SELECT count(*) FROM events)::int AS events`.execute(t.db);
  return result.rows[0]!;
}

/** What each reader gets of the order's notes and files: 404, or the lists. */
async function readAll(orderId: string) {
  const seen = {} as Record<Reader, { notes: NoteSeen[] | 404; files: FileSeen[] | 404 }>;
  for (const reader of READERS) {
    const notes = await send('GET', `/api/v1/orders/${orderId}/notes`, reader);
    const files = await send('GET', `/api/v1/orders/${orderId}/files`, reader);
    for (const answer of [notes, files])
      if (answer.status !== 200 && answer.status !== 404)
        throw new Error(`${reader} reading ${orderId}: ${answer.status} ${answer.body}`);
    seen[reader] = {
      notes: notes.status === 404 ? 404 : notes.json<NoteSeen[]>(),
      files: files.status === 404 ? 404 : files.json<FileSeen[]>(),
    };
  }
  return seen;
}

type Lists = Awaited<ReturnType<typeof readAll>>;

/**
 * Checks that each reader sees a file named `filename` (with `audience`) exactly when READS
 * says so; answers the problems.
 */
function checkFile(lists: Lists, what: string, filename: string, audience: Audience, problems: string[]) {
  for (const reader of READERS) {
    const expected = seenBy(audience, reader);
    const files = lists[reader].files;
    if (expected === 404 || files === 404) {
      if (expected !== files)
        unexpected(
          problems,
          `${what}: ${reader} GET files ${files === 404 ? 404 : 200}, expected ${expected}`,
        );
      continue;
    }
    const listed = files.filter((f) => f.filename === filename);
    const ok =
      expected === SEES ? listed.length === 1 && listed[0]!.audience === audience : listed.length === 0;
    if (!ok)
      unexpected(
        problems,
        `${what}: ${reader} GET files lists ${JSON.stringify(listed)}, expected ${expected === SEES ? `one, for ${audience}` : 'none'}`,
      );
  }
}

/**
 * Checks a note against READS: who sees it in GET notes, listed with its attachments (by
 * filename); and, unless `files` is false, its attachment in GET files, for the note's audience.
 */
function checkNote(
  lists: Lists,
  what: string,
  note: { id: string; attachments: string[] },
  audience: Audience,
  problems: string[],
  files = true,
) {
  for (const reader of READERS) {
    const expected = seenBy(audience, reader);
    const notes = lists[reader].notes;
    if (expected === 404 || notes === 404) {
      if (expected !== notes)
        unexpected(
          problems,
          `${what}: ${reader} GET notes ${notes === 404 ? 404 : 200}, expected ${expected}`,
        );
      continue;
    }
    const listed = notes.find((n) => n.id === note.id);
    if ((listed !== undefined) !== (expected === SEES)) {
      unexpected(
        problems,
        `${what}: ${reader} ${listed ? 'sees' : 'does not see'} the note, expected ${expected}`,
      );
      continue;
    }
    if (!listed) continue;
    const attachments = listed.attachments.map((a) => a.filename);
    const wanted = note.attachments;
    if (listed.audience !== audience || JSON.stringify(attachments) !== JSON.stringify(wanted))
      unexpected(
        problems,
        `${what}: ${reader} sees the note for ${listed.audience} with ${JSON.stringify(attachments)}, expected ${audience} with ${JSON.stringify(wanted)}`,
      );
  }
  if (files)
    for (const attachment of note.attachments)
      checkFile(lists, `${what}, its attachment`, attachment, audience, problems);
}

// ---- the tests ------------------------------------------------------------------------------

describe('the tables are whole', () => {
  it('READS has a row for every audience, WRITES every audience for each writer', () => {
    const audiences: Audience[] = ['internal', 'appraiser', 'client', 'everyone'];
    expect(READS.map(([a]) => a).sort()).toEqual([...audiences].sort());
    for (const writer of ['lender', 'appraiser', 'staff', 'operator'] as const)
      expect(
        WRITES.filter(([w]) => w === writer)
          .map(([, asked]) => asked)
          .sort(),
      ).toEqual([DEFAULT, ...audiences].sort());
  });
});

const SETTINGS = [
  ['on', true],
  ['off', false],
] as const;

interface Created {
  what: string;
  kind: 'note' | 'file';
  id: string;
  filename: string;
  audience: Audience;
}

describe('who may write to whom: writer x asked audience x messages_through_company', () => {
  const created: Record<'on' | 'off', { orderId: string; items: Created[] }> = {
    on: { orderId: '', items: [] },
    off: { orderId: '', items: [] },
  };

  for (const [setting, on] of SETTINGS) {
    it(`creates notes and files, the setting ${setting}`, async () => {
      await messagesThroughCompany(on);
      const orderId = await orderIn('Assigned');
      created[setting].orderId = orderId;
      const problems: string[] = [];
      for (const [writer, asked, whenOn, whenOff] of WRITES) {
        const expected = on ? whenOn : whenOff;
        const audience = asked === DEFAULT ? undefined : asked;
        for (const kind of ['note', 'file'] as const) {
          const what = `${kind} by ${writer}, ${asked}, setting ${setting}`;
          const filename = `${kind}-${writer.replace('>', '-as-')}-${asked.replace(/\W/g, '')}-${setting}-${unique()}.pdf`;
          const before = await counts();
          const answer =
            kind === 'note'
              ? await send('POST', `/api/v1/orders/${orderId}/notes`, writer, {
                  body: { parts: notePartsOf(`<p>${what}</p>`, filename, audience) },
                })
              : await send('POST', `/api/v1/orders/${orderId}/files`, writer, {
                  body: { parts: filePartsOf(filename, audience) },
                });
          if (expected === 422) {
            if (answer.status !== 422 || answer.field !== 'audience')
              unexpected(
                problems,
                `${what}: expected 422 naming audience, got ${answer.status} ${answer.body.slice(0, 300)}`,
              );
            if (JSON.stringify(await counts()) !== JSON.stringify(before))
              unexpected(problems, `${what}: refused, yet something was written`);
            continue;
          }
          const got = answer.status === 201 ? answer.json<{ id: string; audience: Audience }>() : null;
          if (!got || got.audience !== expected) {
            unexpected(
              problems,
              `${what}: expected 201 for ${expected}, got ${answer.status} ${answer.body.slice(0, 300)}`,
            );
            continue;
          }
          created[setting].items.push({ what, kind, id: got.id, filename, audience: expected });
        }
      }
      expect(problems).toEqual([]);
    });
  }

  for (const [setting] of SETTINGS) {
    it(`each reader sees what reaches them, with its attachment (written with the setting ${setting})`, async () => {
      const { orderId, items } = created[setting];
      expect(items.length).toBeGreaterThan(0);
      const lists = await readAll(orderId);
      const problems: string[] = [];
      for (const item of items) {
        if (item.kind === 'note')
          checkNote(lists, item.what, { id: item.id, attachments: [item.filename] }, item.audience, problems);
        else checkFile(lists, item.what, item.filename, item.audience, problems);
      }
      expect(problems).toEqual([]);
    });
  }

  it('the setting is back on for the rest of the file', async () => {
    await messagesThroughCompany(true);
  });
});

describe("who changes a file's audience: PATCH /orders/{id}/files/{file_id}", () => {
  let orderId: string;
  let reportFile: FileSeen;
  let noteAttachment: FileSeen;

  beforeAll(async () => {
    orderId = await orderIn('Inspection completed');
    const submitted = await send('PUT', `/api/v1/orders/${orderId}/request_submission`, 'appraiser', {
      counted: false,
      body: {
        parts: [
          ['files[][attachment]', pdfNamed('report-for-patch.pdf')],
          ['files[][file_type]', 'appraisal_pdf'],
        ],
      },
    });
    if (submitted.status !== 200) throw new Error(`setup: submission ${submitted.status} ${submitted.body}`);
    await setup('POST', `/api/v1/orders/${orderId}/notes`, 'lender', {
      parts: notePartsOf('<p>The survey is attached.</p>', 'survey-attached.pdf'),
    });
    const files = await setup<FileSeen[]>('GET', `/api/v1/orders/${orderId}/files`, 'staff');
    reportFile = files.find((f) => f.filename === 'report-for-patch.pdf')!;
    noteAttachment = files.find((f) => f.filename === 'survey-attached.pdf')!;
  });

  it.each(PATCHES.map((row, i) => [i + 1, ...row] as const))(
    '%i: %s on %s, to %s: %i',
    async (_, caller, kind, asked, expected) => {
      const problems: string[] = [];
      let file: FileSeen;
      if (kind === 'upload') {
        const filename = `upload-${unique()}.pdf`;
        file = await setup<FileSeen>('POST', `/api/v1/orders/${orderId}/files`, 'lender', {
          parts: filePartsOf(filename),
        });
      } else file = kind === 'report' ? reportFile : noteAttachment;
      const row = () =>
        t.db.selectFrom('order_files').selectAll().where('id', '=', file.id).executeTakeFirst();
      const before = { row: await row(), counts: await counts() };
      const answer = await send('PATCH', `/api/v1/orders/${orderId}/files/${file.id}`, caller, {
        body: { json: { audience: asked } },
      });
      const code = ERROR_CODES[expected];
      if (answer.status !== expected || (code && answer.code !== code))
        unexpected(problems, `expected ${expected}, got ${answer.status} ${answer.body.slice(0, 300)}`);
      if (expected === 422 && answer.field !== 'audience')
        unexpected(problems, `the 422 should name audience, names ${answer.field}`);
      if (expected === 200) {
        if (answer.json<FileSeen>().audience !== asked)
          unexpected(problems, `the answer's audience is ${answer.json<FileSeen>().audience}`);
        checkFile(await readAll(orderId), `after the change to ${asked}`, file.filename, asked, problems);
      } else {
        const after = { row: await row(), counts: await counts() };
        if (JSON.stringify(after) !== JSON.stringify(before))
          unexpected(problems, `a refused change changed something: ${JSON.stringify({ before, after })}`);
      }
      expect(problems).toEqual([]);
    },
  );
});

describe('a report file reaches the lender once the company released it', () => {
  it.each(REPORT.map((row, i) => [i + 1, row[0]] as const))('%i: %s', async (n) => {
    const i = n - 1;
    const problems: string[] = [];
    const filename = `report-${unique()}.pdf`;
    const orderId = await orderIn('Inspection completed');
    const submitted = await send('PUT', `/api/v1/orders/${orderId}/request_submission`, 'appraiser', {
      counted: false,
      body: {
        parts: [
          ['files[][attachment]', pdfNamed(filename)],
          ['files[][file_type]', 'appraisal_pdf'],
        ],
      },
    });
    if (submitted.status !== 200) throw new Error(`setup: submission ${submitted.status} ${submitted.body}`);
    if (i === 1) await setup('PUT', `/api/v1/orders/${orderId}/request_completion`, 'staff');
    const lists = await readAll(orderId);
    const seen = REPORT[i]!.slice(1) as Seen[];
    READERS.forEach((reader, r) => {
      const files = lists[reader].files;
      const got: Seen = files === 404 ? 404 : files.some((f) => f.filename === filename) ? SEES : NOT;
      if (got !== seen[r]) unexpected(problems, `${REPORT[i]![0]}: ${reader} ${got}, expected ${seen[r]}`);
    });
    expect(problems).toEqual([]);
  });
});

describe('staff forward a note: to the other side of its author by default', () => {
  let orderId: string;
  beforeAll(async () => {
    orderId = await orderIn('Assigned');
  });

  it.each(FORWARDS.map((row, i) => [i + 1, ...row] as const))(
    '%i: a note by %s, forwarded by %s with %o: %s',
    async (_, author, forwarder, body, expected, carries) => {
      const problems: string[] = [];
      const attachment = `forwarded-${unique()}.pdf`;
      const original = await setup<{ id: string; audience: Audience }>(
        'POST',
        `/api/v1/orders/${orderId}/notes`,
        author,
        {
          parts: notePartsOf(
            `<p>Written by ${author}</p>`,
            attachment,
            author === 'staff' ? 'internal' : undefined,
          ),
        },
      );
      const before = await counts();
      const answer = await send('POST', `/api/v1/orders/${orderId}/notes/${original.id}/forward`, forwarder, {
        body: { json: body },
      });
      if (typeof expected === 'number') {
        const code = ERROR_CODES[expected];
        if (answer.status !== expected || answer.code !== code)
          unexpected(
            problems,
            `expected ${expected} ${code}, got ${answer.status} ${answer.body.slice(0, 300)}`,
          );
        if (expected === 422 && answer.field !== 'audience')
          unexpected(problems, `the 422 should name audience, names ${answer.field}`);
        if (JSON.stringify(await counts()) !== JSON.stringify(before))
          unexpected(problems, 'a refused forward wrote something');
        expect(problems).toEqual([]);
        return;
      }
      const forward = answer.status === 201 ? answer.json<{ id: string; audience: Audience }>() : null;
      if (!forward || forward.audience !== expected) {
        unexpected(
          problems,
          `expected 201 for ${expected}, got ${answer.status} ${answer.body.slice(0, 300)}`,
        );
        expect(problems).toEqual([]);
        return;
      }
      const lists = await readAll(orderId);
      // The forward reaches its audience, with the attachment when it carries it; the original
      // keeps its own audience and its attachment. (Both files share the filename: checked below.)
      const forwarded = { id: forward.id, attachments: carries ? [attachment] : [] };
      checkNote(lists, 'the forward', forwarded, expected, problems, false);
      const kept = { id: original.id, attachments: [attachment] };
      checkNote(lists, 'the original', kept, original.audience, problems, false);
      for (const reader of READERS) {
        const files = lists[reader].files;
        if (files === 404) continue;
        const audiences = files
          .filter((f) => f.filename === attachment)
          .map((f) => f.audience)
          .sort();
        const wanted = [
          ...(seenBy(original.audience, reader) === SEES ? [original.audience] : []),
          ...(carries && seenBy(expected, reader) === SEES ? [expected] : []),
        ].sort();
        if (JSON.stringify(audiences) !== JSON.stringify(wanted))
          unexpected(
            problems,
            `${reader} GET files: the attachment for ${JSON.stringify(audiences)}, expected ${JSON.stringify(wanted)}`,
          );
      }
      expect(problems).toEqual([]);
    },
  );
});

/**
 * A lender's revision request, held for the company's review (its note and attachment for the
 * company and the lender), passed on with forward_request: the appraiser gets a note of its own,
 * with the attachment unless include_attachments is false; the lender's original stays theirs.
 */
// prettier-ignore
const FORWARDED_REQUESTS: [body: Record<string, unknown>, appraiserGetsAttachment: boolean][] = [
  // body                                the appraiser gets the attachment
  [{},                                   true],
  [{ include_attachments: false },       false],
];

describe("staff pass a lender's request on (forward_request): its attachment goes with it", () => {
  it.each(FORWARDED_REQUESTS)('%o: attachment to the appraiser %s', async (body, carries) => {
    const problems: string[] = [];
    const attachment = `request-${unique()}.pdf`;
    const orderId = await orderIn('Completed');
    const requested = await send('PUT', `/api/v1/orders/${orderId}/request_revision`, 'lender', {
      counted: false,
      body: {
        parts: [
          ['comments', 'Please recheck the square footage'],
          ['attachments[]', pdfNamed(attachment)],
        ],
      },
    });
    if (requested.status !== 200) throw new Error(`setup: revision ${requested.status} ${requested.body}`);
    const forwarded = await send('PUT', `/api/v1/orders/${orderId}/forward_request`, 'staff', {
      body: { json: body },
    });
    if (forwarded.status !== 200)
      unexpected(
        problems,
        `forward_request: expected 200, got ${forwarded.status} ${forwarded.body.slice(0, 300)}`,
      );
    else {
      const lists = await readAll(orderId);
      for (const reader of READERS) {
        const files = lists[reader].files;
        if (files === 404) continue;
        const audiences = files
          .filter((f) => f.filename === attachment)
          .map((f) => f.audience)
          .sort();
        const wanted = [
          ...(seenBy('client', reader) === SEES ? ['client'] : []),
          ...(carries && seenBy('appraiser', reader) === SEES ? ['appraiser'] : []),
        ].sort();
        if (JSON.stringify(audiences) !== JSON.stringify(wanted))
          unexpected(
            problems,
            `${reader} GET files: the attachment for ${JSON.stringify(audiences)}, expected ${JSON.stringify(wanted)}`,
          );
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the whole run', () => {
  it('no request answered 5xx', () => {
    expect(tally.serverErrors).toEqual([]);
  });
});

afterAll(() => {
  console.log(
    `audience matrix: ${tally.requests} requests, ${WRITES.length * SETTINGS.length * 2} writes ` +
      `(${WRITES.length} rows x ${SETTINGS.length} settings x note+file), ${READS.length} audiences x ` +
      `${READERS.length} readers, ${PATCHES.length} audience changes, ${REPORT.length} report cases, ` +
      `${FORWARDS.length} forwards, ${FORWARDED_REQUESTS.length} forwarded requests, ${tally.unexpected} unexpected, ${tally.serverErrors.length} 5xx`,
  );
});
