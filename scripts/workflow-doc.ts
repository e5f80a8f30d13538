import fs from 'node:fs';
import { renderWorkflowDocument } from '../src/workflow/document.ts';

fs.writeFileSync(new URL('../docs/workflow.md', import.meta.url), renderWorkflowDocument());
console.log('wrote docs/workflow.md');
