import { SimpleGrid, Stack } from '@mantine/core';
import { Field } from '../../components/Field.tsx';
import { money } from '../../lib/money.ts';
import type { ReportSummary } from '../../queries/reports.ts';
import { conditionOfValue, reportDay, signerLine } from './report-words.ts';

/** The facts of a report a reader looks for first: the value and its terms, the subject, who signed. */
export function ReportFacts({ report }: { report: ReportSummary }) {
  const ratings = [report.subject.condition, report.subject.quality].filter(Boolean).join(' / ');
  const appraiser = signerLine(report.appraiser);
  const supervisor = signerLine(report.supervisor);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing={6}>
      <Stack gap={6}>
        <Field label="Value" value={<strong>{money(report.value)}</strong>} />
        <Field label="Effective date" value={reportDay(report.effective_date)} />
        <Field label="Condition of value" value={conditionOfValue(report.condition_of_value)} />
        {report.contract?.price && <Field label="Contract price" value={money(report.contract.price)} />}
      </Stack>
      <Stack gap={6}>
        <Field label="Inspected" value={reportDay(report.inspection_date)} />
        <Field label="Condition / quality" value={ratings || '—'} />
        <Field label="Appraiser" value={appraiser ?? '—'} />
        {supervisor && <Field label="Supervisor" value={supervisor} />}
      </Stack>
    </SimpleGrid>
  );
}
