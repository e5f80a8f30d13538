import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands.ts';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { useTestApp } from '../helpers/app.ts';
import { createUserWithKey, type UserWithKey } from '../helpers/factories.ts';
import { multipart } from '../helpers/multipart.ts';
import { placeOrder } from '../helpers/orders.ts';

/**
 * The ASC National Registry: its tab-delimited export imported from the command line and by an
 * operator's upload, with every change kept; a license it shows inactive or expired stops its
 * appraiser in the engine; a malformed file answers 422 naming each bad line, and changes nothing.
 */
const t = useTestApp();
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/registry');
const fixture = (name: string) => path.join(FIXTURES, `asc-national-registry-${name}.txt`);
let demo: DemoWorld;
let operator: UserWithKey;

beforeAll(async () => {
  demo = await seedDemo(t.db);
  operator = await createUserWithKey(t.db, 'operator', null);
});

const upload = async (key: string, file: string) => {
  const body = multipart([
    [
      'file',
      {
        filename: path.basename(file),
        contentType: 'text/tab-separated-values',
        content: await readFile(file),
      },
    ],
  ]);
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/v1/registry_imports',
    headers: { 'X-Api-Key': key, ...body.headers },
    payload: body.payload,
  });
  return { status: answer.statusCode, body: answer.json() };
};

const registry = () =>
  t.db
    .selectFrom('registry_licenses')
    .select(['state_id', 'number', 'type', 'status', 'expires_on'])
    .orderBy('number')
    .execute();

