import { Badge, Box, Group, List, Stack, Text, Title } from '@mantine/core';
import type { ReportFinding, ReportSubmission } from '../../queries/reports.ts';
import { changeValue, fieldText } from './report-words.ts';

function FindingLines({ title, findings }: { title: string; findings: ReportFinding[] }) {
  if (findings.length === 0) return null;
  return (
    <Box>
      <Text size="sm" fw={600}>
        {title} ({findings.length})
      </Text>
      <List size="sm" spacing={2} listStyleType="none" p={0}>
        {findings.map((finding, index) => (
          <List.Item key={`${finding.id} ${finding.field} ${index}`}>
            <Group gap={6} wrap="nowrap" align="baseline">
              <Badge
                color={finding.severity === 'fatal' ? 'red' : 'orange'}
                variant="dot"
                radius="sm"
                tt="none"
              >
                {finding.id}
              </Badge>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {finding.message}
              </Text>
            </Group>
          </List.Item>
        ))}
      </List>
    </Box>
  );
}

/**
 * What changed from the submission before: the figures a revision is about (before → after)
 * and the findings it cleared or brought.
 */
export function ReportChanges({
  submission,
  changes,
}: {
  submission: number;
  changes: NonNullable<ReportSubmission['changes']>;
}) {
  const nothing =
    changes.fields.length === 0 && changes.findings_cleared.length === 0 && changes.findings_new.length === 0;
  return (
    <Stack gap={6} component="section" aria-label={`Changes from submission ${submission - 1}`}>
      <Title order={4} size="h5">
        Changes from submission {submission - 1}
      </Title>
      {nothing && (
        <Text size="sm" c="dimmed">
          Nothing the service compares changed: the value, dates, condition, ratings, contract price, the
          comparables and the findings are as before.
        </Text>
      )}
      {changes.fields.length > 0 && (
        <List size="sm" spacing={2}>
          {changes.fields.map((change) => (
            <List.Item key={change.field}>
              {fieldText(change.field)}: {changeValue(change.field, change.before)} →{' '}
              <strong>{changeValue(change.field, change.after)}</strong>
            </List.Item>
          ))}
        </List>
      )}
      <FindingLines title="Findings cleared" findings={changes.findings_cleared} />
      <FindingLines title="New findings" findings={changes.findings_new} />
    </Stack>
  );
}
