import fs from 'node:fs';
import { withAccessTables } from '../src/workflow/access-document.ts';

const target = new URL('../docs/security.md', import.meta.url);
fs.writeFileSync(target, withAccessTables(fs.readFileSync(target, 'utf8')));
console.log('wrote the access tables of docs/security.md');
