import { Alert, Button, Drawer, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { FormFailure } from '../../components/FormFailure.tsx';
import { MoneyFigure } from '../../components/MoneyFigure.tsx';
import { dateTime, usDay } from '../../lib/format.ts';
import { money } from '../../lib/money.ts';
import { failureText } from '../../queries/failure.ts';
import { batchFileLink, batchQuery, batchStepMutation } from '../../queries/payables.ts';
import { BATCH_WORDS } from './money-words.ts';

/**
 * A payout batch: a line per appraiser, what was due and left out (no bank account), and its next
 * step: approve the draft; download the ACH file and the CSV, then mark it paid once the bank has it.
 */
export function BatchDrawer({ batchId, onClose }: { batchId: string; onClose: () => void }) {
  const read = useQuery(batchQuery(batchId));
  const approve = useMutation(batchStepMutation(batchId, 'approve'));
  const markPaid = useMutation(batchStepMutation(batchId, 'mark_paid'));
  const batch = read.data;
  const failed = approve.error ?? markPaid.error;
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="lg"
      title={batch ? `Payout batch ${batch.number}` : 'Payout batch'}
    >
      <Stack gap="md">
        <FormFailure
          title="The batch could not be loaded"
          failure={read.isError ? failureText(read.error) : null}
        />
        {read.isPending && <Skeleton height={200} />}
        {batch && (
          <>
            <Text size="sm">
              {BATCH_WORDS[batch.status].label} · pays on {usDay(batch.pay_on)} · made by{' '}
              {batch.created_by?.name ?? '—'} {dateTime(batch.created_at)}
              {batch.approved_by ? ` · approved by ${batch.approved_by.name}` : ''}
              {batch.paid_at ? ` · paid ${dateTime(batch.paid_at)}` : ''}
            </Text>
            <MoneyFigure label="Total" value={batch.total} size="xl" />
            <Table aria-label="Lines" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Appraiser</Table.Th>
                  <Table.Th scope="col">Account</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Orders
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Amount
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {batch.lines.map((line) => (
                  <Table.Tr key={line.appraiser.id}>
                    <Table.Td>{line.appraiser.name}</Table.Td>
                    <Table.Td>{line.account_last4 ? `••${line.account_last4}` : '—'}</Table.Td>
                    <Table.Td ta="right">{line.payables}</Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {money(line.amount)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {batch.left_out.length > 0 && (
              <Alert color="yellow" title="Due, but not in this batch">
                {batch.left_out
                  .map((left) => `${left.appraiser.name}: ${money(left.owed)} (${left.reason})`)
                  .join('; ')}
              </Alert>
            )}
            <FormFailure title="Not done" failure={failed ? failureText(failed) : null} />
            <Group gap="sm">
              {batch.status === 'draft' && (
                <Button loading={approve.isPending} onClick={() => approve.mutate()}>
                  Approve for payment
                </Button>
              )}
              {batch.status !== 'draft' && (
                <Button component="a" href={batchFileLink(batch.id, 'nacha')} variant="default">
                  ACH file
                </Button>
              )}
              <Button component="a" href={batchFileLink(batch.id, 'export')} variant="default">
                CSV
              </Button>
              {batch.status === 'approved' && (
                <Button color="teal" loading={markPaid.isPending} onClick={() => markPaid.mutate()}>
                  Mark paid
                </Button>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Drawer>
  );
}
