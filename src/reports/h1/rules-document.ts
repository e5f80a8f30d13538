import { h1Catalog } from './catalog.ts';
import { H1_RULE_IDS } from './index.ts';

/**
 * docs/report-rules.md: every GSE compliance rule the service implements, with its severity,
 * the data point it checks and its message as published, generated from the implemented ids and
 * the shipped rules (`npm run docs:reports`; a test holds the document to the code).
 */
const cell = (text: string) =>
  text
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ')
    .trim();

export function renderReportRulesDocument(): string {
  const catalog = h1Catalog();
  const ids = [...H1_RULE_IDS].sort();
  const entries = ids.map((id) => catalog.get(id)!);
  const fatal = entries.filter((entry) => entry.severity === 'fatal').length;
  const lines = [
    '# The GSE compliance rules the service checks',
    '',
    'Generated from `src/reports/h1/` and the shipped rules (`src/reports/uad/rules/`, Appendix H-1',
    'v1.4) by `npm run docs:reports`; docs/reports.md says how the checks run. ' +
      `${entries.length} of the ${catalog.size} published rules: ${fatal} fatal, ${entries.length - fatal} warnings.`,
    '',
    '| Message id | Severity | Data point | Message |',
    '| --- | --- | --- | --- |',
    ...entries.map(
      (entry) => `| ${entry.id} | ${entry.severity} | ${cell(entry.dataPoint)} | ${cell(entry.text)} |`,
    ),
    '',
  ];
  return lines.join('\n');
}
