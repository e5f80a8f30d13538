import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActionName, Order } from '../../../../sdk/src/client.ts';
import { ApiFailure, failureText } from '../../queries/failure.ts';
import { api, unwrap } from '../../queries/sdk.ts';
import { sessionQuery } from '../../queries/session.ts';
import { dateTime } from '../../lib/format.ts';
import { LenderTerms, type LenderAsk } from './LenderTerms.tsx';

interface Terms {
  title: string;
  feeLabel: string;
  currentFee: string | null;
  proposedFee: string | null;
  currentDue: string | null;
  proposedDue: string | null;
  comments: string | null;
  proposedBy: string | null;
  proposedAt: string | null;
  approve: ActionName;
  refuse: ActionName;
}

/** The actions this card takes: deciding on proposed terms. */
export const DECISION_ACTIONS: ActionName[] = [
  'approve_assignment_condition',
  'reject_assignment_condition',
  'approve_negotiation',
  'refuse_negotiation',
];

/**
 * An appraiser's condition of acceptance, or a negotiation of the lender's fee and due date:
 * the current and the proposed terms side by side, with the comments, and approve or refuse in
 * one step (refusing asks first). Only the decisions the API lists for this person are offered.
 */
export function DecisionCard({ order, onRefuse }: { order: Order; onRefuse: (action: string) => void }) {
  const queryClient = useQueryClient();
  const { data: session } = useQuery(sessionQuery);
  const condition = order.assignment_condition;
  const negotiation = order.negotiation;
  const terms: Terms | null = condition
    ? {
        title: "The appraiser's condition",
        feeLabel: "Appraiser's fee",
        currentFee: condition.current_appraiser_fee,
        proposedFee: condition.appraiser_fee,
        currentDue: condition.current_due_date,
        proposedDue: condition.due_date,
        comments: condition.comments,
        proposedBy: condition.proposed_by?.name ?? null,
        proposedAt: condition.proposed_at,
        approve: 'approve_assignment_condition',
        refuse: 'reject_assignment_condition',
      }
    : negotiation
      ? {
          title: 'New terms proposed',
          feeLabel: 'Fee',
          currentFee: negotiation.current_total_fee,
          proposedFee: negotiation.total_fee,
          currentDue: negotiation.current_due_date,
          proposedDue: negotiation.due_date,
          comments: negotiation.comments,
          proposedBy: negotiation.proposed_by?.name ?? null,
          proposedAt: negotiation.proposed_at,
          approve: 'approve_negotiation',
          refuse: 'refuse_negotiation',
        }
      : null;
  const approve = useMutation({
    mutationFn: async ({ action, ask }: { action: string; ask: LenderAsk | null }) =>
      unwrap(
        ask
          ? await api.PUT('/api/v1/orders/{order_id}/approve_assignment_condition', {
              params: { path: { order_id: order.id } },
              body: ask,
            })
          : await api.PUT(`/api/v1/orders/{order_id}/${action as 'approve_negotiation'}`, {
              params: { path: { order_id: order.id } },
            }),
      ),
    onSuccess: async (result) => {
      notifications.show({
        color: 'teal',
        title: 'Approved',
        message: `The order is now ${result.status.name}.`,
      });
      await queryClient.invalidateQueries({ queryKey: ['order', order.id] });
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
    onError: (error) => {
      // A field the service refused is shown by its field (the lender's terms), not in a toast.
      if (error instanceof ApiFailure && error.body?.error.details.length) return;
      notifications.show({ color: 'red', title: 'Not approved', message: failureText(error) });
    },
  });
  if (!terms) return null;
  const money = (value: string | null) => (value ? `$${value}` : '—');
  const changed = (current: string | null, proposed: string | null) =>
    proposed !== null && proposed !== current;
  const mayApprove = order.allowed_transitions.includes(terms.approve);
  const mayRefuse = order.allowed_transitions.includes(terms.refuse);

  return (
    <Card
      withBorder
      component="section"
      aria-label={terms.title}
      style={{ borderColor: 'var(--mantine-color-indigo-8)' }}
    >
      <Title order={2} size="h4" mb="xs">
        {terms.title}
      </Title>
      <Stack gap="xs">
        <Table withColumnBorders verticalSpacing="xs" aria-label="Current and proposed terms">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Term</Table.Th>
              <Table.Th scope="col">Current</Table.Th>
              <Table.Th scope="col">Proposed</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">{terms.feeLabel}</Table.Th>
              <Table.Td>{money(terms.currentFee)}</Table.Td>
              <Table.Td fw={changed(terms.currentFee, terms.proposedFee) ? 700 : undefined}>
                {terms.proposedFee ? money(terms.proposedFee) : 'Unchanged'}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Due date</Table.Th>
              <Table.Td>{terms.currentDue ?? '—'}</Table.Td>
              <Table.Td fw={changed(terms.currentDue, terms.proposedDue) ? 700 : undefined}>
                {terms.proposedDue ?? 'Unchanged'}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="sm">
          <Text span fw={500}>
            {condition ? "The appraiser's comments: " : 'Comments: '}
          </Text>
          {terms.comments ?? 'None'}
        </Text>
        {condition && (
          <Text size="xs" c="dimmed">
            The appraiser's terms and comments stay between the appraiser and the company: the lender sees
            only what you ask of it.
          </Text>
        )}
        {terms.proposedBy && (
          <Text size="xs" c="dimmed">
            Proposed by {terms.proposedBy}
            {terms.proposedAt ? `, ${dateTime(terms.proposedAt)}` : ''}
          </Text>
        )}
        {condition && mayApprove && (
          <LenderTerms
            order={order}
            condition={condition}
            pending={approve.isPending}
            errors={approve.error instanceof ApiFailure ? approve.error.fieldErrors : {}}
            onApprove={(ask) => approve.mutate({ action: terms.approve, ask })}
            onRefuse={mayRefuse ? () => onRefuse(terms.refuse) : null}
          />
        )}
        {!condition && (mayApprove || mayRefuse) && (
          <Group gap="xs">
            {mayApprove && (
              <Button
                onClick={() => approve.mutate({ action: terms.approve, ask: null })}
                loading={approve.isPending}
              >
                Approve
              </Button>
            )}
            {mayRefuse && (
              <Button variant="outline" color="red" onClick={() => onRefuse(terms.refuse)}>
                Refuse
              </Button>
            )}
          </Group>
        )}
        {!mayApprove && !mayRefuse && (
          <Text size="sm" c="dimmed">
            {condition
              ? 'The company decides on this condition.'
              : session?.actor
                ? `Only ${session.user.name}'s own organization decides on new terms: acting for them, you may not.`
                : 'Waiting for the lender to decide.'}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