describe('the license registry', () => {
  it('imports the export from the command line, then an upload with what changed; the engine reads it', async () => {
    const first = await COMMANDS['registry import']!(t.db, { file: fixture('2026-11-26') }, t.config);
    expect(first.json.import).toMatchObject({
      lines: 5,
      added: 5,
      changed: 0,
      unchanged: 0,
      imported_by: null,
    });
    expect(first.text).toBe(
      'imported 5 license(s) from asc-national-registry-2026-11-26.txt: 5 added, 0 changed, 0 unchanged',
    );
    expect((await registry()).find((r) => r.number === 'TX-1329002-G')).toEqual({
      state_id: '48',
      number: 'TX-1329002-G',
      type: 2,
      status: 'A',
      expires_on: '2028-01-31',
    });

    // The next day's file: Ramirez inactive, Whitfield renewed, Fontenot expired, Okafor new.
    const second = await upload(operator.key, fixture('2026-11-27'));
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body).toMatchObject({
      file_name: 'asc-national-registry-2026-11-27.txt',
      lines: 6,
      added: 1,
      changed: 3,
      unchanged: 2,
      imported_by: { id: operator.id },
    });
    const changes = await t.db
      .selectFrom('registry_license_changes')
      .select(['number', 'change', 'before', 'after'])
      .where('import_id', '=', second.body.id)
      .orderBy('number')
      .execute();
    expect(changes.map((c) => [c.number, c.change])).toEqual([
      ['TX-1311230-R', 'changed'],
      ['TX-1329002-G', 'changed'],
      ['TX-1334871-L', 'changed'],
      ['TX-1342266-R', 'added'],
    ]);
    expect(changes[2]).toMatchObject({ before: { status: 'A' }, after: { status: 'I' } });
    // The same file again changes nothing.
    expect((await upload(operator.key, fixture('2026-11-27'))).body).toMatchObject({
      added: 0,
      changed: 0,
      unchanged: 6,
    });

    // An appraiser whose license the registry shows inactive is stopped, the number compared
    // without its punctuation; one whose license it shows expired too.
    const inactive = await createUserWithKey(t.db, 'appraiser', { id: demo.company_id, name: '' });
    const expired = await createUserWithKey(t.db, 'appraiser', { id: demo.company_id, name: '' });
    for (const [appraiser, number] of [
      [inactive, 'tx 1334871 l'],
      [expired, 'TX-1311230-R'],
      [demo.users.appraiser, 'TX-1380423-R'],
    ] as const) {
      await t.db.deleteFrom('appraiser_licenses').where('appraiser_id', '=', appraiser.id).execute();
      await t.db
        .insertInto('appraiser_licenses')
        .values({
          appraiser_id: appraiser.id,
          state_id: '48',
          number,
          level: 'certified_residential',
          expires_on: '2030-01-31',
        })
        .execute();
    }
    const order = await placeOrder(t.app, t.db, demo);
    const picker = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}/appraiser_candidates`,
      headers: { 'X-Api-Key': demo.users.staff.api_key },
    });
    const license = Object.fromEntries(
      picker
        .json<{ id: string; failed_filters: { filter: string; reason: string }[] }[]>()
        .map((c) => [c.id, c.failed_filters.find((f) => f.filter === 'license')?.reason ?? null]),
    );
    expect(license[inactive.id]).toBe('The ASC registry shows the TX license tx 1334871 l inactive');
    expect(license[expired.id]).toBe('The ASC registry shows the TX license expired on 10/31/2026');
    expect(license[demo.users.appraiser.id]).toBeNull();

    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/registry_imports',
      headers: { 'X-Api-Key': operator.key },
    });
    expect(listed.json().map((i: { lines: number }) => i.lines)).toEqual([6, 6, 5]);
  });

  it('refuses a malformed file with each bad line named, and imports nothing', async () => {
    const before = await registry();
    const imports = async () => (await t.db.selectFrom('registry_imports').select('id').execute()).length;
    const count = await imports();
    const bad = await upload(operator.key, fixture('malformed'));
    expect(bad.status).toBe(422);
    expect(bad.body.error.details).toEqual([
      { field: 'file', message: 'line 2: EXP_DATE "13/45/2027" is not a date (MM/DD/YYYY)' },
      { field: 'file', message: 'line 3: STATUS "X" is neither A nor I' },
      { field: 'file', message: 'line 4: 2 columns where the header has 18' },
      { field: 'file', message: 'line 5: LIC_TYPE "5" is not 1, 2, 3 or 4' },
      { field: 'file', message: 'line 8: repeats the license of line 6' },
    ]);
    const cli = COMMANDS['registry import']!(t.db, { file: fixture('malformed') }, t.config);
    await expect(cli).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(COMMANDS['registry import']!(t.db, {}, t.config)).rejects.toMatchObject({
      code: 'validation_failed',
    });
    await expect(
      COMMANDS['registry import']!(t.db, { file: '/nonexistent/registry.txt' }, t.config),
    ).rejects.toMatchObject({
      code: 'validation_failed',
    });

    const noHeader = multipart([['file', { filename: 'x.txt', content: Buffer.from('TX\t1\tDOE\n') }]]);
    const headless = await t.app.inject({
      method: 'POST',
      url: '/api/v1/registry_imports',
      headers: { 'X-Api-Key': operator.key, ...noHeader.headers },
      payload: noHeader.payload,
    });
    expect(headless.statusCode).toBe(422);
    expect(headless.json().error.details[0].message).toMatch(
      /^line 1: the header lacks ST_ABBR, LIC_NUMBER, LNAME, STATUS, LIC_TYPE, EXP_DATE/,
    );
    const noFile = multipart([['file', 'just text']]);
    const textOnly = await t.app.inject({
      method: 'POST',
      url: '/api/v1/registry_imports',
      headers: { 'X-Api-Key': operator.key, ...noFile.headers },
      payload: noFile.payload,
    });
    expect(textOnly.statusCode).toBe(422);

    // Only operators import it: company staff and everyone else are refused.
    expect((await upload(demo.users.staff.api_key, fixture('2026-11-26'))).status).toBe(403);
    expect((await upload(demo.users.client.api_key, fixture('2026-11-26'))).status).toBe(403);
    expect((await upload(demo.users.appraiser.api_key, fixture('2026-11-26'))).status).toBe(403);
    expect(await registry()).toEqual(before);
    expect(await imports()).toBe(count);
  });
});
