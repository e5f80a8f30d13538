import { StateBadge } from './StateBadge.tsx';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { FormFailure } from '../../components/FormFailure.tsx';
import { usDay } from '../../lib/format.ts';
import { money } from '../../lib/money.ts';
import { failureText } from '../../queries/failure.ts';
import { batchesQuery, createBatchMutation, type PayoutBatchSummary } from '../../queries/payables.ts';
import { BATCH_WORDS } from './money-words.ts';

/**
 * The company's payout batches, newest first, and a new one gathering what is due by a day. A
 * batch's number opens it (its lines, approval, ACH file and payment).
 */
export function PayoutBatches({ companyId, onOpen }: { companyId: string; onOpen: (id: string) => void }) {
  const batches = useQuery(batchesQuery(companyId));
  const [payOn, setPayOn] = useState(new Date().toLocaleDateString('en-CA'));
  const create = useMutation(createBatchMutation(companyId));
  const open = (batch: PayoutBatchSummary) => (
    <Anchor component="button" type="button" size="sm" fw={600} onClick={() => onOpen(batch.id)}>
      {batch.number}
    </Anchor>
  );
  const state = (batch: PayoutBatchSummary) => <StateBadge words={BATCH_WORDS[batch.status]} />;
  const columns: Column<PayoutBatchSummary>[] = [
    { header: 'Batch', cell: open, nowrap: true },
    { header: 'Pays on', cell: (batch) => usDay(batch.pay_on), nowrap: true },
    { header: 'Appraisers', cell: (batch) => batch.appraisers, numeric: true },
    { header: 'Total', cell: (batch) => money(batch.total), numeric: true },
    { header: 'State', cell: state, nowrap: true },
  ];
  return (
    <Stack gap="sm">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(payOn, { onSuccess: (batch) => onOpen(batch.id) });
        }}
      >
        <Group align="end" gap="sm">
          <TextInput
            type="date"
            label="Pay what is due by"
            value={payOn}
            onChange={(event) => setPayOn(event.currentTarget.value)}
            required
          />
          <Button type="submit" loading={create.isPending}>
            New payout batch
          </Button>
        </Group>
      </form>
      <FormFailure title="No batch made" failure={create.isError ? failureText(create.error) : null} />
      <DataTable
        label="Payout batches"
        rows={batches.data?.payout_batches}
        rowKey={(batch) => batch.id}
        columns={columns}
        pending={batches.isPending}
        error={batches.error}
        empty="No payout batch yet."
        minWidth={560}
        card={(batch) => (
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              {open(batch)}
              <Text fw={700}>{money(batch.total)}</Text>
            </Group>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">
                Pays on {usDay(batch.pay_on)} · {batch.appraisers} appraiser
                {batch.appraisers === 1 ? '' : 's'}
              </Text>
              {state(batch)}
            </Group>
          </Stack>
        )}
      />
    </Stack>
  );
}
