import { Card, Text, Timeline, Title } from '@mantine/core';
import type { components } from '../../../../sdk/src/client.ts';
import { dateTime, humanize } from '../../lib/format.ts';
import { changeLines } from './change-lines.ts';

type HistoryEntry = components['schemas']['HistoryEntry'];

/** What happened to the order so far: each change of status, when, by whom and why. */
export function OrderHistory({ history }: { history: readonly HistoryEntry[] }) {
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        History
      </Title>
      <Timeline bulletSize={14} lineWidth={2} active={history.length}>
        {history.map((entry) => (
          <Timeline.Item key={entry.id} title={`${humanize(entry.action)} → ${entry.to}`}>
            <Text size="xs" c="dimmed">
              {dateTime(entry.created_at)}
              {entry.by ? ` · ${entry.by.name}` : ''}
              {entry.acting_for ? ` for ${entry.acting_for.name}` : ''}
            </Text>
            {entry.reason && <Text size="sm">{entry.reason}</Text>}
            {changeLines(entry.action, entry.details).map((change) => (
              <Text key={change.label} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {change.label}: {change.from} → {change.to}
              </Text>
            ))}
          </Timeline.Item>
        ))}
      </Timeline>
    </Card>
  );
}
