import { Divider, Group, NativeSelect, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { InlineFailure } from '../../components/InlineFailure.tsx';
import { dateTime } from '../../lib/format.ts';
import { orderReportsQuery, type ReportSubmission } from '../../queries/reports.ts';
import { ComparablesTable } from './ComparablesTable.tsx';
import { SubmissionFindings } from './SubmissionFindings.tsx';
import { ReportChanges } from './ReportChanges.tsx';
import { ReportFacts } from './ReportFacts.tsx';
import { ReportPhotos } from './ReportPhotos.tsx';
import { ReviewChecklist } from './ReviewChecklist.tsx';

const FORMATS: Record<ReportSubmission['format'], string> = {
  'uad_3.6': 'UAD 3.6',
  'mismo_2.6': 'MISMO 2.6',
};

/**
 * What the service read of the order's report, submission by submission (the latest first
 * shown, the older ones a choice away): its facts and comparables for everyone who sees it;
 * for the company and the appraiser (the API gives a lender no counts) its findings, the
 * appraiser's answers to them and what changed from the submission before. Nothing when no
 * submission carried a report the service could read. The company's staff (`company`) review it
 * here: each finding overridden with a reason or shared with the lender, the checklist ticked.
 */
export function ReportReading({ orderId, company }: { orderId: string; company: boolean }) {
  const reports = useQuery(orderReportsQuery(orderId));
  const [chosen, setChosen] = useState<number | null>(null);
  if (reports.isPending) return <Skeleton height={180} />;
  if (reports.error) return <InlineFailure error={reports.error} prefix="What the service read: " />;
  const latest = reports.data.at(-1);
  if (!latest) return null;
  const shown = reports.data.find((entry) => entry.submission === chosen) ?? latest;

  return (
    <Stack gap="md" component="section" aria-label="What the service read">
      <Divider mt={4} />
      <Group justify="space-between" align="end" wrap="wrap" gap="xs">
        <div>
          <Title order={3} size="h5">
            What the service read{reports.data.length > 1 ? ` of submission ${shown.submission}` : ''}
          </Title>
          <Text size="xs" c="dimmed">
            {FORMATS[shown.format]}, submitted {dateTime(shown.submitted_at)}
            {shown.submitted_by ? ` by ${shown.submitted_by}` : ''}
          </Text>
        </div>
        {reports.data.length > 1 && (
          <NativeSelect
            label="Submission"
            size="sm"
            value={String(shown.submission)}
            onChange={(event) => setChosen(Number(event.currentTarget.value))}
            data={reports.data.toReversed().map((entry) => ({
              value: String(entry.submission),
              label: `${entry.submission}${entry === latest ? ' (latest)' : ''}, ${dateTime(entry.submitted_at)}`,
            }))}
          />
        )}
      </Group>
      <ReportFacts report={shown.report} />
      <SubmissionFindings orderId={orderId} submission={shown} company={company} />
      {company && shown.checklist.length > 0 && <ReviewChecklist orderId={orderId} submission={shown} />}
      {shown.changes && <ReportChanges submission={shown.submission} changes={shown.changes} />}
      <Stack gap="xs" component="section" aria-label="Comparables">
        <Title order={4} size="h5">
          Comparables ({shown.report.comparables.length})
        </Title>
        <ComparablesTable comparables={shown.report.comparables} />
      </Stack>
      <ReportPhotos photos={shown.photos} />
    </Stack>
  );
}
