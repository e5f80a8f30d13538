import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * `npm run bench`: the API benchmark (run.ts, which takes this command's arguments, such as
 * `--compare <file>`), then the assignment engine's ranking on a large panel, the uploads, the web
 * application, the report checks and the first start's benchmarks, each in a process of its own; it stops at the
 * first that fails.
 */
const parts: [string, string[]][] = [
  ['run.ts', process.argv.slice(2)],
  ['ranking.ts', []],
  ['uploads.ts', []],
  ['reports.ts', []],
  ['web.ts', []],
  ['first-start.ts', []],
];
for (const [script, args] of parts) {
  const child = spawnSync(process.execPath, [path.join(import.meta.dirname, script), ...args], {
    stdio: 'inherit',
  });
  if (child.status !== 0) process.exit(child.status ?? 1);
}
