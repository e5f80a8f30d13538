import { Badge, Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { money } from '../../lib/money.ts';
import type { Candidate } from '../../queries/pipeline.ts';

const lastFee = (candidate: Candidate) =>
  candidate.last_accepted_fee
    ? `${money(candidate.last_accepted_fee)}${candidate.last_accepted_on ? ` (${candidate.last_accepted_on})` : ''}`
    : '—';

function Name({ candidate }: { candidate: Candidate }) {
  return (
    <div>
      <Text size="sm" fw={500}>
        {candidate.name}
      </Text>
      {candidate.turned_down_this_order && (
        <Badge color="orange" variant="dot" size="xs" tt="none">
          Turned this order down
        </Badge>
      )}
      {candidate.excluded_by_client !== null && (
        <Text size="xs" c="red.9">
          The lender asked not to use them: {candidate.excluded_by_client}
        </Text>
      )}
      {/* What keeps them from this order (their state license, insurance, roster, capacity). */}
      {candidate.credential_problems.map((problem) => (
        <Text key={problem} size="xs" c="red.9">
          {problem}
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
            {candidate.open_orders} open · next due {candidate.next_due_dates[0] ?? '—'} · last fee{' '}
            {candidate.last_accepted_fee ? money(candidate.last_accepted_fee) : '—'}
          </Text>
        </>
      )}
    />
  );
}
