import fs from 'node:fs';
import { renderReportRulesDocument } from '../src/reports/h1/rules-document.ts';

fs.writeFileSync(new URL('../docs/report-rules.md', import.meta.url), renderReportRulesDocument());
console.log('wrote docs/report-rules.md');
