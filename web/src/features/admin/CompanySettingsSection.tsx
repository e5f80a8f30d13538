import { Alert, Button, Checkbox, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Schema } from '../../../../sdk/src/client.ts';
import { api, unwrap } from '../../queries/sdk.ts';
import { formErrorsOf } from './form-errors.ts';

type Settings = Schema<'CompanySettings'>;
const METHODS: { value: Settings['payment_methods'][number]; label: string }[] = [
  { value: 'invoice', label: 'Invoice' },
  { value: 'payment_link', label: 'Payment link (the borrower pays online)' },
  { value: 'credit_card', label: 'Credit card' },
];

/**
 * The company's own settings: how its clients may pay, and the fee charged to appraisers per
 * report. Client review is set per client (Clients, Settings). Its admins change them.
 */
export function CompanySettingsSection({ companyId }: { companyId: string }) {
  const queryClient = useQueryClient();
  const key = ['company-settings', companyId];
  const settings = useQuery({
    queryKey: key,
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/companies/{company_id}/settings', {
          params: { path: { company_id: companyId } },
        }),
      ),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ initialValues: { payment_methods: [] as string[], submission_fee: '' } });
  const { setValues, resetDirty } = form;
  useEffect(() => {
    if (!settings.data) return;
    setValues({
      payment_methods: settings.data.payment_methods,
      submission_fee: settings.data.submission_fee ?? '',
    });
    resetDirty();
    // Only when the saved settings change: not on each render of the form.
  }, [settings.data]);
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = unwrap(
        await api.PATCH('/api/v1/companies/{company_id}/settings', {
          params: { path: { company_id: companyId } },
          body: {
            payment_methods: values.payment_methods as Settings['payment_methods'],
            submission_fee: values.submission_fee.trim() || null,
          },
        }),
      );
      queryClient.setQueryData(key, saved);
      notifications.show({
        color: 'teal',
        title: 'Settings saved',
        message: 'New orders follow them at once.',
      });
    } catch (error) {
      const { fields, rest } = formErrorsOf(
        error,
        { payment_methods: 'payment_methods', submission_fee: 'submission_fee' },
        { payment_methods: 'The payment methods', submission_fee: 'The submission fee' },
      );
      form.setErrors(fields);
      setFailure(rest);
    }
  });
  if (settings.isError)
    return (
      <Alert color="red" role="alert" title="The settings could not be loaded">
        {settings.error.message}
      </Alert>
    );
  if (!settings.data) return <Skeleton height={220} maw={560} />;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={560}>
        <Title order={2} size="h3">
          Company settings
        </Title>
        {failure && (
          <Alert color="red" role="alert" title="Not saved">
            {failure}
          </Alert>
        )}
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
