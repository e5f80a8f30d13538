import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { sdkFiles } from '../../scripts/sdk-types.ts';

/**
 * The SDK carries the document the service serves and the types openapi-typescript makes of
 * it. A route or schema changed without `npm run sdk` fails here.
 */
describe('the committed SDK', () => {
  it('holds the document the routes make, and the types generated from it', async () => {
    const { document, types } = await sdkFiles();
    const committedDocument = await fs.readFile(new URL('../../sdk/openapi.json', import.meta.url), 'utf8');
    const committedTypes = await fs.readFile(new URL('../../sdk/src/schema.ts', import.meta.url), 'utf8');
    // Compared whole: a difference names the file to regenerate (npm run sdk).
    expect(committedDocument === document, 'sdk/openapi.json is stale: run npm run sdk').toBe(true);
    expect(committedTypes === types, 'sdk/src/schema.ts is stale: run npm run sdk').toBe(true);
  }, 60_000);
});
