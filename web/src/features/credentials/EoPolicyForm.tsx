import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormButtons } from '../../components/FormButtons.tsx';
import { FormFailure } from '../../components/FormFailure.tsx';
import { enterDoesNotSubmit } from '../../lib/forms.ts';
import { notifyDone } from '../../lib/notices.ts';
import { recordEoPolicy, type EoPolicy } from '../../queries/credentials.ts';
import { sendForm } from '../../queries/form-errors.ts';

const LABELS = {
  carrier: 'The carrier',
  policy_number: 'The policy number',
  per_claim: 'The coverage per claim',
  aggregate: 'The coverage in all',
  expires_on: 'The last day it covers',
};

/** The errors-and-omissions policy in force, new or renewed (replacing the one on file). */
export function EoPolicyForm({
  appraiserId,
  policy,
  onDone,
}: {
  appraiserId: string;
  policy: EoPolicy | null;
  onDone: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      carrier: policy?.carrier ?? '',
      policy_number: policy?.policy_number ?? '',
      per_claim: policy?.per_claim ?? '',
      aggregate: policy?.aggregate ?? '',
      expires_on: policy?.expires_on ?? '',
    },
  });
  const submit = form.onSubmit(async (values) => {
    const kept = await sendForm(
      () => recordEoPolicy(appraiserId, { ...values, aggregate: values.aggregate.trim() || null }),
      { setErrors: form.setErrors, setFailure },
      LABELS,
    );
    if (!kept) return;
    notifyDone('Policy kept', `The ${kept.carrier} policy ${kept.policy_number} is on file.`);
    onDone();
  });
  return (
    <form
      onSubmit={submit}
      onKeyDown={enterDoesNotSubmit}
      noValidate
      aria-label="Errors-and-omissions policy"
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="Carrier" {...form.getInputProps('carrier')} />
          <TextInput label="Policy number" {...form.getInputProps('policy_number')} />
          <TextInput
            label="Coverage per claim ($)"
            inputMode="decimal"
            {...form.getInputProps('per_claim')}
          />
          <TextInput
            label="Coverage in all ($)"
            description="Optional"
            inputMode="decimal"
            {...form.getInputProps('aggregate')}
          />
          <TextInput label="Last day it covers" type="date" {...form.getInputProps('expires_on')} />
        </SimpleGrid>
        <FormFailure title="The policy was not kept" failure={failure} />
        <FormButtons onCancel={onDone} submitting={form.submitting} submit="Keep this policy" />
      </Stack>
    </form>
  );
}
