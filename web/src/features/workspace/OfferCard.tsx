import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { notifyDone } from '../../lib/notices.ts';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { MoneyFigure } from '../../components/MoneyFigure.tsx';
import { actionMutation } from '../../queries/actions.ts';
import { failureText } from '../../queries/failure.ts';
import { useActing } from '../../queries/session.ts';
import { refreshOffers, type WorkItem } from '../../queries/work.ts';
import { fetchesActionDialog } from '../actions/LazyActionDialog.tsx';
import { Countdown, useExpired, useScrollIntoView } from './Countdown.tsx';

/** One offer: the fee, the time left, the place and the products; accept, accept with conditions, decline. */
export function OfferCard({
  item,
  highlighted,
  onConditions,
  onDecline,
}: {
  item: WorkItem;
  highlighted: boolean;
  onConditions: () => void;
  onDecline: () => void;
}) {
  const acting = useActing();
  const expiresAt = item.offer_expires_at ? Date.parse(item.offer_expires_at) : null;
  const over = useExpired(expiresAt);
  // A card that ran out asks again every few seconds: it leaves once the service has timed the
  // offer out (its timers run every WORKFLOW_TIMER_INTERVAL_MS), which no event tells this page.
  useEffect(() => {
    if (!over) return;
    const timer = setInterval(() => void refreshOffers(), 3000);
    return () => clearInterval(timer);
  }, [over]);
  const accept = useMutation({
    ...actionMutation(item.id, (result) =>
      notifyDone(
        'Offer accepted',
        `${item.file_number} is now ${'status' in result ? result.status.name : 'accepted'}: schedule the inspection in My work.`,
      ),
    ),
    onError: (error) =>
      notifications.show({ color: 'red', title: 'The offer was not accepted', message: failureText(error) }),
  });
  const acceptNow = () => accept.mutate({ action: 'accept_assignment', body: {} });
  const labelId = `offer-${item.id}`;
  useScrollIntoView(highlighted, labelId);

  return (
    <Card
      withBorder
      padding="md"
      component="article"
      aria-labelledby={labelId}
      style={highlighted ? { borderColor: 'var(--mantine-color-indigo-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="start" wrap="nowrap">
          <MoneyFigure label="Your fee" value={item.appraiser_fee} size="xl" />
          {expiresAt !== null && <Countdown expiresAt={expiresAt} />}
        </Group>
        <Text fw={600} id={labelId}>
          {item.full_address}
        </Text>
        <Text size="sm">
          {item.products.map((p) => p.name).join(', ') || 'No product named'} · Due {item.due_date ?? '—'}
        </Text>
        <Text size="xs" c="dimmed">
          Order {item.file_number}
        </Text>
        {over ? (
          <Text size="sm" c="red.9" role="status">
            This offer timed out: the company offers it to someone else.
          </Text>
        ) : (
          <Group gap="xs" mt={4} grow preventGrowOverflow={false}>
            {acting ? (
              <Text size="sm" c="dimmed">
                Only the appraiser accepts an offer.
              </Text>
            ) : (
              <>
                <Button onClick={acceptNow} loading={accept.isPending} miw={96}>
                  Accept
                </Button>
                <Button
                  variant="light"
                  {...fetchesActionDialog}
                  onClick={onConditions}
                  disabled={accept.isPending}
                >
                  With conditions
                </Button>
              </>
            )}
            <Button
              variant="outline"
              color="red"
              {...fetchesActionDialog}
              onClick={onDecline}
              disabled={accept.isPending}
            >
              Decline
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
