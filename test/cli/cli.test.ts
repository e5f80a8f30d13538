import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { forgetAllKeys } from '../../src/auth/key-cache.ts';
import { useTestDatabase } from '../helpers/database.ts';
import { createClient, createCompany, createUserWithKey } from '../helpers/factories.ts';
import { runCli } from '../helpers/processes.ts';
import { buildTestApp } from '../helpers/app.ts';

const t = useTestDatabase();
let env: Record<string, string>;

beforeAll(() => {
  env = { DATABASE_URL: t.url };
});

const cli = async (...args: string[]) => {
  const result = await runCli([...args, '--json'], env);
  return { ...result, json: JSON.parse(result.stdout) as Record<string, any> };
};

async function callMe(key: string) {
  const config = loadConfig({ DATABASE_URL: t.url, LOG_LEVEL: 'silent' });
  const app = await buildTestApp({ config, db: t.db, logger: false });
  try {
    return await app.inject({ method: 'POST', url: '/api/v1/me', headers: { 'X-Api-Key': key } });
  } finally {
    await app.close();
  }
}

// Each command is a process of its own (a Node start, the code loaded, a connection): a test of
// several takes seconds even on a quiet machine, and more beside the suite's other file.
describe('operator CLI', { timeout: 120_000 }, () => {
  it('migrate reports an up-to-date schema as one JSON object', async () => {
    const result = await cli('migrate');
    expect(result.code).toBe(0);
    expect(result.json).toEqual({ success: true, applied: [], sealed_secrets: 0 });
  });

  it('seed demo creates a fresh, separate world each time, with working keys', async () => {
    const first = await cli('seed', 'demo');
    const second = await cli('seed', 'demo');
    expect(first.code).toBe(0);
    expect(first.stdout.trim().split('\n')).toHaveLength(1);
    expect(first.json).toMatchObject({
      client_id: expect.any(String),
      company_id: expect.any(String),
      users: {
        staff: { id: expect.any(String), email: expect.any(String), api_key: expect.any(String) },
        appraiser: { id: expect.any(String), email: expect.any(String), api_key: expect.any(String) },
        client: { id: expect.any(String), email: expect.any(String), api_key: expect.any(String) },
      },
    });
    expect(second.json.client_id).not.toBe(first.json.client_id);
    expect(second.json.users.staff.email).not.toBe(first.json.users.staff.email);

    const products = await t.db
      .selectFrom('products')
      .selectAll()
      .where('company_id', '=', first.json.company_id)
      .execute();
    expect(products.length).toBeGreaterThanOrEqual(3);
    expect(products.some((p) => p.follow_up)).toBe(true);
    const methods = await t.db
      .selectFrom('company_payment_methods')
      .select('method')
      .where('company_id', '=', first.json.company_id)
      .execute();
    expect(methods.map((m) => m.method).sort()).toEqual(['credit_card', 'invoice', 'payment_link']);
    const branches = await t.db
      .selectFrom('branches')
      .selectAll()
      .where('client_id', '=', first.json.client_id)
      .execute();
    expect(branches).toHaveLength(1);
    const clientUsers = await t.db
      .selectFrom('users')
      .select(['title', 'is_admin'])
      .where('organization_id', '=', first.json.client_id)
      .execute();
    expect(clientUsers.map((u) => u.title)).toEqual(expect.arrayContaining(['Loan Officer', 'Processor']));

    for (const role of ['staff', 'appraiser', 'client'] as const) {
      const response = await callMe(first.json.users[role].api_key);
      expect(response.statusCode).toBe(200);
      expect(response.json().id).toBe(first.json.users[role].id);
    }
  });

  it("seed demo --world creates the first start's world beside what is there, its files on disk", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'aoms-cli-world-'));
    try {
      const result = await runCli(['seed', 'demo', '--world', '--json'], { ...env, DATA_DIR: dataDir });
      expect(result.code, result.stderr).toBe(0);
      const world = JSON.parse(result.stdout) as {
        orders: number;
        company_id: string;
        second_client_id: string;
      };
      expect(world.orders).toBeGreaterThanOrEqual(200);
      const orders = await t.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('company_id', '=', world.company_id)
        .executeTakeFirstOrThrow();
      expect(Number(orders.n)).toBe(world.orders);
      expect((await fs.readdir(dataDir, { recursive: true })).length).toBeGreaterThan(0);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('orgs create, users create, keys issue and keys revoke work together', async () => {
    const company = await cli('orgs', 'create', '--kind', 'company', '--name', 'Acme Appraisals');
    expect(company.json.organization).toMatchObject({ kind: 'company', name: 'Acme Appraisals' });
    const client = await cli(
      'orgs',
      'create',
      '--kind',
      'client',
      '--name',
      'First Bank',
      '--served-by',
      company.json.organization.id,
      '--client-type',
      'Bank',
    );
    expect(client.code).toBe(0);
    const link = await t.db
      .selectFrom('company_clients')
      .selectAll()
      .where('client_id', '=', client.json.organization.id)
      .execute();
    expect(link).toHaveLength(1);

    const user = await cli(
      'users',
      'create',
      '--email',
      'Pat@First.example',
      '--first-name',
      'Pat',
      '--last-name',
      'Lee',
      '--role',
      'client',
      '--org',
      client.json.organization.id,
      '--admin',
    );
    expect(user.json.user).toMatchObject({ email: 'pat@first.example' });

    const key = await cli('keys', 'issue', '--email', 'pat@first.example', '--label', 'integration');
    expect(key.json.key.api_key).toMatch(/^aoms_/);
    expect((await callMe(key.json.key.api_key)).statusCode).toBe(200);

    const revoked = await cli('keys', 'revoke', '--key', key.json.key.api_key);
    expect(revoked.json.key.id).toBe(key.json.key.id);
    // The key was revoked by another process (the CLI): this process may remember the key for
    // up to five seconds (docs/security.md); a process that never saw it refuses it at once.
    forgetAllKeys();
    expect((await callMe(key.json.key.api_key)).statusCode).toBe(401);

    const operator = await cli(
      'users',
      'create',
      '--email',
      'ops@service.example',
      '--first-name',
      'Op',
      '--last-name',
      'Erator',
      '--role',
      'operator',
    );
    expect(operator.code).toBe(0);
  });

  it('bad input fails with a message naming the problem, and changes nothing', async () => {
    const before = await t.db.selectFrom('users').select('id').execute();
    const missing = await cli('users', 'create', '--email', 'x@y.example');
    expect(missing.code).toBe(1);
    expect(missing.json.error.details.map((d: { field: string }) => d.field)).toEqual([
      '--first-name',
      '--last-name',
      '--role',
    ]);
    expect(missing.stderr).toMatch(/--first-name/);

    const badRole = await cli(
      'users',
      'create',
      '--email',
      'not-an-email',
      '--first-name',
      'A',
      '--last-name',
      'B',
      '--role',
      'staff',
      '--org',
      '00000000-0000-0000-0000-000000000000',
    );
    expect(badRole.code).toBe(1);
    expect(badRole.json.error.details.map((d: { field: string }) => d.field)).toEqual([
      'email',
      'organization_id',
    ]);

    const badKind = await cli('orgs', 'create', '--kind', 'bank', '--name', 'X');
    expect(badKind.json.error.details[0].field).toBe('--kind');
    const unknownKey = await cli('keys', 'revoke', '--id', '00000000-0000-0000-0000-000000000000');
    expect(unknownKey.json.error.code).toBe('not_found');
    expect((await t.db.selectFrom('users').select('id').execute()).length).toBe(before.length);
  });

  it('users move puts a user in another organization, revokes their keys, and refuses appraisers', async () => {
    const company = await createCompany(t.db);
    const [from, to] = [await createClient(t.db), await createClient(t.db)];
    const mover = await createUserWithKey(t.db, 'client', from, { email: 'moving@lender.example' });
    expect((await callMe(mover.key)).statusCode).toBe(200);

    const moved = await cli('users', 'move', '--email', 'Moving@Lender.example', '--org', to.id, '--admin');
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.json.user).toMatchObject({
      id: mover.id,
      organization_id: to.id,
      role: 'client',
      revoked_key_ids: [mover.keyId],
    });
    const row = await t.db
      .selectFrom('users')
      .select(['organization_id', 'is_admin'])
      .where('id', '=', mover.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ organization_id: to.id, is_admin: true });
    forgetAllKeys();
    expect((await callMe(mover.key)).statusCode).toBe(401);

    const toCompany = await cli('users', 'move', '--email', 'moving@lender.example', '--org', company.id);
    expect(toCompany.json.user.role).toBe('staff');

    const appraiser = await createUserWithKey(t.db, 'appraiser', company);
    const refused = await cli('users', 'move', '--email', appraiser.email, '--org', to.id);
    expect(refused.code).toBe(1);
    expect(refused.json.error.details[0].field).toBe('--email');
    const unknown = await cli('users', 'move', '--email', 'nobody@nowhere.example', '--org', to.id);
    expect(unknown.json.error.code).toBe('not_found');
    const sameOrg = await cli('users', 'move', '--email', 'moving@lender.example', '--org', company.id);
    expect(sameOrg.json.error.details[0].field).toBe('--org');
  });

  it('registry import reads the ASC export from a file; a malformed one exits 1 naming its lines', async () => {
    const fixtures = path.resolve(import.meta.dirname, '../fixtures/registry');
    const good = await cli(
      'registry',
      'import',
      '--file',
      path.join(fixtures, 'asc-national-registry-2026-11-26.txt'),
    );
    expect(good.code).toBe(0);
    expect(good.json.import).toMatchObject({ file_name: 'asc-national-registry-2026-11-26.txt', lines: 5 });
    const bad = await cli(
      'registry',
      'import',
      '--file',
      path.join(fixtures, 'asc-national-registry-malformed.txt'),
    );
    expect(bad.code).toBe(1);
    expect(bad.json.error.details[0]).toEqual({
      field: 'file',
      message: 'line 2: EXP_DATE "13/45/2027" is not a date (MM/DD/YYYY)',
    });
  });

  it('an unknown command prints the usage and exits 2', async () => {
    const result = await runCli(['frobnicate'], env);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Usage:/);
    const badFlag = await runCli(['migrate', '--nope'], env);
    expect(badFlag.code).toBe(2);
  });
});
