import {
  Alert,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { isDestructive } from '../actions/destructive.ts';
import { fetchesActionDialog, LazyActionDialog } from '../actions/LazyActionDialog.tsx';
import { ApiFailure, orderHistoryQuery, orderQuery } from '../api.ts';
import { ASSIGNMENT_ACTIONS, AssignmentCard } from '../order/AssignmentCard.tsx';
import { DECISION_ACTIONS, DecisionCard } from '../order/DecisionCard.tsx';
import { REVIEW_ACTIONS, ReviewCard } from '../order/ReviewCard.tsx';
import { REQUEST_ACTIONS, RequestReviewCard } from '../order/RequestReviewCard.tsx';
import { timeLeft } from '../pipeline/deadlines.ts';
import { usePageTitle } from '../components/PageTitle.tsx';
import { StatusBadge } from '../components/StatusBadge.tsx';
import { dateTime, humanize, orDash } from '../format.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

/** An action's dialog opens on a click: its code (forms, pickers, uploads) loads then, not with the page. */
/**
 * Files, notes, parties and payments (uploads, recipients, dialogs) load beside the order's own
 * request, as one chunk: the order list and the top of an order do without their code.
 */
const loadOrderSections = () => import('../order/OrderSections.tsx');
const OrderSections = lazy(async () => ({ default: (await loadOrderSections()).OrderSections }));

/** One order: what it is, where it stands, what the user may do next, and what happened so far. */
export function OrderPage() {
  const { orderId } = useParams({ from: '/orders/$orderId' });
  // Asked for with the order, not after it: on a slow connection the two requests overlap.
  void loadOrderSections();
  const order = useQuery(orderQuery(orderId));
  const history = useQuery(orderHistoryQuery(orderId));
  usePageTitle(order.data ? `${order.data.file_number} · ${order.data.status.name}` : 'Order');
  const [action, setAction] = useState<string | null>(null);

  if (order.error instanceof ApiFailure && order.error.status === 404) return <NotFoundPage what="order" />;
  if (order.isError)
    return (
      <Alert color="red" role="alert" title="The order could not be loaded" maw={1100} mx="auto">
        {order.error.message}
      </Alert>
    );
  const data = order.data;
  // Assignment, decisions and review have cards of their own: their actions are taken there,
  // with the figures they need beside them, and Next steps lists the rest.
  const assigning = data?.allowed_transitions.some((a) => ASSIGNMENT_ACTIONS.includes(a)) ?? false;
  const deciding = Boolean(data?.assignment_condition || data?.negotiation);
  const inCards = [
    ...(assigning ? ASSIGNMENT_ACTIONS : []),
    ...(deciding ? DECISION_ACTIONS : []),
    ...(data?.client_request ? REQUEST_ACTIONS : []),
    ...REVIEW_ACTIONS,
  ];
  const nextSteps = data?.allowed_transitions.filter((name) => !inCards.includes(name)) ?? [];
  const returnedBecause = history.data?.findLast((entry) => entry.to === data?.status.name)?.reason ?? null;
  return (
    // The page drawn while the order loads is replaced whole when it arrives, not filled in:
    // nothing that was on the screen moves (a wrapped address or a second row of buttons would).
    <Stack maw={1100} mx="auto" gap="md" key={data ? 'order' : 'loading'}>
      <Group justify="space-between" align="start" wrap="wrap">
        <div>
          <Text c="dimmed" size="sm">
            Order
          </Text>
          {data ? (
            <>
              <Title order={1} size="h2">
                {data.file_number}
              </Title>
              <Text>{data.full_address}</Text>
            </>
          ) : (
            <Stack gap={6} aria-busy="true" aria-label="Loading the order">
              <Skeleton height={28} width={180} />
              <Skeleton height={16} width={260} />
            </Stack>
          )}
        </div>
        {/* The badge's place is kept while the order loads: on a phone it wraps below the
            address, and arriving later it would push the page down. */}
        {data ? <StatusBadge status={data.status.name} size="lg" /> : <Skeleton height={26} width={140} />}
      </Group>

      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          Next steps
        </Title>
        {data && data.allowed_transitions.length === 0 && (
          <Text c="dimmed">Nothing for you to do on this order now.</Text>
        )}
        {data && data.allowed_transitions.length > 0 && nextSteps.length === 0 && (
          <Text c="dimmed">Your next step is below.</Text>
        )}
        <Group gap="xs">
          {!data && <Skeleton height={36} width={160} />}
          {nextSteps.map((name) => (
            <Button
              key={name}
              variant={isDestructive(name) ? 'outline' : 'filled'}
              color={isDestructive(name) ? 'red' : undefined}
              onClick={() => setAction(name)}
              {...fetchesActionDialog}
            >
              {humanize(name)}
            </Button>
          ))}
        </Group>
      </Card>

      {data?.client_request && <RequestReviewCard order={data} />}
      {data && deciding && <DecisionCard order={data} onRefuse={setAction} />}
      {data && assigning && <AssignmentCard order={data} returnedBecause={returnedBecause} />}
      {data && <ReviewCard order={data} onAction={setAction} />}

      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Details
          </Title>
          {data ? (
            <Stack gap={6}>
              <Field label="Due" value={orDash(data.due_date)} />
              {data.inspection_scheduled_at && (
                <Field label="Inspection" value={dateTime(data.inspection_scheduled_at)} />
              )}
              <Field
                label="Borrower"
                value={[data.borrower.first_name, data.borrower.last_name].filter(Boolean).join(' ') || '—'}
              />
              <Field label="Client" value={data.client.name} />
              <Field label="Appraiser" value={data.appraiser?.name ?? 'Not assigned'} />
              {data.offer_expires_at && (
                <Field
                  label="Offer"
                  value={`${timeLeft(data.offer_expires_at)} (times out ${dateTime(data.offer_expires_at)})`}
                />
              )}
              <Field
                label="Loan"
                value={`${humanize(data.loan_type)}, ${data.transaction_type.replace(/_/g, ' ')}${data.loan_number ? ` · ${data.loan_number}` : ''}`}
              />
              {data.total_fee !== null && <Field label="Fee" value={`$${data.total_fee}`} />}
              {data.appraiser_fee !== null && (
                <Field label="Appraiser fee" value={`$${data.appraiser_fee}`} />
              )}
              <Field label="Products" value={data.products.map((p) => p.name).join(', ') || '—'} />
            </Stack>
          ) : (
            <Skeleton height={160} />
          )}
        </Card>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            History
          </Title>
          {history.data ? (
            <Timeline bulletSize={14} lineWidth={2} active={history.data.length}>
              {history.data.map((entry) => (
                <Timeline.Item key={entry.id} title={`${humanize(entry.action)} → ${entry.to}`}>
                  <Text size="xs" c="dimmed">
                    {dateTime(entry.created_at)}
                    {entry.by ? ` · ${entry.by.name}` : ''}
                    {entry.acting_for ? ` for ${entry.acting_for.name}` : ''}
                  </Text>
                  {entry.reason && <Text size="sm">{entry.reason}</Text>}
                </Timeline.Item>
              ))}
            </Timeline>
          ) : (
            <Skeleton height={160} />
          )}
        </Card>
      </SimpleGrid>
      {/* Below the history, once it is there: arriving taller than its placeholder, it would
          push these down. */}
      {data && !history.isPending && (
        <Suspense fallback={<Skeleton height={240} />}>
          <OrderSections order={data} />
        </Suspense>
      )}
      {action && data && <LazyActionDialog order={data} action={action} onClose={() => setAction(null)} />}
    </Stack>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="start">
      <Text size="sm" c="dimmed" w={110} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Group>
  );
}
