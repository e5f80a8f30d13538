import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { LazyActionDialog } from '../features/actions/LazyActionDialog.tsx';
import { ClosedOffer } from '../features/workspace/ClosedOffer.tsx';
import { OfferCard } from '../features/workspace/OfferCard.tsx';
import { usePageTitle } from '../components/PageTitle.tsx';
import { offersQuery, type WorkItem } from '../queries/work.ts';
import { useAfterFirstPaint } from '../lib/after-first-paint.ts';

/**
 * Offers shown before "Show all": the most urgent ones. Hundreds of cards, each with a live
 * countdown, would keep a phone busy for seconds before the first one answers a tap.
 */
const FIRST_OFFERS = 20;

/**
 * The appraiser's open offers, each with their fee, the due date, the address, the products and
 * a live countdown to its timeout; accept in one tap, or accept with conditions or decline in
 * one dialog. An email's link names the offer (`?order=`), which is then shown first; one no
 * longer open says where the order is now.
 */
export function OffersPage() {
  usePageTitle('Offers');
  const named = useSearch({
    from: '/offers',
    select: (search) => ('order' in search ? search.order : undefined),
  });
  const work = useSuspenseQuery(offersQuery);
  const offers = work.data
    .filter((item) => item.next_step === 'answer_offer')
    .sort((a, b) => Number(b.id === named) - Number(a.id === named));
  const [dialog, setDialog] = useState<{ item: WorkItem; action: 'accept' | 'reject' } | null>(null);
  const [showAll, setShowAll] = useState(false);
  // Two cards with the page, the others just after it (lib/after-first-paint.ts).
  const later = useAfterFirstPaint();
  const shown = showAll ? offers : offers.slice(0, later ? FIRST_OFFERS : 2);

  return (
    <Stack maw={720} mx="auto" gap="md">
      <Group justify="space-between" align="baseline">
        <Title order={1} size="h2">
          Offers
        </Title>
        <Text c="dimmed" size="sm">
          {offers.length === 1 ? '1 open offer' : `${offers.length} open offers`}
        </Text>
      </Group>
      {named && !offers.some((item) => item.id === named) && <ClosedOffer orderId={named} />}
      {offers.length === 0 && (
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
      {later && shown.length < offers.length && (
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
