import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb, withDatabase } from '../../src/db/connection.ts';
import { openEmbeddedDatabase } from '../../src/db/embedded.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { buildWebIfStale } from '../../scripts/build-web.ts';

/**
 * Once per run: the web application's build when it is stale, a PostgreSQL server (the embedded one by default, or TEST_DATABASE_URL) and a
 * migrated template database that each test file clones (CREATE DATABASE ... TEMPLATE).
 */
declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The web application is built before any test file starts, as npm start builds it before
  // the service starts: every app the tests build serves it alike.
  buildWebIfStale();
  const runId = randomBytes(4).toString('hex');
  let stopEmbedded = (): Promise<void> => Promise.resolve();
  let adminUrl = process.env.TEST_DATABASE_URL?.trim();
  let dataDir: string | null = null;
  if (!adminUrl) {
    // Not mkdtemp: its 0700 directory would shut out the server's own user when run as root.
    dataDir = path.join(os.tmpdir(), `aoms-test-${runId}`);
    const embedded = await openEmbeddedDatabase(dataDir, 'refuse');
    adminUrl = withDatabase(embedded.url, 'postgres');
    stopEmbedded = () => embedded.stop();
  }

  const template = `aoms_template_${runId}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${template}`);
  const db = createDb(withDatabase(adminUrl, template), { max: 1 });
  await migrateToLatest(db);
  await db.destroy();

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);

  return async () => {
    // Drop what this run made, so a shared server (TEST_DATABASE_URL) is left as it was.
    const leftovers = await adminQuery(
      adminUrl,
      `SELECT datname FROM pg_database WHERE datname LIKE 'aoms_t_${runId}%' OR datname = '${template}'`,
    );
    for (const row of leftovers.rows as { datname: string }[]) {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
    }
    await stopEmbedded();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  };
}

async function adminQuery(url: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}
