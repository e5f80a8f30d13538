import { Checkbox, Modal, NativeSelect, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DialogButtons } from '../../components/DialogButtons.tsx';
import { FormFailure } from '../../components/FormFailure.tsx';
import { usDay } from '../../lib/format.ts';
import { money } from '../../lib/money.ts';
import { clientsQuery } from '../../queries/clients.ts';
import { sameNamedErrorsOf } from '../../queries/form-errors.ts';
import {
  openInvoicesOfQuery,
  receiptMutation,
  type Invoice,
  type ReceiptMethod,
} from '../../queries/receivables.ts';
import { METHOD_WORDS } from './money-words.ts';

const LABELS = {
  client_id: 'The client',
  method: 'How it came',
  reference: 'The reference',
  received_on: 'The day received',
  amount: 'The amount',
  applications: 'Where it goes',
};
const cents = (decimal: string) => Math.round(Number(decimal) * 100);
const decimal = (whole: number) => (whole / 100).toFixed(2);

/**
 * What a receipt pays, oldest due first: each chosen invoice takes what it owes until the amount
 * runs out (how a lender's remittance is applied unless it says otherwise); more than the chosen
 * invoices owe is left for the person to resolve (the service refuses it).
 */
export function applyOldestFirst(amount: number, invoices: Invoice[]) {
  let left = amount;
  const applications: { invoice: Invoice; amount: number }[] = [];
  for (const invoice of invoices) {
    const take = Math.min(left, cents(invoice.balance));
    if (take > 0) applications.push({ invoice, amount: take });
    left -= take;
  }
  return { applications, left };
}

/** A check, ACH or wire a lender sent, recorded and applied to their open invoices. */
export function ReceiptDialog({ companyId, onClose }: { companyId: string; onClose: () => void }) {
  const clients = useSuspenseQuery(clientsQuery).data;
  const [clientId, setClientId] = useState('');
  const [method, setMethod] = useState<ReceiptMethod>('check');
  const [reference, setReference] = useState('');
  const [receivedOn, setReceivedOn] = useState(new Date().toLocaleDateString('en-CA'));
  const [amount, setAmount] = useState('');
  const [skipped, setSkipped] = useState<Set<string>>(new Set());
  const open = useQuery({ ...openInvoicesOfQuery(clientId), enabled: clientId !== '' });
  const record = useMutation(receiptMutation(companyId));
  const chosen = (open.data ?? []).filter((invoice) => !skipped.has(invoice.id));
  const amountCents = /^\d+(\.\d{1,2})?$/.test(amount.trim()) ? cents(amount) : 0;
  const { applications, left } = applyOldestFirst(amountCents, chosen);
  const errors = record.isError ? sameNamedErrorsOf(record.error, LABELS) : null;
  const overpaid = left > 0 ? `${money(decimal(left))} more than the chosen invoices owe` : null;

  return (
    <Modal opened onClose={onClose} title="Record a check, ACH or wire" size="lg" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          record.mutate(
            {
              client_id: clientId,
              method,
              reference: reference.trim(),
              received_on: receivedOn,
              amount: amount.trim(),
              applications: applications.map((a) => ({
                invoice_id: a.invoice.id,
                amount: decimal(a.amount),
              })),
            },
            { onSuccess: onClose },
          );
        }}
      >
        <Stack>
          <NativeSelect
            label="Client"
            value={clientId}
            onChange={(event) => {
              setClientId(event.currentTarget.value);
              setSkipped(new Set());
            }}
            error={errors?.fields.client_id}
            data={[
              { value: '', label: 'Choose the lender' },
              ...clients.map((client) => ({ value: client.id, label: client.name })),
            ]}
            required
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NativeSelect
              label="How it came"
              value={method}
              onChange={(event) => setMethod(event.currentTarget.value as ReceiptMethod)}
              data={(['check', 'ach', 'wire'] as const).map((m) => ({ value: m, label: METHOD_WORDS[m]! }))}
            />
            <TextInput
              label={method === 'check' ? 'Check number' : 'Transfer reference'}
              value={reference}
              onChange={(event) => setReference(event.currentTarget.value)}
              error={errors?.fields.reference}
              maxLength={80}
              required
            />
            <TextInput
              label="Received on"
              type="date"
              value={receivedOn}
              onChange={(event) => setReceivedOn(event.currentTarget.value)}
              error={errors?.fields.received_on}
              required
            />
            <TextInput
              label="Amount"
              inputMode="decimal"
              placeholder="1250.00"
              value={amount}
              onChange={(event) => setAmount(event.currentTarget.value)}
              error={errors?.fields.amount ?? overpaid}
              required
            />
          </SimpleGrid>
          {clientId && open.data && open.data.length === 0 && (
            <Text c="dimmed">This lender owes nothing: no open invoice to apply it to.</Text>
          )}
          {open.data && open.data.length > 0 && (
            <Table aria-label="Applied to" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Invoice</Table.Th>
                  <Table.Th scope="col">Due</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Balance
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Applied
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {open.data.map((invoice) => {
                  const applied = applications.find((a) => a.invoice.id === invoice.id);
                  return (
                    <Table.Tr key={invoice.id}>
                      <Table.Td>
                        <Checkbox
                          label={invoice.number}
                          checked={!skipped.has(invoice.id)}
                          onChange={(event) => {
                            const next = new Set(skipped);
                            if (event.currentTarget.checked) next.delete(invoice.id);
                            else next.add(invoice.id);
                            setSkipped(next);
                          }}
                        />
                      </Table.Td>
                      <Table.Td>{usDay(invoice.due_on)}</Table.Td>
                      <Table.Td ta="right">{money(invoice.balance)}</Table.Td>
                      <Table.Td ta="right">{applied ? money(decimal(applied.amount)) : '—'}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          )}
          <FormFailure title="Not recorded" failure={errors?.rest ?? (errors?.fields.applications || null)} />
          <DialogButtons
            keep="Cancel"
            confirm="Record the receipt"
            onKeep={onClose}
            pending={record.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
