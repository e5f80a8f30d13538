import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * The Node.js flags that `npm start` gives the service: package.json's start script is the one
 * place they are written (the heap's bounds: docs/operations.md), and whatever else starts the
 * service as a process (the benchmarks, the load check, the tests) takes them from there, so
 * that it runs the process as an operator does.
 */
export function startFlags(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = manifest.scripts.start.trim().split(/\s+/);
  return words.slice(1, words.indexOf('src/server.ts')).filter((word) => word.startsWith('--'));
}
