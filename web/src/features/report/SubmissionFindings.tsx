import { Alert, Stack, Text, Title } from '@mantine/core';
import type { ReportSubmission } from '../../queries/reports.ts';
import { FindingList } from './FindingList.tsx';
import { FindingReview } from './FindingReview.tsx';
import { countsText } from './report-words.ts';

/**
 * The findings of one submission: for the company and the appraiser, counted, with the
 * appraiser's answers (an override reason, warnings acknowledged) and, for the company's staff,
 * the review of each finding; for a lender (the API gives it no counts), the findings the company
 * shared with it, if any.
 */
export function SubmissionFindings({
  orderId,
  submission,
  company,
}: {
  orderId: string;
  submission: ReportSubmission;
  company: boolean;
}) {
  const counted = submission.fatal_count !== null && submission.warning_count !== null;
  return (
    <>
      {counted && (
        <Stack gap="xs" component="section" aria-label="Findings">
          <Title order={4} size="h5">
            Findings: {countsText(submission.fatal_count!, submission.warning_count!, 'none')}
          </Title>
          {submission.override_reason && (
            <Alert color="red" variant="light" p="xs" title="Sent despite its fatal findings">
              <Text size="sm">{submission.override_reason}</Text>
            </Alert>
          )}
          {submission.warnings_acknowledged && (
            <Text size="sm">The appraiser acknowledged the warnings when submitting.</Text>
          )}
          {submission.findings.length > 0 && (
            <FindingList
              findings={submission.findings}
              order={5}
              below={
                company
                  ? (finding) => (
                      <FindingReview orderId={orderId} submission={submission.submission} finding={finding} />
                    )
                  : undefined
              }
            />
          )}
        </Stack>
      )}
      {!counted && submission.findings.length > 0 && (
        <Stack gap="xs" component="section" aria-label="Findings the company shared">
          <Title order={4} size="h5">
            Findings the company shared
          </Title>
          <FindingList findings={submission.findings} order={5} />
        </Stack>
      )}
    </>
  );
}
