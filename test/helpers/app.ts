import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../src/app.ts';
import type { AppInstance } from '../../src/http/app-instance.ts';
import { loadConfig, type Config } from '../../src/config/config.ts';
import { checkAnswersAgainstDocument } from './contract.ts';
import { useTestDatabase, type TestDatabase } from './database.ts';

/**
 * The whole application on the test file's own database, built before the file's tests and
 * closed after them. Requests go through app.inject: the full stack, no socket.
 */
export interface TestApp extends TestDatabase {
  readonly app: AppInstance;
  readonly config: Config;
}

/**
 * The application as the tests build it: every answer it gives is held to the OpenAPI
 * document it serves (contract.ts).
 */
export async function buildTestApp(options: BuildAppOptions): Promise<AppInstance> {
  const app = await buildApp(options);
  checkAnswersAgainstDocument(app);
  return app;
}

export function useTestApp(
  env: Record<string, string> | (() => Record<string, string>) = {},
  build: Pick<BuildAppOptions, 'onRoute'> = {},
): TestApp {
  const database = useTestDatabase();
  let app: AppInstance | null = null;
  let config: Config | null = null;

  beforeAll(async () => {
    config = loadConfig({
      DATABASE_URL: database.url,
      LOG_LEVEL: 'silent',
      // Tests fire many requests with one key, and many without a valid one, from one address;
      // the rate-limit tests switch limiting back on.
      RATE_LIMIT_PER_MINUTE: '0',
      RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '0',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '0',
      RATE_LIMIT_CARD_ATTEMPTS_PER_MINUTE: '0',
      RATE_LIMIT_SIGN_IN_PER_EMAIL_PER_MINUTE: '0',
      RATE_LIMIT_SIGN_IN_PER_ADDRESS_PER_MINUTE: '0',
      RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL_PER_HOUR: '0',
      // Mail written as .eml and files on local disk land in a scratch directory, not the repo's data/.
      DATA_DIR: path.join(os.tmpdir(), 'aoms-test-data'),
      ...(typeof env === 'function' ? env() : env),
    });
    app = await buildTestApp({ ...build, config, db: database.db, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  return {
    get db() {
      return database.db;
    },
    url: database.url,
    get app() {
      if (!app) throw new Error('the app exists only inside tests and hooks');
      return app;
    },
    get config() {
      if (!config) throw new Error('the config exists only inside tests and hooks');
      return config;
    },
  };
}
