import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormFailure } from '../../components/FormFailure.tsx';
import { enterDoesNotSubmit } from '../../lib/forms.ts';
import { money } from '../../lib/money.ts';
import { notifyDone } from '../../lib/notices.ts';
import { changeClientSettings, clientSettingsQuery, type ClientSettings } from '../../queries/clients.ts';
import { sendForm } from '../../queries/form-errors.ts';

const LABELS = { eo_minimum_per_claim: "The lender's E&O minimum" };

/**
 * The lender's own least E&O coverage per claim (PATCH /clients/{id}/settings): the engine offers
 * its orders only to appraisers insured for at least this and the company's own minimum.
 */
export function ClientEoMinimumForm({ clientId, settings }: { clientId: string; settings: ClientSettings }) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ initialValues: { eo_minimum_per_claim: settings.eo_minimum_per_claim ?? '' } });
  const submit = form.onSubmit(async (values) => {
    const change = { eo_minimum_per_claim: values.eo_minimum_per_claim.trim() || null };
    const refusal = { setErrors: form.setErrors, setFailure };
    const saved = await sendForm(() => changeClientSettings(clientId, change), refusal, LABELS);
    if (!saved) return;
    queryClient.setQueryData(clientSettingsQuery(clientId).queryKey, saved);
    const shown = { eo_minimum_per_claim: saved.eo_minimum_per_claim ?? '' };
    form.setInitialValues(shown);
    form.resetDirty(shown);
    notifyDone(
      'Settings saved',
      saved.eo_minimum_per_claim === null
        ? "The client's orders follow the company's E&O minimum."
        : `The client's orders go to appraisers insured for at least ${money(saved.eo_minimum_per_claim)} per claim.`,
    );
  });
  return (
    <form onSubmit={submit} onKeyDown={enterDoesNotSubmit} noValidate>
      <Stack gap="sm">
        <Title order={3} size="h5">
          Appraisers
        </Title>
        <FormFailure title="Not saved" failure={failure} />
        <TextInput
          label="The client's least E&O coverage per claim"
          description="Appraisers insured for less are not offered its orders; empty: the company's minimum applies"
          leftSection="$"
          inputMode="decimal"
          placeholder="2,000,000.00"
          maxLength={20}
          {...form.getInputProps('eo_minimum_per_claim')}
        />
        <Group>
          <Button type="submit" loading={form.submitting} disabled={!form.isDirty()}>
            Save the minimum
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
