import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Order } from '../../../../sdk/src/client.ts';
import { actionMutation, nowText } from '../../queries/actions.ts';
import { ApiFailure, failureText } from '../../queries/failure.ts';
import { sessionQuery } from '../../queries/session.ts';
import { dateTime } from '../../lib/format.ts';
import { termsOf } from './decision-terms.ts';
import { LenderTerms, type LenderAsk } from './LenderTerms.tsx';
import { TermsTable } from './TermsTable.tsx';

/**
 * An appraiser's condition of acceptance, or a negotiation of the lender's fee and due date:
 * the current and the proposed terms side by side, with the comments, and approve or refuse in
 * one step (refusing asks first). Only the decisions the API lists for this person are offered.
 */
export function DecisionCard({ order, onRefuse }: { order: Order; onRefuse: (action: string) => void }) {
  const { data: session } = useQuery(sessionQuery);
  const condition = order.assignment_condition;
  const terms = termsOf(order);
  const approve = useMutation({
    ...actionMutation(order.id, (result) =>
      notifications.show({ color: 'teal', title: 'Approved', message: nowText(result) }),
    ),
    onError: (error) => {
      // A field the service refused is shown by its field (the lender's terms), not in a toast.
      if (error instanceof ApiFailure && error.body?.error.details.length) return;
      notifications.show({ color: 'red', title: 'Not approved', message: failureText(error) });
    },
  });
  const approveWith = (action: string, ask: LenderAsk | null) =>
    approve.mutate({ action, ...(ask ? { body: { ...ask } } : {}) });
  if (!terms) return null;
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
        <TermsTable terms={terms} />
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
            onApprove={(ask) => approveWith(terms.approve, ask)}
            onRefuse={mayRefuse ? () => onRefuse(terms.refuse) : null}
          />
        )}
        {!condition && (mayApprove || mayRefuse) && (
          <Group gap="xs">
            {mayApprove && (
              <Button onClick={() => approveWith(terms.approve, null)} loading={approve.isPending}>
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
