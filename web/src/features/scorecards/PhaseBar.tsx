import { Group, Progress, Stack, Text } from '@mantine/core';
import type { ScorecardFigures } from '../../queries/scorecards.ts';
import { businessDays } from './scorecard-format.ts';

/** The phases of a turn (docs/turn-times.md, "Scorecards"), in their order, each with its colour. */
const PHASES = [
  { key: 'assignment', label: 'Assignment', color: 'indigo.4' },
  { key: 'appraiser', label: 'Appraiser', color: 'teal.6' },
  { key: 'review', label: 'Review', color: 'grape.5' },
  { key: 'client', label: 'Lender', color: 'orange.5' },
  { key: 'paused', label: 'Paused', color: 'gray.5' },
] as const;

/**
 * Turn time by phase: one bar, a part per phase in proportion to its mean business days, and the
 * same figures written out under it (a bar alone says nothing to a screen reader).
 */
export function PhaseBar({ turn }: { turn: ScorecardFigures['turn_time'] }) {
  const total = PHASES.reduce((sum, phase) => sum + (turn[phase.key] ?? 0), 0);
  if (turn.business_days === null)
    return (
      <Text c="dimmed" size="sm">
        No order with timed phases was completed in the period.
      </Text>
    );
  return (
    <Stack gap={6}>
      <Text size="sm">
        <Text span fw={700} fz="lg">
          {businessDays(turn.business_days)}
        </Text>{' '}
        net of pauses · {businessDays(turn.with_pauses_business_days)} with them
      </Text>
      <Progress.Root size={18} aria-hidden>
        {PHASES.map((phase) =>
          (turn[phase.key] ?? 0) > 0 && total > 0 ? (
            <Progress.Section
              key={phase.key}
              value={((turn[phase.key] ?? 0) / total) * 100}
              color={phase.color}
            />
          ) : null,
        )}
      </Progress.Root>
      <Group gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {PHASES.map((phase) => (
          <Group key={phase.key} component="li" gap={6} wrap="nowrap">
            <span
              aria-hidden
              style={{
                width: 10,
                height: 10,
                borderRadius: 2,
                background: `var(--mantine-color-${phase.color.replace('.', '-')})`,
              }}
            />
            <Text size="sm">
              {phase.label}: <b>{businessDays(turn[phase.key])}</b>
            </Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}
