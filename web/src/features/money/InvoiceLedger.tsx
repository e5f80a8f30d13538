import { StateBadge } from './StateBadge.tsx';
import { Drawer, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormFailure } from '../../components/FormFailure.tsx';
import { MoneyFigure } from '../../components/MoneyFigure.tsx';
import { dateTime, usDay } from '../../lib/format.ts';
import { money } from '../../lib/money.ts';
import { failureText } from '../../queries/failure.ts';
import { invoiceQuery, type LedgerEntry } from '../../queries/receivables.ts';
import { CreditForm } from './CreditForm.tsx';
import { ENTRY_WORDS, METHOD_WORDS, invoiceState } from './money-words.ts';

/** One ledger line in words: "Check 10452", "Credit note CN-00000007: damaged photo". */
function entryText(entry: LedgerEntry): string {
  const kind = ENTRY_WORDS[entry.kind] ?? entry.kind;
  if (entry.payment)
    return [METHOD_WORDS[entry.payment.method] ?? entry.payment.method, entry.payment.reference]
      .filter(Boolean)
      .join(' ');
  const named = entry.credit_note_number ? `${kind} ${entry.credit_note_number}` : kind;
  return entry.reason ? `${named}: ${entry.reason}` : named;
}

/**
 * An invoice's ledger, in a drawer over the list: its figures, every entry that moved its balance
 * and who recorded it; for the company's staff, a credit note or a write-off of what is owed.
 */
export function InvoiceLedger(props: { invoiceId: string; canCredit: boolean; onClose: () => void }) {
  const read = useQuery(invoiceQuery(props.invoiceId));
  const invoice = read.data?.invoice;
  return (
    <Drawer
      opened
      onClose={props.onClose}
      position="right"
      size="lg"
      title={invoice ? `Invoice ${invoice.number}` : 'Invoice'}
    >
      <Stack gap="md">
        <FormFailure
          title="The invoice could not be loaded"
          failure={read.isError ? failureText(read.error) : null}
        />
        {read.isPending && <Skeleton height={200} />}
        {invoice && read.data && (
          <>
            <Group justify="space-between">
              <Text size="sm">
                {invoice.client.name} · order {invoice.file_number} · due {usDay(invoice.due_on)}
              </Text>
              <StateBadge words={invoiceState(invoice)} />
            </Group>
            <Group grow>
              <MoneyFigure label="Total" value={invoice.total} />
              <MoneyFigure label="Paid" value={invoice.paid} />
              <MoneyFigure label="Credited" value={invoice.credited} />
              <MoneyFigure label="Balance" value={invoice.balance} />
            </Group>
            <Table aria-label="Ledger" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">When</Table.Th>
                  <Table.Th scope="col">What</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Amount
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {read.data.entries.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime(entry.at)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{entryText(entry)}</Text>
                      {entry.recorded_by && (
                        <Text size="xs" c="dimmed">
                          by {entry.recorded_by.name}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {money(entry.amount)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {props.canCredit && invoice.state === 'open' && <CreditForm invoice={invoice} />}
          </>
        )}
      </Stack>
    </Drawer>
  );
}
