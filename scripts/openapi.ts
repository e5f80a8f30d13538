import fs from 'node:fs/promises';
import path from 'node:path';
import { servedDocument } from './openapi-document.ts';

/** Prints the OpenAPI document the service serves (or writes it to the file named first). */
const document = `${JSON.stringify(await servedDocument(), null, 2)}\n`;
const target = process.argv[2];
if (target) await fs.writeFile(path.resolve(target), document);
else process.stdout.write(document);
