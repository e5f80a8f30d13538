import fs from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/config.ts';
import { createDb } from '../src/db/connection.ts';

/**
 * Prints the OpenAPI document the service serves at /openapi.json (or writes it to the file
 * named as the first argument). Built from the routes themselves; no database is reached.
 */
const config = loadConfig({
  DATABASE_URL: 'postgres://127.0.0.1:1/none',
  LOG_LEVEL: 'silent',
  SECRET_ENCRYPTION_KEY: 'openapi-document-only-openapi-document-only',
});
const db = createDb('postgres://127.0.0.1:1/none');
const app = await buildApp({ config, db, logger: false });
await app.ready();
const document = `${JSON.stringify(app.swagger(), null, 2)}\n`;
await app.close();
await db.destroy();
const target = process.argv[2];
if (target) await fs.writeFile(path.resolve(target), document);
else process.stdout.write(document);
