import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Builds the web application into dist/web when its sources (web/, the SDK it calls, this
 * script) are newer than the last build, or when there is none: `npm start` runs it first, so
 * the service always serves a current build. `--force` builds whatever the dates say. Each
 * script and stylesheet is also written compressed (`.br`, `.gz`), which the service sends to
 * browsers that accept it.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const OUTPUT = path.join(ROOT, 'dist/web/index.html');
const SOURCES = ['web', 'sdk/src', 'sdk/openapi.json', 'package-lock.json', 'scripts/build-web.ts'].map((p) =>
  path.join(ROOT, p),
);
const ASSETS = path.join(ROOT, 'dist/web/assets');

function newest(file: string): number {
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...fs
      .readdirSync(file)
      .filter((name) => name !== 'node_modules')
      .map((name) => newest(path.join(file, name))),
  );
}

/** Brotli at its best quality and gzip at level 9: what the service sends of a built file. */
export function compressed(content: Buffer): { br: Buffer; gz: Buffer } {
  return {
    br: zlib.brotliCompressSync(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gz: zlib.gzipSync(content, { level: 9 }),
  };
}

/** Writes each script and stylesheet compressed beside it, once per build rather than per request. */
function precompress(): void {
  for (const name of fs.readdirSync(ASSETS)) {
    if (!/\.(js|css|svg)$/.test(name)) continue;
    const file = path.join(ASSETS, name);
    const { br, gz } = compressed(fs.readFileSync(file));
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, gz);
  }
}

export function buildWebIfStale(force = false): boolean {
  const built = fs.existsSync(OUTPUT) ? fs.statSync(OUTPUT).mtimeMs : 0;
  if (!force && built > Math.max(...SOURCES.filter((p) => fs.existsSync(p)).map(newest))) return false;
  const started = Date.now();
  // In a process of its own, as production: not in a caller's (a test runner's) module graph
  // nor its NODE_ENV, which would make a development build.
  execFileSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'web/vite.config.ts',
      '--logLevel',
      'warn',
    ],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  precompress();
  console.log(`web application built in ${((Date.now() - started) / 1000).toFixed(1)} s (dist/web)`);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const built = buildWebIfStale(process.argv.includes('--force'));
  if (!built) console.log('web application is current (dist/web)');
}
