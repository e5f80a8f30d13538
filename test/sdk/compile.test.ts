import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The SDK's types do what integrators rely on: the fixture uses Order, the error envelope,
 * q[...] filters, a multipart submission and typed webhook payloads, and holds
 * `@ts-expect-error` lines for what must not compile. The TypeScript compiler must find
 * nothing to say about it.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

describe('the SDK, compiled as an integrator uses it', () => {
  it('types Order, the error envelope, q[...] filters, multipart bodies and webhook payloads', () => {
    const configFile = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), (file) => ts.sys.readFile(file));
    const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, ROOT);
    const program = ts.createProgram([path.join(ROOT, 'test/sdk/fixtures/typed-usage.ts')], options);
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) =>
        ts
          .flattenDiagnosticMessageText(d.messageText, '\n')
          .concat(
            d.file && d.start !== undefined
              ? ` (${path.relative(ROOT, d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1})`
              : '',
          ),
      );
    expect(diagnostics).toEqual([]);
  }, 120_000);
});
