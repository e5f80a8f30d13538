import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { servedDocument } from './openapi-document.ts';

/**
 * What the SDK's committed files must hold for the current routes: the OpenAPI document
 * (sdk/openapi.json) and the TypeScript types generated from it by openapi-typescript
 * (sdk/src/schema.ts). File parts are typed Blob (what fetch's FormData takes).
 */
const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));

const HEADER = `/**
 * Generated from the OpenAPI document (sdk/openapi.json) by openapi-typescript; do not edit.
 * Regenerate with \`npm run sdk\` after changing a route or a schema.
 */

`;

export async function sdkFiles(): Promise<{ document: string; types: string }> {
  const document = await servedDocument();
  const nodes = await openapiTS(structuredClone(document) as never, {
    transform: (schema) => (schema.format === 'binary' ? BLOB : undefined),
    alphabetize: false,
  });
  return {
    document: `${JSON.stringify(document, null, 2)}\n`,
    types: HEADER + astToString(nodes),
  };
}
