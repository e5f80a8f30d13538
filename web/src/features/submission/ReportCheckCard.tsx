import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { failureText } from '../../queries/failure.ts';
import { FindingList } from '../report/FindingList.tsx';
import { countsText, valueLine } from '../report/report-words.ts';
import type { ReportCheckState } from './useReportCheck.ts';

/**
 * What the service found in the uploaded report, before it is sent: what it read (the value,
 * its date and condition) and its findings, fatal first, with their counts in the heading.
 */
export function ReportCheckCard({ step, check }: { step: number; check: ReportCheckState }) {
  const { result } = check;
  const counts = result ? `: ${countsText(result.fatal_count, result.warning_count)}` : '';
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="report-check-title">
      <Title order={2} size="h4" id="report-check-title" mb="xs">
        {step}. What the check found{counts}
      </Title>
      <Stack gap="sm">
        {/* One line that says where the check stands, told to a screen reader as it changes:
            the check takes a moment after the upload. */}
        <div role="status">
          {!check.ready && (
            <Text size="sm" c="dimmed">
              The report is checked as soon as its files are uploaded: against the GSEs’ rules, the order,
              your license on file and its comparables.
            </Text>
          )}
          {check.checking && (
            <Group gap="xs">
              <Loader size="sm" aria-hidden />
              <Text size="sm">Checking the report…</Text>
            </Group>
          )}
          {check.unreadable && <Text size="sm">Not checked: step 2 says why.</Text>}
          {result && (
            <Text size="sm">
              <Text span size="sm" c="dimmed">
                Opinion of value:{' '}
              </Text>
              <strong>{valueLine(result.report)}</strong>
            </Text>
          )}
        </div>
        {check.failure && (
          <Alert color="red" role="alert" title="The report could not be checked">
            <Text size="sm" mb="xs">
              {failureText(check.failure)}
            </Text>
            <Button size="xs" variant="default" onClick={check.retry}>
              Check again
            </Button>
          </Alert>
        )}
        {result &&
          (result.findings.length === 0 ? (
            <Alert color="teal" p="xs">
              <Text size="sm">The report passes every check.</Text>
            </Alert>
          ) : (
            <FindingList findings={result.findings} order={3} />
          ))}
      </Stack>
    </Card>
  );
}
