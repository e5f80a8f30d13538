import { Button, SegmentedControl, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormFailure } from '../../components/FormFailure.tsx';
import { money } from '../../lib/money.ts';
import { sameNamedErrorsOf } from '../../queries/form-errors.ts';
import { creditMutation, type Invoice } from '../../queries/receivables.ts';

const LABELS = { amount: 'The amount', reason: 'The reason' };

/**
 * A credit note (numbered, sent to the lender with the invoice) or a write-off (what will not be
 * collected) against an open invoice, with its reason: both lower the balance and stay on the ledger.
 */
export function CreditForm({ invoice }: { invoice: Invoice }) {
  const [kind, setKind] = useState<'credit_notes' | 'write_offs'>('credit_notes');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const credit = useMutation(creditMutation(invoice.id, kind));
  const errors = credit.isError ? sameNamedErrorsOf(credit.error, LABELS) : null;
  const writeOff = kind === 'write_offs';
  return (
    <form
      aria-label="Credit or write off"
      onSubmit={(event) => {
        event.preventDefault();
        const body = { reason: reason.trim(), ...(amount.trim() ? { amount: amount.trim() } : {}) };
        credit.mutate(body, {
          onSuccess: () => {
            setAmount('');
            setReason('');
          },
        });
      }}
    >
      <Stack gap="sm">
        <Title order={3} size="h5">
          Lower the balance
        </Title>
        <SegmentedControl
          aria-label="How"
          value={kind}
          onChange={(value) => setKind(value)}
          data={[
            { value: 'credit_notes', label: 'Credit note' },
            { value: 'write_offs', label: 'Write off' },
          ]}
        />
        <TextInput
          label="Amount"
          description={
            writeOff
              ? `Empty writes off the whole balance, ${money(invoice.balance)}`
              : `At most the balance, ${money(invoice.balance)}`
          }
          inputMode="decimal"
          placeholder="50.00"
          value={amount}
          onChange={(event) => setAmount(event.currentTarget.value)}
          error={errors?.fields.amount}
          required={!writeOff}
        />
        <Textarea
          label="Reason"
          description={writeOff ? 'Kept on the ledger' : 'Printed on the credit note and the statement'}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={errors?.fields.reason}
          autosize
          minRows={2}
          maxLength={500}
          required
        />
        <FormFailure title="Not recorded" failure={errors?.rest ?? null} />
        <Button type="submit" loading={credit.isPending} color={writeOff ? 'red' : undefined}>
          {writeOff ? 'Write off' : 'Issue the credit note'}
        </Button>
      </Stack>
    </form>
  );
}
