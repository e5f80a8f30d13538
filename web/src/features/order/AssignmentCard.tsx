import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ActionName, Order, Schema } from '../../../../sdk/src/client.ts';
import { ApiFailure, failureText } from '../../queries/failure.ts';
import { api, unwrap } from '../../queries/sdk.ts';
import { candidatesQuery } from '../../queries/pipeline.ts';

type Candidate = Schema<'AppraiserCandidate'>;

/** The actions this card takes: choosing who does the work. */
export const ASSIGNMENT_ACTIONS: ActionName[] = ['assign', 'auto_assign', 'start_bidding'];

/** Statuses an order comes back to for a new appraiser, with what brought it there. */
const RETURNED: Record<string, string> = {
  'Assignment rejected': 'The appraiser turned the offer down',
  'Assignment timed out': 'The offer was not answered in time',
  'Refused negotiation': 'The lender refused the new terms',
};

/**
 * Who takes the order: the panel with each appraiser's open orders, next due dates and the fee
 * they last accepted for the product, an offer to one of them, or auto-assignment, or bids.
 * After a rejection, a timeout or a refused negotiation it says so and offers the same choice.
 */
export function AssignmentCard({ order, returnedBecause }: { order: Order; returnedBecause: string | null }) {
  const queryClient = useQueryClient();
  const candidates = useQuery(candidatesQuery(order.id));
  const [offering, setOffering] = useState<Candidate | null>(null);
  const allowed = (action: ActionName) => order.allowed_transitions.includes(action);
  const take = useMutation({
    mutationFn: async (action: 'auto_assign' | 'start_bidding') =>
      unwrap(
        await api.PUT(`/api/v1/orders/{order_id}/${action}`, { params: { path: { order_id: order.id } } }),
      ),
    onSuccess: async (result, action) => {
      notifications.show({
        color: 'teal',
        title: action === 'auto_assign' ? 'Auto-assign started' : 'Open for bids',
        message: `The order is now ${result.status.name}.`,
      });
      await queryClient.invalidateQueries({ queryKey: ['order', order.id] });
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
    onError: (error) => notifications.show({ color: 'red', title: 'Not done', message: failureText(error) }),
  });
  const returned = RETURNED[order.status.name];

  return (
    <Card withBorder component="section" aria-label={returned ? 'Reassign' : 'Assign'}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4">
          {returned ? 'Reassign' : 'Assign'}
        </Title>
        <Group gap="xs">
          {allowed('auto_assign') && (
            <Button
              variant="default"
              onClick={() => take.mutate('auto_assign')}
              loading={take.isPending && take.variables === 'auto_assign'}
            >
              Auto-assign
            </Button>
          )}
          {allowed('start_bidding') && (
            <Button
              variant="default"
              onClick={() => take.mutate('start_bidding')}
              loading={take.isPending && take.variables === 'start_bidding'}
            >
              Open for bids
            </Button>
          )}
        </Group>
      </Group>
      {returned && (
        <Alert color="orange" mb="sm" title={returned}>
          {returnedBecause ?? 'Choose another appraiser, or let the service choose.'}
        </Alert>
      )}
      {order.status.name === 'Bidding' && (
        <Text size="sm" mb="sm">
          Open for bids: offer it to the appraiser whose terms suit, or auto-assign it.
        </Text>
      )}
      {candidates.isPending && <Skeleton height={90} />}
      {candidates.isError && (
        <Text c="red" size="sm" role="alert">
          {failureText(candidates.error)}
        </Text>
      )}
      {candidates.data && candidates.data.length === 0 && (
        <Text size="sm" c="dimmed">
          The company has no appraiser on its panel yet.
        </Text>
      )}
      {candidates.data && candidates.data.length > 0 && (
        <Table.ScrollContainer minWidth={560} visibleFrom="sm">
          <Table verticalSpacing="xs" aria-label="The appraiser panel">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Appraiser</Table.Th>
                <Table.Th scope="col">Open orders</Table.Th>
                <Table.Th scope="col">Next due</Table.Th>
                <Table.Th scope="col">Last fee for this product</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Offer</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {candidates.data.map((candidate) => (
                <Table.Tr key={candidate.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {candidate.name}
                    </Text>
                    {candidate.turned_down_this_order && (
                      <Badge color="orange" variant="dot" size="xs" tt="none">
                        Turned this order down
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{candidate.open_orders}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{candidate.next_due_dates.join(', ') || '—'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {candidate.last_accepted_fee
                        ? `$${candidate.last_accepted_fee} (${candidate.last_accepted_on ?? ''})`
                        : '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {allowed('assign') && (
                      <Button
                        size="xs"
                        onClick={() => setOffering(candidate)}
                        aria-label={`Offer to ${candidate.name}`}
                      >
                        Offer
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {/* On a phone, one card per appraiser: the Offer button stays in view. */}
      <Stack gap="xs" hiddenFrom="sm">
        {candidates.data?.map((candidate) => (
          <Card key={candidate.id} withBorder padding="sm">
            <Group justify="space-between" wrap="nowrap" align="start">
              <div>
                <Text size="sm" fw={500}>
                  {candidate.name}
                </Text>
                {candidate.turned_down_this_order && (
                  <Badge color="orange" variant="dot" size="xs" tt="none">
                    Turned this order down
                  </Badge>
                )}
              </div>
              {allowed('assign') && (
                <Button
                  size="xs"
                  onClick={() => setOffering(candidate)}
                  aria-label={`Offer to ${candidate.name}`}
                >
                  Offer
                </Button>
              )}
            </Group>
            <Text size="xs">
              {candidate.open_orders} open · next due {candidate.next_due_dates[0] ?? '—'} · last fee{' '}
              {candidate.last_accepted_fee ? `$${candidate.last_accepted_fee}` : '—'}
            </Text>
          </Card>
        ))}
      </Stack>
      {offering && <OfferDialog order={order} candidate={offering} onClose={() => setOffering(null)} />}
    </Card>
  );
}

/** The offer: the fee (the one they last accepted, to start with) and the due date. */
function OfferDialog({
  order,
  candidate,
  onClose,
}: {
  order: Order;
  candidate: Candidate;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [fee, setFee] = useState(candidate.last_accepted_fee ?? '');
  const [dueDate, setDueDate] = useState('');
  const offer = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.PUT('/api/v1/orders/{order_id}/assign', {
          params: { path: { order_id: order.id } },
          body: {
            appraiser_id: candidate.id,
            ...(fee.trim() ? { fee: fee.trim() } : {}),
            ...(dueDate ? { due_date: dueDate } : {}),
          },
        }),
      ),
    onSuccess: async (result) => {
      notifications.show({
        color: 'teal',
        title: `Offered to ${candidate.name}`,
        message: `The order is now ${result.status.name}.`,
      });
      await queryClient.invalidateQueries({ queryKey: ['order', order.id] });
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
      onClose();
    },
  });
  const errors = offer.error instanceof ApiFailure ? offer.error.fieldErrors : {};
  return (
    <Modal opened onClose={onClose} title={`Offer to ${candidate.name}`} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          offer.mutate();
        }}
      >
        <Stack>
          <Text size="sm">
            {candidate.open_orders} open order{candidate.open_orders === 1 ? '' : 's'}
            {candidate.next_due_dates[0] ? `, next due ${candidate.next_due_dates[0]}` : ''}.
          </Text>
          {offer.isError && !errors.fee && !errors.due_date && (
            <Alert color="red" role="alert">
              {failureText(offer.error)}
            </Alert>
          )}
          <TextInput
            label="Fee"
            description={
              candidate.last_accepted_fee
                ? 'The fee they last accepted for this product'
                : "The appraiser's fee"
            }
            leftSection="$"
            inputMode="decimal"
            placeholder="450.00"
            value={fee}
            onChange={(event) => setFee(event.currentTarget.value)}
            error={errors.fee ? `Fee ${errors.fee}` : undefined}
            data-autofocus
          />
          <TextInput
            label="Due date"
            description={`Empty: the order's due date (${order.due_date ?? 'none'})`}
            type="date"
            value={dueDate}
            onChange={(event) => setDueDate(event.currentTarget.value)}
            error={errors.due_date ? `Due date ${errors.due_date}` : undefined}
          />
          <Group justify="end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={offer.isPending}>
              Send the offer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
