import { Button, Card, Group, Text, Title } from '@mantine/core';
import type { Order } from '../../../../sdk/src/client.ts';
import { actionName } from '../actions/action-name.ts';
import { isDestructive } from '../actions/destructive.ts';
import { fetchesActionDialog } from '../actions/LazyActionDialog.tsx';
import {
  ASSIGNMENT_ACTIONS,
  DECISION_ACTIONS,
  FEE_ACTIONS,
  REQUEST_ACTIONS,
  REVIEW_ACTIONS,
} from './card-actions.ts';

/**
 * Where an order's actions are taken: assignment, decisions and review have cards of their
 * own (their actions are taken there, with the figures they need beside them); Next steps
 * lists the rest.
 */
export function orderCards(order: Order) {
  const assigning = order.allowed_transitions.some((a) => ASSIGNMENT_ACTIONS.includes(a));
  const deciding = Boolean(order.assignment_condition || order.negotiation);
  const payingFee = order.allowed_transitions.some((a) => FEE_ACTIONS.includes(a));
  const inCards = [
    ...FEE_ACTIONS,
    ...(assigning ? ASSIGNMENT_ACTIONS : []),
    ...(deciding ? DECISION_ACTIONS : []),
    ...(order.client_request ? REQUEST_ACTIONS : []),
    ...REVIEW_ACTIONS,
  ];
  const nextSteps = order.allowed_transitions.filter((name) => !inCards.includes(name));
  return { assigning, deciding, payingFee, nextSteps };
}

/** One button per action the API lists for this person that no card of the page takes. */
export function NextSteps({
  order,
  actions,
  onAction,
}: {
  order: Order;
  actions: readonly string[];
  onAction: (action: string) => void;
}) {
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Next steps
      </Title>
      {order.allowed_transitions.length === 0 && (
        <Text c="dimmed">Nothing for you to do on this order now.</Text>
      )}
      {order.allowed_transitions.length > 0 && actions.length === 0 && (
        <Text c="dimmed">Your next step is below.</Text>
      )}
      <Group gap="xs">
        {actions.map((name) => (
          <Button
            key={name}
            variant={isDestructive(name) ? 'outline' : 'filled'}
            color={isDestructive(name) ? 'red' : undefined}
            onClick={() => onAction(name)}
            {...fetchesActionDialog}
          >
            {actionName(name, order)}
          </Button>
        ))}
      </Group>
    </Card>
  );
}
