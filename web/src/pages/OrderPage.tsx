import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { usePageTitle } from '../components/PageTitle.tsx';
import { StatusBadge } from '../components/StatusBadge.tsx';
import { renamedAction } from '../features/actions/action-name.ts';
import { LazyActionDialog } from '../features/actions/LazyActionDialog.tsx';
import { NextSteps, orderCards } from '../features/order/NextSteps.tsx';
import { OrderDetails } from '../features/order/OrderDetails.tsx';
import { ReviewCard } from '../features/order/ReviewCard.tsx';
import { orderHistoryQuery, orderQuery } from '../queries/order.ts';
import { sessionQuery } from '../queries/session.ts';
import { useAfterFirstPaint } from '../lib/after-first-paint.ts';

/**
 * Files, notes, parties and payments (uploads, recipients, dialogs) come as one chunk, asked for
 * once the top of the order is on the screen: the order list and the top of an order do without
 * their code, and on a slow connection it does not hold the top back.
 */
const loadOrderSections = () => import('../features/order/OrderSections.tsx');
const OrderSections = lazy(async () => ({ default: (await loadOrderSections()).OrderSections }));

/**
 * The cards of an order in a given state (a negotiation to decide, an appraiser to choose, a
 * lender's request to answer) and the timeline: each a chunk of its own, so that the first page
 * carries none of them. The timeline's code comes after the top is drawn (its first page is asked
 * for by the route), the cards when the order needs them.
 */
const AssignmentCard = lazy(async () => ({
  default: (await import('../features/order/AssignmentCard.tsx')).AssignmentCard,
}));
const DecisionCard = lazy(async () => ({
  default: (await import('../features/order/DecisionCard.tsx')).DecisionCard,
}));
const SubmissionFeeCard = lazy(async () => ({
  default: (await import('../features/order/SubmissionFeeCard.tsx')).SubmissionFeeCard,
}));
const RequestReviewCard = lazy(async () => ({
  default: (await import('../features/order/RequestReviewCard.tsx')).RequestReviewCard,
}));
const BorrowerCopyCard = lazy(async () => ({
  default: (await import('../features/order/BorrowerCopyCard.tsx')).BorrowerCopyCard,
}));
const loadTimeline = () => import('../features/timeline/OrderTimeline.tsx');
const OrderTimeline = lazy(async () => ({ default: (await loadTimeline()).OrderTimeline }));

/** One order: what it is, where it stands, what the user may do next, and what happened so far. */
export function OrderPage() {
  const { orderId } = useParams({ from: '/orders/$orderId' });
  const order = useSuspenseQuery(orderQuery(orderId)).data;
  const history = useSuspenseQuery(orderHistoryQuery(orderId)).data;
  usePageTitle(`${order.file_number} · ${order.status.name}`);
  const [action, setAction] = useState<string | null>(null);
  const { assigning, deciding, payingFee, nextSteps } = orderCards(order);
  const session = useSuspenseQuery(sessionQuery).data;
  // The borrower's copy of a delivered report: the lender's to give, the company's to see.
  const delivered =
    (order.status.name === 'Completed' || order.status.name === 'Fulfilled') &&
    (session?.user.role === 'client' || session?.user.role === 'staff');
  const returnedBecause = history.findLast((entry) => entry.to === order.status.name)?.reason ?? null;
  // The timeline and the cards below it are drawn just after the top (lib/after-first-paint.ts).
  const later = useAfterFirstPaint();
  // Then the files, notes, parties and payments, once the timeline is drawn: two smaller
  // commits rather than one of the whole lower half.
  const last = useAfterFirstPaint(later);
  return (
    <Stack maw={1100} mx="auto" gap="md">
      <Group justify="space-between" align="start" wrap="wrap">
        <div>
          <Text c="dimmed" size="sm">
            Order
          </Text>
          <Title order={1} size="h2">
            {order.file_number}
          </Title>
          <Text>{order.full_address}</Text>
        </div>
        <StatusBadge status={order.status} size="lg" />
      </Group>
      <NextSteps order={order} actions={nextSteps} onAction={setAction} />
      <Suspense fallback={<Skeleton height={160} />}>
        {payingFee && <SubmissionFeeCard order={order} history={history} />}
        {order.client_request && <RequestReviewCard order={order} />}
        {deciding && <DecisionCard order={order} onRefuse={setAction} />}
        {assigning && <AssignmentCard order={order} returnedBecause={returnedBecause} />}
        {delivered && <BorrowerCopyCard orderId={order.id} />}
      </Suspense>
      <ReviewCard order={order} onAction={setAction} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <OrderDetails order={order} />
        {/* The one account of what happened: the status changes (who, for whom, why) among the
            notes, files, emails and payments. The history is still read for why an order came back. */}
        <Suspense fallback={<Skeleton height={200} />}>
          {later ? <OrderTimeline orderId={order.id} /> : <Skeleton height={200} />}
        </Suspense>
      </SimpleGrid>
      <Suspense fallback={<Skeleton height={240} />}>
        {last ? <OrderSections order={order} /> : <Skeleton height={240} />}
      </Suspense>
      {action && (
        <LazyActionDialog
          order={order}
          action={action}
          title={renamedAction(action, order)}
          onClose={() => setAction(null)}
        />
      )}
    </Stack>
  );
}

/**
 * The page drawn while the order loads, replaced whole when it arrives (not filled in: nothing
 * on the screen moves, where a wrapped address or a second row of buttons would).
 */
export function OrderPlaceholder() {
  return (
    <Stack maw={1100} mx="auto" gap="md" aria-busy="true" aria-label="Loading the order">
      <Group justify="space-between" align="start" wrap="wrap">
        <Stack gap={6}>
          <Text c="dimmed" size="sm">
            Order
          </Text>
          <Skeleton height={28} width={180} />
          <Skeleton height={16} width={260} />
        </Stack>
        <Skeleton height={26} width={140} />
      </Group>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          Next steps
        </Title>
        <Skeleton height={36} width={160} />
      </Card>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Skeleton height={200} />
        <Skeleton height={200} />
      </SimpleGrid>
    </Stack>
  );
}
