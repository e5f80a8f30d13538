import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = path.resolve(import.meta.dirname, '../../scripts/bench/profile-summary.ts');

// A CPU profile as V8 writes it: nodes, the node of each sample, and the microseconds between samples.
const frame = (functionName: string, url = '') => ({
  functionName,
  url,
  lineNumber: 9,
  columnNumber: 0,
  scriptId: '0',
});
const profile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), hitCount: 0, children: [2, 3, 4, 5] },
    { id: 2, callFrame: frame('(idle)'), hitCount: 0 },
    { id: 3, callFrame: frame('writev'), hitCount: 0 },
    { id: 4, callFrame: frame('toOrderDetail', 'file:///srv/app/src/orders/order.mapper.ts'), hitCount: 0 },
    { id: 5, callFrame: frame('query', 'file:///srv/app/node_modules/pg/lib/client.js'), hitCount: 0 },
  ],
  startTime: 0,
  endTime: 10_000_000,
  // 1 s idle, then 2 s of socket writes, 1 s in the service's mapper, 1 s in pg: 1 s per sample.
  samples: [2, 3, 3, 4, 5],
  timeDeltas: [0, 1_000_000, 1_000_000, 1_000_000, 1_000_000, 1_000_000],
};

async function summarize(...args: string[]): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'aoms-profile-'));
  const file = path.join(dir, 'service.cpuprofile');
  await fs.writeFile(file, JSON.stringify(profile));
  try {
    return (await run(process.execPath, [script, file, ...args])).stdout;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

describe('npm run bench: the CPU profile summary', () => {
  it('gives each kind of work its share of the samples, and the service functions that took most', async () => {
    const summary = await summarize();
    expect(summary).toContain('5.0 s of samples');
    expect(summary).toMatch(/40\.0 % {2}socket writes/);
    expect(summary).toMatch(/20\.0 % {2}idle/);
    expect(summary).toMatch(/20\.0 % {2}kysely \+ pg/);
    expect(summary).toMatch(/20\.0 % {2}toOrderDetail src\/orders\/order\.mapper\.ts:10/);
  });

  it('keeps the last seconds of the profile with --last', async () => {
    const summary = await summarize('--last', '2');
    expect(summary).toContain('2.0 s of samples');
    expect(summary).toMatch(/50\.0 % {2}kysely \+ pg/);
    expect(summary).not.toContain('idle');
  });

  it('refuses to run without a profile, and says how to call it', async () => {
    const failure = await run(process.execPath, [script]).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure).toMatchObject({ code: 2, stderr: expect.stringContaining('usage:') });
  });
});
