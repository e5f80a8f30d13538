import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifyDone } from '../../lib/notices.ts';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormButtons } from '../../components/FormButtons.tsx';
import { FormFailure } from '../../components/FormFailure.tsx';
import { enterDoesNotSubmit } from '../../lib/forms.ts';
import { keepPaymentCard } from '../../queries/account.ts';
import { sendForm } from '../../queries/form-errors.ts';

const LABELS = {
  name: 'The name on the card',
  number: 'The card number',
  exp_month: 'The expiry month',
  exp_year: 'The expiry year',
  cvc: 'The security code',
};

/** The expiry and the code, side by side: [field, label, placeholder, autofill name, length]. */
const SHORT_FIELDS = [
  ['exp_month', 'Month', 'MM', 'cc-exp-month', 2],
  ['exp_year', 'Year', 'YYYY', 'cc-exp-year', 4],
  ['cvc', 'CVC', undefined, 'cc-csc', 4],
] as const;

/**
 * A card for the company's submission fees, replacing the one on file. It goes to the card
 * processor; the service keeps the brand and last four digits only. The processor's refusal
 * (a bad number, an expired card) shows by its field, and the card on file stays.
 */
export function CardForm({ onDone }: { onDone: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ initialValues: { name: '', number: '', exp_month: '', exp_year: '', cvc: '' } });
  const submit = form.onSubmit(async (values) => {
    const kept = await sendForm(
      () => keepPaymentCard({ ...values, number: values.number.replace(/\s+/g, '') }),
      { setErrors: form.setErrors, setFailure },
      LABELS,
    );
    if (!kept) return;
    notifyDone(
      'Card on file',
      `Submission fees are now charged to the ${kept.brand} ending in ${kept.last4}.`,
    );
    onDone();
  });
  return (
    <form onSubmit={submit} onKeyDown={enterDoesNotSubmit} noValidate>
      <Stack gap="sm">
        <TextInput label="Name on the card" autoComplete="cc-name" {...form.getInputProps('name')} />
        <TextInput
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={23}
          {...form.getInputProps('number')}
        />
        <SimpleGrid cols={3}>
          {SHORT_FIELDS.map(([field, label, placeholder, autoComplete, maxLength]) => (
            <TextInput
              key={field}
              label={label}
              placeholder={placeholder}
              inputMode="numeric"
              autoComplete={autoComplete}
              maxLength={maxLength}
              {...form.getInputProps(field)}
            />
          ))}
        </SimpleGrid>
        <FormFailure title="The card was not kept" failure={failure} />
        <FormButtons onCancel={onDone} submitting={form.submitting} submit="Keep this card" />
      </Stack>
    </form>
  );
}
