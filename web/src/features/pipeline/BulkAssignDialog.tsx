import { Modal, Select, Stack, TextInput } from '@mantine/core';
import { DialogButtons } from '../../components/DialogButtons.tsx';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { BulkInputs } from '../../queries/actions.ts';
import { panelQuery } from '../../queries/pipeline.ts';

/** One appraiser of the panel, and their fee for each order, for the chosen orders. */
export function BulkAssignDialog(props: {
  count: string;
  pending: boolean;
  onClose: () => void;
  onSubmit: (inputs: BulkInputs) => void;
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
          <DialogButtons keep="Close" confirm="Offer" onKeep={props.onClose} pending={props.pending} />
        </Stack>
      </form>
    </Modal>
  );
}
