import { Checkbox, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { dateTime } from '../../lib/format.ts';
import { failureText } from '../../queries/failure.ts';
import { tickChecklistMutation, type ReportSubmission } from '../../queries/reports.ts';

/**
 * The company's review checklist for one submission (its items set in the company's report
 * settings): each item ticked by a reviewer, with who ticked it and when, or the tick taken back.
 */
export function ReviewChecklist({ orderId, submission }: { orderId: string; submission: ReportSubmission }) {
  const tick = useMutation(tickChecklistMutation(orderId, submission.submission));
  const done = submission.checklist.filter((entry) => entry.done).length;
  return (
    <Stack gap={6} component="section" aria-label="Review checklist">
      <Title order={4} size="h5">
        Review checklist: {done} of {submission.checklist.length} done
      </Title>
      {submission.checklist.map((entry) => (
        <Checkbox
          key={entry.item}
          label={entry.item}
          description={
            entry.by && entry.at
              ? `${entry.done ? 'Ticked' : 'Unticked'} by ${entry.by}, ${dateTime(entry.at)}`
              : undefined
          }
          checked={entry.done}
          disabled={tick.isPending}
          onChange={(event) => tick.mutate({ item: entry.item, done: event.currentTarget.checked })}
        />
      ))}
      {tick.isError && (
        <Text size="sm" c="red" role="alert">
          {failureText(tick.error)}
        </Text>
      )}
    </Stack>
  );
}
