import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormButtons } from '../../components/FormButtons.tsx';
import { FormFailure } from '../../components/FormFailure.tsx';
import { enterDoesNotSubmit } from '../../lib/forms.ts';
import { notifyDone } from '../../lib/notices.ts';
import { recordLicense, type AppraiserLicense, type LicenseInput } from '../../queries/credentials.ts';
import { sendForm } from '../../queries/form-errors.ts';

export const LEVELS: { value: LicenseInput['level']; label: string }[] = [
  { value: 'certified_general', label: 'Certified general' },
  { value: 'certified_residential', label: 'Certified residential' },
  { value: 'licensed', label: 'Licensed' },
  { value: 'trainee', label: 'Trainee' },
];

const LABELS = {
  state: 'The state',
  number: 'The license number',
  level: 'The level',
  issued_on: 'The issue date',
  expires_on: 'The expiry date',
};

/**
 * A license in one state, new or replacing the one there: its state (fixed when it is edited),
 * number, level and dates. A change of what was verified clears the verification (the service's
 * rule), which the form says before it is sent.
 */
export function LicenseForm({
  appraiserId,
  license,
  onDone,
}: {
  appraiserId: string;
  license: AppraiserLicense | null;
  onDone: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      state: license?.state ?? '',
      number: license?.number ?? '',
      level: license?.level ?? 'certified_residential',
      issued_on: license?.issued_on ?? '',
      expires_on: license?.expires_on ?? '',
    },
  });
  const submit = form.onSubmit(async ({ state, ...values }) => {
    const body: LicenseInput = { ...values, issued_on: values.issued_on || null };
    const kept = await sendForm(
      () => recordLicense(appraiserId, state.trim().toUpperCase(), body),
      { setErrors: form.setErrors, setFailure },
      LABELS,
    );
    if (!kept) return;
    notifyDone('License kept', `The ${kept.state} license ${kept.number} is on file.`);
    onDone();
  });
  return (
    <form onSubmit={submit} onKeyDown={enterDoesNotSubmit} noValidate aria-label="License">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="State"
            description="Its two-letter code, such as TX"
            maxLength={2}
            disabled={license !== null}
            {...form.getInputProps('state')}
          />
          <TextInput label="License number" {...form.getInputProps('number')} />
          <Select label="Level" data={LEVELS} allowDeselect={false} {...form.getInputProps('level')} />
          <TextInput label="Issued" type="date" {...form.getInputProps('issued_on')} />
          <TextInput label="Last valid day" type="date" {...form.getInputProps('expires_on')} />
        </SimpleGrid>
        <FormFailure title="The license was not kept" failure={failure} />
        <FormButtons onCancel={onDone} submitting={form.submitting} submit="Keep this license" />
      </Stack>
    </form>
  );
}
