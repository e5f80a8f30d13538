import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The README's configuration table names every variable the service reads, and nothing else. */
const source = fs.readFileSync(new URL('../../src/config/config.ts', import.meta.url), 'utf8');
const readme = fs.readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

const read = new Set([...source.matchAll(/(?:read\(\s*'|env\.)([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]!));
const listed = new Set([...readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)].map((m) => m[1]!));

describe('the configuration table', () => {
  it('lists every environment variable src/config/config.ts reads', () => {
    expect(read.size).toBeGreaterThan(30);
    expect([...read].filter((name) => !listed.has(name)).sort()).toEqual([]);
  });

  it('lists no variable the service does not read (tests only: TEST_DATABASE_URL)', () => {
    expect([...listed].filter((name) => !read.has(name)).sort()).toEqual(['TEST_DATABASE_URL']);
  });

  it('leaves no variable read outside src/config', () => {
    const offenders: string[] = [];
    const walk = (dir: URL) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const url = new URL(entry.name + (entry.isDirectory() ? '/' : ''), dir);
        if (entry.isDirectory()) walk(url);
        else if (entry.name.endsWith('.ts') && !url.pathname.endsWith('/config/config.ts')) {
          if (/process\.env/.test(fs.readFileSync(url, 'utf8'))) offenders.push(url.pathname);
        }
      }
    };
    walk(new URL('../../src/', import.meta.url));
    expect(offenders).toEqual([]);
  });
});
