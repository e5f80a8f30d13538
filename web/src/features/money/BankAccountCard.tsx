import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormFailure } from '../../components/FormFailure.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { dateTime } from '../../lib/format.ts';
import { bankAccountMutation, bankAccountQuery, type BankAccountInput } from '../../queries/payables.ts';
import { sameNamedErrorsOf } from '../../queries/form-errors.ts';

const LABELS = {
  holder_name: 'The account holder',
  routing_number: 'The routing number',
  account_number: 'The account number',
  account_type: 'The account type',
};
const EMPTY: BankAccountInput = {
  holder_name: '',
  routing_number: '',
  account_number: '',
  account_type: 'checking',
};

/**
 * Where the appraiser is paid by ACH: the account on file (its last four digits only; the number
 * is sealed on the service), and a form to set or change it. Only the appraiser sets it.
 */
export function BankAccountCard({ appraiserId }: { appraiserId: string }) {
  const account = useQuery(bankAccountQuery(appraiserId));
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<BankAccountInput>(EMPTY);
  const save = useMutation(bankAccountMutation(appraiserId));
  const errors = save.isError ? sameNamedErrorsOf(save.error, LABELS) : null;
  const field = (name: keyof BankAccountInput) => ({
    value: form[name],
    onChange: (event: { currentTarget: { value: string } }) =>
      setForm({ ...form, [name]: event.currentTarget.value }),
    error: errors?.fields[name],
  });
  const showForm = editing || account.data === null;
  return (
    <SectionCard title="Where you are paid" intro="Payouts arrive by ACH transfer to this account.">
      <FormFailure
        title="Your account could not be loaded"
        failure={account.isError ? 'Try again in a moment.' : null}
      />
      {account.data && !showForm && (
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={2}>
            <Text fw={600}>
              {account.data.account_type === 'savings' ? 'Savings' : 'Checking'} ••
              {account.data.account_last4}
            </Text>
            <Text size="sm" c="dimmed">
              {account.data.holder_name} · routing {account.data.routing_number} · changed{' '}
              {dateTime(account.data.updated_at)}
            </Text>
          </Stack>
          <Button variant="default" onClick={() => setEditing(true)}>
            Change
          </Button>
        </Group>
      )}
      {showForm && account.data !== undefined && (
        <form
          aria-label="Bank account"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(
              { ...form, holder_name: form.holder_name.trim() },
              {
                onSuccess: () => {
                  setEditing(false);
                  setForm(EMPTY);
                },
              },
            );
          }}
        >
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <TextInput
                label="Account holder"
                maxLength={22}
                required
                autoComplete="name"
                {...field('holder_name')}
              />
              <NativeSelect
                label="Account type"
                data={[
                  { value: 'checking', label: 'Checking' },
                  { value: 'savings', label: 'Savings' },
                ]}
                {...field('account_type')}
              />
              <TextInput
                label="Routing number"
                inputMode="numeric"
                maxLength={9}
                required
                {...field('routing_number')}
              />
              <TextInput
                label="Account number"
                inputMode="numeric"
                maxLength={17}
                required
                autoComplete="off"
                {...field('account_number')}
              />
            </SimpleGrid>
            <FormFailure title="Not saved" failure={errors?.rest ?? null} />
            <Group justify="end">
              {account.data && (
                <Button variant="default" onClick={() => setEditing(false)}>
                  Keep the account on file
                </Button>
              )}
              <Button type="submit" loading={save.isPending}>
                Save the account
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </SectionCard>
  );
}
