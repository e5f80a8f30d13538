import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * A process that loads the embedded database's module ends with the code it set: the package
 * behind it used to end every process with 0 once its event loop emptied, and a test run with
 * failed tests (vitest sets process.exitCode = 1) reported success to CI.
 */
describe('the exit code of a process using the embedded database', () => {
  it('is the one the process set, not 0', () => {
    const child = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', "await import('./src/db/embedded.ts'); process.exitCode = 3;"],
      { cwd: ROOT, encoding: 'utf8', timeout: 30_000 },
    );
    expect(child.stderr).toBe('');
    expect(child.status).toBe(3);
  });

  it('is 0 when nothing failed', () => {
    const child = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', "await import('./src/db/embedded.ts');"],
      {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(child.status).toBe(0);
  });
});
