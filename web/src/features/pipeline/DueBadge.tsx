import { Badge, Group, Text } from '@mantine/core';
import { orDash } from '../../lib/format.ts';
import { urgencyOf } from '../../lib/deadlines.ts';

/** A due date, marked when it is overdue or due soon (in words, not by colour alone). */
export function DueDate({ date }: { date: string | null }) {
  const urgency = urgencyOf(date);
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{orDash(date)}</Text>
      {urgency === 'overdue' && (
        <Badge color="red.8" variant="filled" size="sm" tt="none">
          Overdue
        </Badge>
      )}
      {urgency === 'due-soon' && (
        <Badge color="orange" variant="dot" size="sm" tt="none">
          Due soon
        </Badge>
      )}
    </Group>
  );
}
