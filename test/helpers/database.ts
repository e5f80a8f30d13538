import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { createDb, withDatabase, type Db } from '../../src/db/connection.ts';

/**
 * Gives the calling test file a database of its own, cloned from the migrated template before
 * its tests and dropped after them. Returns a getter: the database exists once beforeAll ran.
 */
export interface TestDatabase {
  readonly db: Db;
  readonly url: string;
}

export function useTestDatabase(): TestDatabase {
  const adminUrl = inject('adminDatabaseUrl');
  const template = inject('templateDatabase');
  const runId = template.replace('aoms_template_', '');
  const name = `aoms_t_${runId}_${randomBytes(4).toString('hex')}`;
  const url = withDatabase(adminUrl, name);
  let db: Db | null = null;

  beforeAll(async () => {
    await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
    db = createDb(url, { max: 5 });
  });
  afterAll(async () => {
    await db?.destroy();
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  return {
    get db() {
      if (!db) throw new Error('the test database exists only inside tests and hooks');
      return db;
    },
    url,
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
