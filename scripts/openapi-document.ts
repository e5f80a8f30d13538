import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/config.ts';
import { createDb } from '../src/db/connection.ts';

/**
 * The OpenAPI document the service serves at /openapi.json, built from the routes themselves
 * with the default configuration. No database is reached (the pool never connects).
 */
export async function servedDocument(): Promise<Record<string, unknown>> {
  const config = loadConfig({
    DATABASE_URL: 'postgres://127.0.0.1:1/none',
    LOG_LEVEL: 'silent',
    // Nothing is sealed while the document is built; a key is given so that none is generated.
    SECRET_ENCRYPTION_KEY: '0'.repeat(64),
  });
  const db = createDb('postgres://127.0.0.1:1/none');
  const app = await buildApp({ config, db, logger: false });
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
    await db.destroy();
  }
}
