import { Badge, Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { money } from '../../lib/money.ts';
import type { Candidate } from '../../queries/pipeline.ts';

const lastFee = (candidate: Candidate) =>
  candidate.last_accepted_fee
    ? `${money(candidate.last_accepted_fee)}${candidate.last_accepted_on ? ` (${candidate.last_accepted_on})` : ''}`
    : '—';

const FACTOR_NAMES: Record<keyof NonNullable<Candidate['points']>, string> = {
  distance: 'Distance',
  workload: 'Workload',
  turn_time: 'Turn time',
  on_time: 'On time',
  quality: 'Quality',
  acceptance: 'Offers accepted',
  fee: 'Fee',
};

/** Their last 90 days as the engine read them: "14 done · 3.6 bd · 93% on time · 7% sent back". */
function lastNinetyDays(candidate: Candidate): string {
  const recent = candidate.last_90_days;
  if (!recent) return 'No record yet';
  const share = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);
  const accepted =
    recent.acceptance_rate === null ? null : `${share(recent.acceptance_rate)} of offers accepted`;
  if (recent.completed === 0) return ['Nothing delivered', accepted].filter(Boolean).join(' · ');
  return [
    `${recent.completed} done`,
    recent.business_days === null ? null : `${recent.business_days} bd`,
    `${share(recent.on_time_rate)} on time`,
    `${share(recent.sent_back_rate)} sent back`,
    accepted,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** "1st", "2nd", "3rd", "11th": the engine's order of choice as people say it. */
function ordinal(rank: number): string {
  const teen = rank % 100 >= 11 && rank % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][rank % 10] ?? 'th');
  return `${rank}${suffix}`;
}

/**
 * The name with the engine's verdict under it: for an appraiser who passes every filter, their
 * place and each factor's points; for the others, each filter that stops them, in red.
 */
function Name({ candidate }: { candidate: Candidate }) {
  const points = candidate.points;
  return (
    <div>
      <Group gap={6} wrap="wrap">
        <Text size="sm" fw={500}>
          {candidate.name}
        </Text>
        {candidate.rank !== null && (
          <Badge
            color={candidate.rank === 1 ? 'teal.9' : 'gray.8'}
            variant={candidate.rank === 1 ? 'filled' : 'outline'}
            size="sm"
            tt="none"
          >
            {ordinal(candidate.rank)} choice · {candidate.score} points
          </Badge>
        )}
      </Group>
      {points && (
        <Text size="xs" c="dimmed">
          {(Object.keys(FACTOR_NAMES) as (keyof typeof FACTOR_NAMES)[])
            .map((factor) => `${FACTOR_NAMES[factor]} ${points[factor]}`)
            .join(' · ')}
          {candidate.distance_miles === null
            ? ' · distance unknown'
            : ` · ${candidate.distance_miles} mi away`}
        </Text>
      )}
      {candidate.failed_filters.map((failure) => (
        <Text key={failure.filter} size="xs" c="red.9">
          {failure.reason}
        </Text>
      ))}
    </div>
  );
}

/** The company's panel for one order; on a phone, one card per appraiser, the Offer button in view. */
export function CandidateTable({
  candidates,
  pending,
  error,
  onOffer,
}: {
  candidates: Candidate[] | undefined;
  pending: boolean;
  error: unknown;
  /** Null: the person may not offer the order (the API does not list `assign`). */
  onOffer: ((candidate: Candidate) => void) | null;
}) {
  const offer = (candidate: Candidate) =>
    onOffer && (
      <Button
        size="xs"
        onClick={() => onOffer(candidate)}
        aria-label={`Offer to ${candidate.name}`}
        // Beside a name with several lines under it (what keeps them from the order), whole.
        style={{ flexShrink: 0 }}
      >
        Offer
      </Button>
    );
  const columns: Column<Candidate>[] = [
    { header: 'Appraiser', cell: (candidate) => <Name candidate={candidate} /> },
    { header: 'Open orders', cell: (candidate) => candidate.open_orders },
    { header: 'Next due', cell: (candidate) => candidate.next_due_dates.join(', ') || '—' },
    { header: 'Last 90 days', cell: (candidate) => <Text size="xs">{lastNinetyDays(candidate)}</Text> },
    { header: 'Offer fee', cell: (candidate) => (candidate.offer_fee ? money(candidate.offer_fee) : '—') },
    { header: 'Last fee for this product', cell: lastFee },
    { header: <VisuallyHidden>Offer</VisuallyHidden>, cell: offer },
  ];
  return (
    <DataTable
      label="The appraiser panel"
      rows={candidates}
      rowKey={(candidate) => candidate.id}
      columns={columns}
      pending={pending}
      error={error}
      minWidth={560}
      empty="The company has no appraiser on its panel yet."
      card={(candidate) => (
        <>
          <Group justify="space-between" wrap="nowrap" align="start">
            <Name candidate={candidate} />
            {offer(candidate)}
          </Group>
          <Text size="xs">
            {candidate.open_orders} open · next due {candidate.next_due_dates[0] ?? '—'} · offer fee{' '}
            {candidate.offer_fee ? money(candidate.offer_fee) : '—'} · last fee{' '}
            {candidate.last_accepted_fee ? money(candidate.last_accepted_fee) : '—'}
          </Text>
          <Text size="xs">Last 90 days: {lastNinetyDays(candidate)}</Text>
        </>
      )}
    />
  );
}
