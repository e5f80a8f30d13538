import { Alert, Button, Card, Group, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ActionName, Order } from '../../../../sdk/src/client.ts';
import { actionMutation, nowText } from '../../queries/actions.ts';
import { failureText } from '../../queries/failure.ts';
import { candidatesQuery, type Candidate } from '../../queries/pipeline.ts';
import { BidRoundCard } from './BidRoundCard.tsx';
import { CandidateTable } from './CandidateTable.tsx';
import { OfferDialog } from './OfferDialog.tsx';

/** Statuses an order comes back to for a new appraiser, with what brought it there. */
const RETURNED: Record<string, string> = {
  'Assignment rejected': 'The appraiser turned the offer down',
  'Assignment timed out': 'The offer was not answered in time',
  'Refused negotiation': 'The lender refused the new terms',
};

const STARTED = { auto_assign: 'Auto-assign started', start_bidding: 'Open for bids' };

/**
 * Who takes the order: the panel with each appraiser's open orders, next due dates and the fee
 * they last accepted for the product, an offer to one of them, or auto-assignment, or bids.
 * After a rejection, a timeout or a refused negotiation it says so and offers the same choice.
 */
export function AssignmentCard({ order, returnedBecause }: { order: Order; returnedBecause: string | null }) {
  const candidates = useQuery(candidatesQuery(order.id));
  const [offering, setOffering] = useState<Candidate | null>(null);
  const allowed = (action: ActionName) => order.allowed_transitions.includes(action);
  const take = useMutation({
    ...actionMutation(order.id, (result, { action }) =>
      notifications.show({
        color: 'teal',
        title: STARTED[action as keyof typeof STARTED],
        message: nowText(result),
      }),
    ),
    onError: (error) => notifications.show({ color: 'red', title: 'Not done', message: failureText(error) }),
  });
  const start = (action: keyof typeof STARTED) => take.mutate({ action });
  const returned = RETURNED[order.status.name];
  const title = returned ? 'Reassign' : 'Assign';

  return (
    <Card withBorder component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Group gap="xs">
          {(['auto_assign', 'start_bidding'] as const).filter(allowed).map((action) => (
            <Button
              key={action}
              variant="default"
              onClick={() => start(action)}
              loading={take.isPending && take.variables.action === action}
            >
              {action === 'auto_assign' ? 'Auto-assign' : 'Open for bids'}
            </Button>
          ))}
        </Group>
      </Group>
      {returned && (
        <Alert color="orange" mb="sm" title={returned}>
          {returnedBecause ?? 'Choose another appraiser, or let the service choose.'}
        </Alert>
      )}
      {order.status.name === 'Bidding' && (
        <>
          <Text size="sm" mb="sm">
            Open for bids: award the bid whose terms suit, or offer it to an appraiser of the panel.
          </Text>
          <BidRoundCard order={order} />
        </>
      )}
      <Text size="sm" c="dimmed" mb="xs">
        Ranked by the company&apos;s rules: the first choice is whom Auto-assign offers it to. Those the rules
        leave out follow, with why.
      </Text>
      <CandidateTable
        candidates={candidates.data}
        pending={candidates.isPending}
        error={candidates.error}
        onOffer={allowed('assign') ? setOffering : null}
      />
      {offering && <OfferDialog order={order} candidate={offering} onClose={() => setOffering(null)} />}
    </Card>
  );
}
