import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.ts';

describe('configuration', () => {
  it('has defaults that need no setup', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: null,
      publicBaseUrl: 'http://localhost:3000',
      logLevel: 'info',
      fileNumberPrefix: 'AOM',
      timeZone: 'UTC',
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u:p@db:5432/aoms',
      DATA_DIR: '/var/lib/aoms',
      PUBLIC_BASE_URL: 'https://appraisals.example/',
      LOG_LEVEL: 'warn',
      FILE_NUMBER_PREFIX: 'ACME',
      TIME_ZONE: 'America/Chicago',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u:p@db:5432/aoms',
      dataDir: '/var/lib/aoms',
      publicBaseUrl: 'https://appraisals.example',
      logLevel: 'warn',
      fileNumberPrefix: 'ACME',
      timeZone: 'America/Chicago',
    });
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: '99999',
        DATABASE_URL: 'mysql://x',
        FILE_NUMBER_PREFIX: 'a-b',
        PUBLIC_BASE_URL: 'ftp://x',
        JWT_TTL_SECONDS: '5',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.map((p) => p.split(':')[0]);
    expect(problems).toEqual([
      'PORT',
      'DATABASE_URL',
      'PUBLIC_BASE_URL',
      'FILE_NUMBER_PREFIX',
      'JWT_TTL_SECONDS',
    ]);
  });
});
