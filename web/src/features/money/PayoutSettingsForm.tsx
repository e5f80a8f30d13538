import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormFailure } from '../../components/FormFailure.tsx';
import {
  payoutSettingsMutation,
  payoutSettingsQuery,
  type PayoutSettings,
  type PayoutSettingsInput,
} from '../../queries/payables.ts';
import { formErrorsOf } from '../../queries/form-errors.ts';

type PayOn = PayoutSettings['pay_on'];
type Frequency = NonNullable<PayoutSettings['pay_cycle']>['frequency'];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const API_FIELDS = {
  payOn: 'pay_on',
  frequency: 'pay_cycle.frequency',
  day: 'pay_cycle.day',
  bankName: 'ach.bank_name',
  routing: 'ach.routing_number',
  companyName: 'ach.company_name',
  companyId: 'ach.company_id',
};
const LABELS = {
  payOn: 'When it falls due',
  frequency: 'The pay cycle',
  day: 'The pay day',
  bankName: 'The bank',
  routing: 'The routing number',
  companyName: 'The name on statements',
  companyId: 'The company identification',
};

/**
 * When the company pays its appraisers (each delivery, the lender's payment, or pay days) and the
 * ACH originator its payout files are written for: its admins change them (docs/money.md).
 */
export function PayoutSettingsForm({ companyId }: { companyId: string }) {
  const stored = useSuspenseQuery(payoutSettingsQuery(companyId)).data;
  const [payOn, setPayOn] = useState<PayOn>(stored.pay_on);
  const [frequency, setFrequency] = useState<Frequency>(stored.pay_cycle?.frequency ?? 'weekly');
  const [day, setDay] = useState(String(stored.pay_cycle?.day ?? 5));
  const [ach, setAch] = useState({
    bankName: stored.ach?.bank_name ?? '',
    routing: stored.ach?.routing_number ?? '',
    companyName: stored.ach?.company_name ?? '',
    companyId: stored.ach?.company_id ?? '',
  });
  const save = useMutation(payoutSettingsMutation(companyId));
  const errors = save.isError ? formErrorsOf(save.error, API_FIELDS, LABELS) : null;
  const achField = (name: keyof typeof ach, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      value={ach[name]}
      onChange={(event) => setAch({ ...ach, [name]: event.currentTarget.value })}
      error={errors?.fields[name]}
      {...extra}
    />
  );
  const body = (): PayoutSettingsInput => ({
    pay_on: payOn,
    ...(payOn === 'pay_cycle'
      ? { pay_cycle: { frequency, day: frequency === 'semimonthly' ? null : Number(day) } }
      : {}),
    ach: ach.routing.trim()
      ? {
          bank_name: ach.bankName.trim(),
          routing_number: ach.routing.trim(),
          company_name: ach.companyName.trim(),
          company_id: ach.companyId,
        }
      : null,
  });
  return (
    <form
      aria-label="Payout settings"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(body());
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NativeSelect
            label="Pay what is earned"
            value={payOn}
            onChange={(event) => setPayOn(event.currentTarget.value as PayOn)}
            error={errors?.fields.payOn}
            data={[
              { value: 'delivery', label: 'On each delivery' },
              { value: 'client_payment', label: 'Once the lender has paid' },
              { value: 'pay_cycle', label: 'On pay days' },
            ]}
          />
          {payOn === 'pay_cycle' && (
            <NativeSelect
              label="Pay days"
              value={frequency}
              onChange={(event) => setFrequency(event.currentTarget.value as Frequency)}
              error={errors?.fields.frequency}
              data={[
                { value: 'weekly', label: 'Every week' },
                { value: 'semimonthly', label: 'The 15th and the last day' },
                { value: 'monthly', label: 'Every month' },
              ]}
            />
          )}
          {payOn === 'pay_cycle' && frequency !== 'semimonthly' && (
            <NativeSelect
              label={frequency === 'weekly' ? 'On' : 'On the'}
              value={day}
              onChange={(event) => setDay(event.currentTarget.value)}
              error={errors?.fields.day}
              data={
                frequency === 'weekly'
                  ? WEEKDAYS.map((name, i) => ({ value: String(i + 1), label: name }))
                  : Array.from({ length: 31 }, (_, i) => ({
                      value: String(i + 1),
                      label: i === 30 ? '31st (or the last day)' : `Day ${i + 1}`,
                    }))
              }
            />
          )}
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          The ACH originator: the company’s bank and the identification it gave, written into each payout’s
          ACH file. Empty, batches are paid by their CSV file.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {achField('bankName', 'Bank', { maxLength: 23 })}
          {achField('routing', 'Bank routing number', { inputMode: 'numeric', maxLength: 9 })}
          {achField('companyName', 'Name on appraisers’ statements', { maxLength: 16 })}
          {achField('companyId', 'Company identification', {
            maxLength: 10,
            description: 'Often 1 and the EIN',
          })}
        </SimpleGrid>
        <FormFailure title="Not saved" failure={errors?.rest ?? null} />
        <Group justify="end" gap="sm">
          {save.isSuccess && (
            <Text size="sm" role="status">
              Saved.
            </Text>
          )}
          <Button type="submit" loading={save.isPending}>
            Save the payout settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
