import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { contractDir } from './contract.ts';

/**
 * Ends every run with the number of answers held to the OpenAPI document, and one plain line, `N passed, N failed, N skipped`, that scripts and CI
 * logs can read without parsing the default reporter's colours.
 */
export default class SummaryReporter implements Reporter {
  onInit(): void {
    // The workers (forked after this) add up the answers they held to the OpenAPI document
    // in a directory of this run's own (contract.ts).
    process.env.AOMS_CONTRACT_DIR = path.join(os.tmpdir(), `aoms-contract-run-${process.pid}`);
    fs.rmSync(contractDir(), { recursive: true, force: true });
    fs.mkdirSync(contractDir(), { recursive: true });
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
      // A file can fail outside its tests (a hook, an answer that breaks the document): counted too.
      const testsFailed = [...module.children.allTests()].some((test) => test.result().state === 'failed');
      if (module.state() === 'failed' && !testsFailed) failed += 1;
    }
    const checked = fs
      .readdirSync(contractDir())
      .flatMap((file) => fs.readFileSync(path.join(contractDir(), file), 'utf8').split('\n'))
      .reduce((sum, line) => sum + (Number(line) || 0), 0);
    process.stdout.write(`\nanswers checked against the OpenAPI document: ${checked}\n`);
    fs.rmSync(contractDir(), { recursive: true, force: true });
    process.stdout.write(slowestFiles(testModules));
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}

/** The ten files that took longest (tests, hooks and collection): where to look when the suite grows slow. */
function slowestFiles(testModules: ReadonlyArray<TestModule>): string {
  const timed = testModules.map((module) => {
    const { duration, collectDuration, setupDuration } = module.diagnostic();
    return {
      file: path.relative(process.cwd(), module.moduleId),
      seconds: (duration + collectDuration + setupDuration) / 1000,
    };
  });
  const lines = timed
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10)
    .map(({ file, seconds }) => `  ${seconds.toFixed(1).padStart(6)} s  ${file}`);
  return `\nslowest files:\n${lines.join('\n')}\n`;
}
