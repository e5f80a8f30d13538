import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { OrderListItem } from '../../../../sdk/src/client.ts';
import { bulkActionMutation, type BulkAction, type BulkInputs } from '../../queries/actions.ts';
import { BulkAssignDialog } from './BulkAssignDialog.tsx';
import { HoldDialog } from './HoldDialog.tsx';

/**
 * Hold, resume or assign the chosen orders, one call per order (the API acts on one order at
 * a time, and each may refuse on its own: an order that moved meanwhile answers 409). The
 * toast says how many went through and names those that did not, with the service's reason.
 */
export function BulkActions({ selected, onDone }: { selected: OrderListItem[]; onDone: () => void }) {
  const [asking, setAsking] = useState<BulkAction | null>(null);
  const run = useMutation(
    bulkActionMutation(({ action, done, failures }) => {
      const verb = { assign: 'offered', hold: 'put on hold', resume: 'resumed' }[action];
      notifications.show({
        color: failures.length ? 'orange' : 'teal',
        title: `${done} order${done === 1 ? '' : 's'} ${verb}`,
        message: failures.length ? `Not done: ${failures.join('; ')}` : 'The queues are up to date.',
        autoClose: failures.length ? false : 4000,
      });
      setAsking(null);
      onDone();
    }),
  );
  const act = (action: BulkAction, inputs: BulkInputs) => run.mutate({ orders: selected, action, inputs });
  const count = `${selected.length} order${selected.length === 1 ? '' : 's'}`;
  return (
    <Group gap="xs" role="group" aria-label="Act on the chosen orders">
      <Text size="sm" fw={500} aria-live="polite">
        {count} chosen
      </Text>
      <Button size="xs" onClick={() => setAsking('assign')}>
        Assign…
      </Button>
      <Button size="xs" variant="default" onClick={() => setAsking('hold')}>
        Hold…
      </Button>
      <Button
        size="xs"
        variant="default"
        loading={run.isPending && run.variables.action === 'resume'}
        onClick={() => act('resume', {})}
      >
        Resume
      </Button>
      {asking === 'hold' && (
        <HoldDialog
          count={count}
          pending={run.isPending}
          onClose={() => setAsking(null)}
          onSubmit={(reason) => act('hold', { reason })}
        />
      )}
      {asking === 'assign' && (
        <BulkAssignDialog
          count={count}
          pending={run.isPending}
          onClose={() => setAsking(null)}
          onSubmit={(inputs) => act('assign', inputs)}
        />
      )}
    </Group>
  );
}
