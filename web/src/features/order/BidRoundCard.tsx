import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Order } from '../../../../sdk/src/client.ts';
import { dateTime } from '../../lib/format.ts';
import { money } from '../../lib/money.ts';
import { actionMutation, nowText } from '../../queries/actions.ts';
import { orderRoundsQuery } from '../../queries/bids.ts';
import { failureText } from '../../queries/failure.ts';

const BID_STATUS = { placed: 'Bid', won: 'Won', lost: 'Lost' } as const;

/**
 * The order's round of bids as staff follow it: whom the engine invited, in its order, and each
 * answer (fee, due date, comment); award one while the round is open.
 */
export function BidRoundCard({ order }: { order: Order }) {
  const rounds = useQuery(orderRoundsQuery(order.id));
  const award = useMutation({
    ...actionMutation(order.id, (result) =>
      notifications.show({ color: 'teal', title: 'Bid awarded', message: nowText(result) }),
    ),
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Not awarded', message: failureText(error) }),
  });
  const round = rounds.data?.[0];
  if (!round) return null;
  const mayAward =
    round.status === 'open' && round.mode === 'bids' && order.allowed_transitions.includes('award_bid');
  const answered = round.invited.filter((invitation) => invitation.bid !== null).length;
  return (
    <Stack gap="xs" mb="md" component="section" aria-label="Bids">
      <Group justify="space-between" wrap="wrap">
        <Text fw={600}>
          {round.mode === 'broadcast' ? 'Broadcast' : 'Bids'} · {answered} of {round.invited.length} answered
        </Text>
        <Text size="sm" c="dimmed">
          {round.status === 'open' ? 'Answers until' : 'Closed'} {dateTime(round.deadline)}
        </Text>
      </Group>
      {/* A list rather than a table: on a phone each answer wraps in place, the Award button in reach. */}
      <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {round.invited.map((invitation) => (
          <Group
            key={invitation.appraiser_id}
            component="li"
            aria-label={invitation.name}
            justify="space-between"
            wrap="wrap"
            gap="xs"
            py="xs"
            style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
          >
            <div style={{ minWidth: 0, flex: '1 1 16rem' }}>
              <Text fw={500}>
                {invitation.rank}. {invitation.name}
              </Text>
              {invitation.bid ? (
                <Text size="sm">
                  {money(invitation.bid.fee)} · due {dateTime(invitation.bid.due_date)}
                  {invitation.bid.comment ? ` · ${invitation.bid.comment}` : ''}
                </Text>
              ) : (
                <Text size="sm" c="dimmed">
                  No answer yet
                </Text>
              )}
            </div>
            {invitation.bid && mayAward ? (
              <Button
                size="xs"
                aria-label={`Award to ${invitation.name}`}
                loading={award.isPending && award.variables.body?.bid_id === invitation.bid.id}
                onClick={() => award.mutate({ action: 'award_bid', body: { bid_id: invitation.bid!.id } })}
              >
                Award
              </Button>
            ) : invitation.bid ? (
              <Badge variant="light" color={invitation.bid.status === 'won' ? 'teal' : 'gray'}>
                {BID_STATUS[invitation.bid.status]}
              </Badge>
            ) : null}
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
