import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { startFlags } from '../../scripts/start-flags.ts';

const run = promisify(execFile);
const MiB = 1024 * 1024;

/** What V8 reports in a process started with `npm start`'s flags. */
async function heapOf(flags: string[]): Promise<{ limit: number; newSpace: number }> {
  const { stdout } = await run(process.execPath, [
    ...flags,
    '--input-type=module',
    '-e',
    `import v8 from 'node:v8';
     const young = [];
     for (let i = 0; i < 2e6; i++) { young.push({ i }); if (young.length > 1e5) young.length = 0; }
     const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
     console.log(JSON.stringify({ limit: v8.getHeapStatistics().heap_size_limit, newSpace: space.space_size }));`,
  ]);
  return JSON.parse(stdout) as { limit: number; newSpace: number };
}

describe("npm start's Node.js flags", () => {
  it('bound the heap: young objects in 8 MiB semi-spaces, the whole heap at 1.5 GiB and a little', async () => {
    expect(startFlags()).toEqual(['--max-semi-space-size=8', '--max-old-space-size=1536']);
    const bounded = await heapOf(startFlags());
    expect(bounded.limit).toBeGreaterThanOrEqual(1536 * MiB);
    expect(bounded.limit).toBeLessThan(1600 * MiB);
    expect(bounded.newSpace).toBeLessThanOrEqual(16 * MiB);
    // Without them, on this machine, the young generation alone takes several times as much.
    const unbounded = await heapOf([]);
    expect(unbounded.newSpace).toBeGreaterThan(bounded.newSpace);
  });
});
