import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { loggerOptions } from '../../src/http/logging.ts';

const collect = (chunks: string[]) =>
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });

/** Log lines: JSON for machines, readable on a terminal (LOG_FORMAT, default auto). */
async function logLines(format: string, terminal: boolean): Promise<string[]> {
  const chunks: string[] = [];
  const config = loadConfig({ LOG_LEVEL: 'info', LOG_FORMAT: format });
  const app = Fastify({
    logger: loggerOptions(config, collect(chunks), terminal),
  });
  app.get('/hello', () => ({ ok: true }));
  await app.inject({ method: 'GET', url: '/hello?api_key=aoms_secretsecretsecretsecret' });
  await app.close();
  // pino-pretty writes asynchronously; give it its turn.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return chunks.join('').split('\n').filter(Boolean);
}

describe('log format', () => {
  it('is JSON lines when stdout is not a terminal (auto), and always with LOG_FORMAT=json', async () => {
    for (const [format, terminal] of [
      ['auto', false],
      ['json', true],
    ] as const) {
      const lines = await logLines(format, terminal);
      expect(lines.length).toBeGreaterThan(1);
      for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
      expect(lines.join('\n')).toContain('"url":"/hello?api_key=[redacted]"');
    }
  });

  it('is readable lines on a terminal (auto), and with LOG_FORMAT=pretty', async () => {
    for (const [format, terminal] of [
      ['auto', true],
      ['pretty', false],
    ] as const) {
      const lines = await logLines(format, terminal);
      expect(lines.length).toBeGreaterThan(1);
      expect(lines[0]).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO/);
      expect(() => JSON.parse(lines[0]!) as unknown).toThrow();
      expect(lines.join('\n')).toContain('incoming request');
      expect(lines.join('\n')).not.toContain('secretsecret');
    }
  });

  it('refuses an unknown LOG_FORMAT at start, naming it', () => {
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT: must be one of auto, json, pretty/);
  });
});
