import { Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { OrderListItem } from '../../../../sdk/src/client.ts';
import { failureText } from '../../queries/failure.ts';
import { api, unwrap } from '../../queries/sdk.ts';
import { panelQuery } from '../../queries/pipeline.ts';

type BulkAction = 'assign' | 'hold' | 'resume';
type Inputs = { reason?: string; appraiser_id?: string; fee?: string; due_date?: string };

/**
 * Hold, resume or assign the chosen orders, one call per order (the API acts on one order at
 * a time, and each may refuse on its own: an order that moved meanwhile answers 409). The
 * toast says how many went through and names those that did not, with the service's reason.
 */
export function BulkActions({ selected, onDone }: { selected: OrderListItem[]; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<BulkAction | null>(null);
  const run = useMutation({
    mutationFn: async ({ action, inputs }: { action: BulkAction; inputs: Inputs }) => {
      const failures: string[] = [];
      for (const order of selected) {
        try {
          await takeOn(order.id, action, inputs);
        } catch (error) {
          failures.push(`${order.file_number}: ${failureText(error)}`);
        }
      }
      return { action, done: selected.length - failures.length, failures };
    },
    onSuccess: async ({ action, done, failures }) => {
      const verb = { assign: 'offered', hold: 'put on hold', resume: 'resumed' }[action];
      notifications.show({
        color: failures.length ? 'orange' : 'teal',
        title: `${done} order${done === 1 ? '' : 's'} ${verb}`,
        message: failures.length ? `Not done: ${failures.join('; ')}` : 'The queues are up to date.',
        autoClose: failures.length ? false : 4000,
      });
      setAsking(null);
      onDone();
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
      await queryClient.invalidateQueries({ queryKey: ['appraisers'] });
    },
  });
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
        onClick={() => run.mutate({ action: 'resume', inputs: {} })}
      >
        Resume
      </Button>
      {asking === 'hold' && (
        <HoldDialog
          count={count}
          pending={run.isPending}
          onClose={() => setAsking(null)}
          onSubmit={(reason) => run.mutate({ action: 'hold', inputs: { reason } })}
        />
      )}
      {asking === 'assign' && (
        <AssignDialog
          count={count}
          pending={run.isPending}
          onClose={() => setAsking(null)}
          onSubmit={(inputs) => run.mutate({ action: 'assign', inputs })}
        />
      )}
    </Group>
  );
}

async function takeOn(orderId: string, action: BulkAction, inputs: Inputs): Promise<void> {
  const params = { path: { order_id: orderId } };
  if (action === 'resume') unwrap(await api.PUT('/api/v1/orders/{order_id}/resume', { params }));
  else if (action === 'hold')
    unwrap(await api.PUT('/api/v1/orders/{order_id}/hold', { params, body: { reason: inputs.reason } }));
  else
    unwrap(
      await api.PUT('/api/v1/orders/{order_id}/assign', {
        params,
        body: {
          appraiser_id: inputs.appraiser_id ?? '',
          ...(inputs.fee ? { fee: inputs.fee } : {}),
          ...(inputs.due_date ? { due_date: inputs.due_date } : {}),
        },
      }),
    );
}

function HoldDialog(props: {
  count: string;
  pending: boolean;
  onClose: () => void;
  onSubmit: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <Modal opened onClose={props.onClose} title={`Put ${props.count} on hold`} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          props.onSubmit(reason.trim());
        }}
      >
        <Stack>
          <Textarea
            label="Reason"
            description="Recorded in each order's history"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={5000}
            data-autofocus
          />
          <Group justify="end">
            <Button variant="default" onClick={props.onClose}>
              Close
            </Button>
            <Button type="submit" loading={props.pending}>
              Put on hold
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function AssignDialog(props: {
  count: string;
  pending: boolean;
  onClose: () => void;
  onSubmit: (inputs: Inputs) => void;
}) {
  const panel = useQuery(panelQuery);
  const [appraiserId, setAppraiserId] = useState<string | null>(null);
  const [fee, setFee] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <Modal opened onClose={props.onClose} title={`Assign ${props.count}`} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!appraiserId) return setMissing(true);
          props.onSubmit({ appraiser_id: appraiserId, fee: fee.trim() });
        }}
      >
        <Stack>
          <Select
            label="Appraiser"
            withAsterisk
            data={(panel.data ?? []).map((a) => ({
              value: a.id,
              label: `${a.name} · ${a.open_orders} open`,
            }))}
            value={appraiserId}
            onChange={(value) => {
              setAppraiserId(value);
              setMissing(false);
            }}
            searchable
            placeholder={panel.isPending ? 'Loading the panel…' : 'Choose an appraiser'}
            nothingFoundMessage="No appraiser by that name"
            error={missing ? 'Choose the appraiser to offer the orders to' : undefined}
          />
          <TextInput
            label="Fee"
            description="The appraiser's fee for each order; empty: no fee named in the offer"
            leftSection="$"
            inputMode="decimal"
            placeholder="450.00"
            value={fee}
            onChange={(event) => setFee(event.currentTarget.value)}
          />
          <Group justify="end">
            <Button variant="default" onClick={props.onClose}>
              Close
            </Button>
            <Button type="submit" loading={props.pending}>
              Offer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
