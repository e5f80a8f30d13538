// Builds dist/: JavaScript and declarations. The sources import each other as .ts (so that Node
// runs them directly in the service's repository); tsc rewrites that in the JavaScript, and
// this rewrites it in the declarations.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);
fs.rmSync(path.join(here, 'dist'), { recursive: true, force: true });
execFileSync(
  process.execPath,
  [path.join(path.dirname(require_resolve('typescript')), 'tsc.js'), '-p', path.join(here, 'tsconfig.json')],
  {
    stdio: 'inherit',
  },
);
for (const file of fs.readdirSync(path.join(here, 'dist'))) {
  if (!file.endsWith('.d.ts')) continue;
  const target = path.join(here, 'dist', file);
  fs.writeFileSync(target, fs.readFileSync(target, 'utf8').replace(/(from '\.\/[\w-]+)\.ts'/g, "$1.js'"));
}

function require_resolve(name) {
  return import.meta.resolve(name).replace(/^file:\/\//, '');
}
