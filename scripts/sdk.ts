import fs from 'node:fs/promises';
import { sdkFiles } from './sdk-types.ts';

/**
 * npm run sdk: writes the SDK's document and types from the current routes.
 * npm run sdk -- --check: exits 1 when the committed ones differ (CI).
 */
const DOCUMENT = new URL('../sdk/openapi.json', import.meta.url);
const TYPES = new URL('../sdk/src/schema.ts', import.meta.url);

const { document, types } = await sdkFiles();
if (process.argv.includes('--check')) {
  const stale = [
    (await fs.readFile(DOCUMENT, 'utf8').catch(() => '')) !== document ? 'sdk/openapi.json' : null,
    (await fs.readFile(TYPES, 'utf8').catch(() => '')) !== types ? 'sdk/src/schema.ts' : null,
  ].filter(Boolean);
  if (stale.length) {
    console.error(`${stale.join(' and ')} differ from what the routes generate: run npm run sdk`);
    process.exit(1);
  }
  console.log('the SDK matches the routes');
} else {
  await fs.mkdir(new URL('../sdk/src/', import.meta.url), { recursive: true });
  await fs.writeFile(DOCUMENT, document);
  await fs.writeFile(TYPES, types);
  console.log('wrote sdk/openapi.json and sdk/src/schema.ts');
}
