import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { fetchesActionDialog, LazyActionDialog } from '../features/actions/LazyActionDialog.tsx';
import { failureText } from '../queries/failure.ts';
import { api, unwrap } from '../queries/sdk.ts';
import { useActing } from '../queries/session.ts';
import { usePageTitle } from '../components/PageTitle.tsx';
import { money } from '../lib/money.ts';
import { countdown, useNow } from '../lib/time.ts';
import { offersQuery, type WorkItem } from '../queries/work.ts';

/**
 * Offers shown before "Show all": the most urgent ones. Hundreds of cards, each with a live
 * countdown, would keep a phone busy for seconds before the first one answers a tap.
 */
const FIRST_OFFERS = 20;

/** Under this much time left, the countdown turns red. */
const HURRY_MS = 15 * 60_000;

/**
 * The appraiser's open offers, each with their fee, the due date, the address, the products and
 * a live countdown to its timeout; accept in one tap, or accept with conditions or decline in
 * one dialog. An email's link names the offer (`?order=`), which is then shown first.
 */
export function OffersPage() {
  usePageTitle('Offers');
  const named = useSearch({
    from: '/offers',
    select: (search) => ('order' in search ? search.order : undefined),
  });
  const work = useQuery(offersQuery);
  const offers = (work.data ?? [])
    .filter((item) => item.next_step === 'answer_offer')
    .sort((a, b) => Number(b.id === named) - Number(a.id === named));
  const [dialog, setDialog] = useState<{ item: WorkItem; action: 'accept' | 'reject' } | null>(null);
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? offers : offers.slice(0, FIRST_OFFERS);

  return (
    <Stack maw={720} mx="auto" gap="md">
      <Group justify="space-between" align="baseline">
        <Title order={1} size="h2">
          Offers
        </Title>
        {work.data && (
          <Text c="dimmed" size="sm">
            {offers.length === 1 ? '1 open offer' : `${offers.length} open offers`}
          </Text>
        )}
      </Group>
      {work.isError && (
        <Alert color="red" role="alert" title="The offers could not be loaded">
          {failureText(work.error)}
        </Alert>
      )}
      {work.isPending && (
        <Stack gap="md" aria-busy="true" aria-label="Loading the offers">
          <Skeleton height={196} radius="md" />
          <Skeleton height={196} radius="md" />
        </Stack>
      )}
      {named && work.data && !offers.some((item) => item.id === named) && (
        <Alert color="gray" title="That offer is no longer open">
          It was answered, withdrawn or timed out. Your orders are in My work.
        </Alert>
      )}
      {work.data && offers.length === 0 && (
        <Card withBorder padding="lg">
          <Text fw={500}>No open offers.</Text>
          <Text c="dimmed" size="sm">
            New offers arrive here, and by email if you keep that notice on (Account).
          </Text>
        </Card>
      )}
      {shown.map((item) => (
        <OfferCard
          key={item.id}
          item={item}
          highlighted={item.id === named}
          onConditions={() => setDialog({ item, action: 'accept' })}
          onDecline={() => setDialog({ item, action: 'reject' })}
        />
      ))}
      {shown.length < offers.length && (
        <Button variant="default" onClick={() => setShowAll(true)}>
          Show all {offers.length} offers
        </Button>
      )}
      {dialog && (
        <LazyActionDialog
          order={dialog.item}
          action={dialog.action === 'accept' ? 'accept_assignment' : 'reject_assignment'}
          title={dialog.action === 'accept' ? 'Accept with conditions' : 'Decline the offer'}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}

function OfferCard({
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
  const queryClient = useQueryClient();
  const acting = useActing();
  const expiresAt = item.offer_expires_at ? Date.parse(item.offer_expires_at) : null;
  const over = useExpired(expiresAt);
  // A card that ran out asks again every few seconds: it leaves once the service has timed the
  // offer out (its timers run every WORKFLOW_TIMER_INTERVAL_MS), which no event tells this page.
  useEffect(() => {
    if (!over) return;
    const timer = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: offersQuery.queryKey }),
      3000,
    );
    return () => clearInterval(timer);
  }, [over, queryClient]);
  const accept = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.PUT('/api/v1/orders/{order_id}/accept_assignment', {
          params: { path: { order_id: item.id } },
          body: {},
        }),
      ),
    onSuccess: async (result) => {
      notifications.show({
        color: 'teal',
        title: 'Offer accepted',
        message: `${item.file_number} is now ${result.status.name}: schedule the inspection in My work.`,
      });
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
    onError: (error) =>
      notifications.show({ color: 'red', title: 'The offer was not accepted', message: failureText(error) }),
  });
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
          <div>
            <Text size="xs" c="dimmed">
              Your fee
            </Text>
            <Text fw={700} size="xl" lh={1.2}>
              {money(item.appraiser_fee)}
            </Text>
          </div>
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
                <Button onClick={() => accept.mutate()} loading={accept.isPending} miw={96}>
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

/**
 * The time left, ticking every second. Only this badge renders each second, not the page: on a
 * slow phone a whole list of cards re-rendered every second keeps the main thread busy.
 */
function Countdown({ expiresAt }: { expiresAt: number }) {
  const left = expiresAt - useNow();
  const over = left <= 0;
  return (
    <Badge
      size="lg"
      variant={over ? 'filled' : 'light'}
      color={over || left < HURRY_MS ? 'red' : 'indigo'}
      role="timer"
      aria-label={over ? 'Timed out' : `Time left to answer: ${countdown(left)}`}
      style={{ fontVariantNumeric: 'tabular-nums', textTransform: 'none', flexShrink: 0 }}
    >
      {over ? 'Timed out' : `${countdown(left)} left`}
    </Badge>
  );
}

/** Whether the moment has passed: changes once, when it passes. */
function useExpired(at: number | null): boolean {
  const [expired, setExpired] = useState(() => at !== null && at <= Date.now());
  useEffect(() => {
    if (at === null) return;
    const wait = at - Date.now();
    if (wait <= 0) {
      setExpired(true);
      return;
    }
    setExpired(false);
    // setTimeout waits at most 2^31 - 1 ms; an offer open longer is re-checked then.
    const timer = setTimeout(() => setExpired(at <= Date.now()), Math.min(wait, 2_147_483_647));
    return () => clearTimeout(timer);
  }, [at]);
  return expired;
}

/** The offer an email's link named comes into view once it is on the page. */
function useScrollIntoView(active: boolean, id: string) {
  useEffect(() => {
    if (active) document.getElementById(id)?.scrollIntoView({ block: 'center' });
  }, [active, id]);
}
