import { Button, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifyDone } from '../../lib/notices.ts';
import { useForm } from '@mantine/form';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormFailure } from '../../components/FormFailure.tsx';
import { enterDoesNotSubmit } from '../../lib/forms.ts';
import { companySettingsQuery, saveCompanySettings, type CompanySettings } from '../../queries/company.ts';
import { sendForm } from '../../queries/form-errors.ts';

const METHODS: { value: CompanySettings['payment_methods'][number]; label: string }[] = [
  { value: 'invoice', label: 'Invoice' },
  { value: 'payment_link', label: 'Payment link (the borrower pays online)' },
  { value: 'credit_card', label: 'Credit card' },
];
const LABELS = { payment_methods: 'The payment methods', submission_fee: 'The submission fee' };

/**
 * The company's own settings: how its clients may pay, and the fee charged to appraisers per
 * report. Client review is set per client (Clients, Settings). Its admins change them.
 */
export function CompanySettingsSection({ companyId }: { companyId: string }) {
  const { data: settings } = useSuspenseQuery(companySettingsQuery(companyId));
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      payment_methods: settings.payment_methods,
      submission_fee: settings.submission_fee ?? '',
    },
  });
  const submit = form.onSubmit(async (values) => {
    const change = {
      payment_methods: values.payment_methods,
      submission_fee: values.submission_fee.trim() || null,
    };
    const refusal = { setErrors: form.setErrors, setFailure };
    const saved = await sendForm(() => saveCompanySettings(companyId, change), refusal, LABELS);
    if (!saved) return;
    const shown = { payment_methods: saved.payment_methods, submission_fee: saved.submission_fee ?? '' };
    form.setInitialValues(shown);
    form.resetDirty(shown);
    notifyDone('Settings saved', 'New orders follow them at once.');
  });
  return (
    <form onSubmit={submit} onKeyDown={enterDoesNotSubmit} noValidate>
      <Stack gap="md" maw={560}>
        <Title order={2} size="h3">
          Company settings
        </Title>
        <FormFailure title="Not saved" failure={failure} />
        <Checkbox.Group
          label="Payment methods clients may choose"
          withAsterisk
          {...form.getInputProps('payment_methods')}
        >
          <Stack gap="xs" mt="xs">
            {METHODS.map((method) => (
              <Checkbox key={method.value} value={method.value} label={method.label} />
            ))}
          </Stack>
        </Checkbox.Group>
        <TextInput
          label="Submission fee"
          description="Charged to the appraiser's card on file for each report submitted; empty: none"
          leftSection="$"
          inputMode="decimal"
          placeholder="0.00"
          maxLength={12}
          {...form.getInputProps('submission_fee')}
        />
        <Text size="sm" c="dimmed">
          Whether a client reviews reports, or pays before assignment, is set per client (Clients, Settings).
        </Text>
        <Group>
          <Button type="submit" loading={form.submitting} disabled={!form.isDirty()}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
