import { Badge, Box, Group, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';
import { dateTime } from '../../lib/format.ts';
import type { ReportFinding, ReportSubmission } from '../../queries/reports.ts';
import { findingPlace } from './report-words.ts';

type Finding = ReportFinding & Partial<Pick<ReportSubmission['findings'][number], 'override'>>;

/** What stands under a finding besides its words: the company's review of it, for staff. */
type Below<F> = (finding: F) => ReactNode;

const GROUPS = [
  { severity: 'fatal', title: 'Fatal', color: 'red' },
  { severity: 'warning', title: 'Warnings', color: 'orange' },
] as const;

/**
 * A report's findings, fatal first, each with its id, the service's sentence and what it points
 * at (a field or an element of the XML, and its line): a list that reads on a phone as on a
 * desktop, never a table to scroll sideways. A finding the company overrode says so, and why.
 */
export function FindingList<F extends Finding>({
  findings,
  order,
  below,
}: {
  findings: F[];
  order: TitleOrder;
  below?: Below<F>;
}) {
  return (
    <Stack gap="sm">
      {GROUPS.map(({ severity, title, color }) => {
        const group = findings.filter((finding) => finding.severity === severity);
        if (group.length === 0) return null;
        return (
          <Box key={severity} component="section" aria-label={`${title} (${group.length})`}>
            <Title order={order} size="h6" mb={6}>
              {title} ({group.length})
            </Title>
            <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {group.map((finding, index) => (
                <Box
                  key={`${finding.id} ${finding.field} ${index}`}
                  component="li"
                  pl="sm"
                  py={4}
                  style={{ borderLeft: `3px solid var(--mantine-color-${color}-6)` }}
                >
                  <Group gap={6} wrap="wrap" align="baseline">
                    {/* The id in the page's own text colour (a tint's coloured text is under 4.5:1 for orange). */}
                    <Badge color={color} variant="dot" radius="sm" tt="none">
                      {finding.id}
                    </Badge>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {findingPlace(finding)}
                    </Text>
                  </Group>
                  <Text size="sm" mt={2} style={{ overflowWrap: 'anywhere' }}>
                    {finding.message}
                  </Text>
                  {finding.override && (
                    <Text size="sm" mt={2} c="teal.9">
                      Overridden by {finding.override.by ?? 'the company'}, {dateTime(finding.override.at)}:{' '}
                      {finding.override.reason}
                    </Text>
                  )}
                  {below?.(finding)}
                </Box>
              ))}
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}
