import type { Config } from '../config/config.ts';
import { createDb, type Db } from './connection.ts';
import { openEmbeddedDatabase, type AttachPolicy } from './embedded.ts';
import { migrateToLatest } from './migrate.ts';

export interface OpenDatabase {
  db: Db;
  /** True when running on the embedded default (no DATABASE_URL). */
  embedded: boolean;
  close(): Promise<void>;
}

/**
 * The database the configuration names: DATABASE_URL when set (nothing is started), else the
 * embedded PostgreSQL under DATA_DIR. Migrations run before anything uses it.
 */
export async function openDatabase(
  config: Config,
  options: { attach: AttachPolicy; log?: (message: string) => void; poolSize?: number },
): Promise<OpenDatabase> {
  const embedded =
    config.databaseUrl === null
      ? await openEmbeddedDatabase(config.dataDir, options.attach, options.log)
      : null;
  const url = config.databaseUrl ?? embedded!.url;
  const db = createDb(url, { max: options.poolSize ?? config.databasePoolSize });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    await embedded?.stop();
    throw error;
  }
  let closed = false;
  return {
    db,
    embedded: embedded !== null,
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
      await embedded?.stop();
    },
  };
}
