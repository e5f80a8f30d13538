import { Migrator } from 'kysely';
import type { Db } from './connection.ts';
import { migrationProvider } from './migrations/index.ts';

export interface MigrationReport {
  applied: string[];
}

/**
 * Brings the database to the newest schema. Safe to run from several processes at once:
 * Kysely's migrator takes a lock, so one applies and the others find nothing to do.
 * Migrations numbered in parallel may land out of order (0056 after 0057 was applied): a
 * database that has the later one still takes the earlier, rather than refusing to start.
 */
export async function migrateToLatest(db: Db): Promise<MigrationReport> {
  const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : JSON.stringify(error);
    throw new Error(`Migration ${failed ?? '(unknown)'} failed: ${reason}`, { cause: error });
  }
  return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}
