import { Button, Group, TextInput } from '@mantine/core';
import { notifyDone } from '../../lib/notices.ts';
import { RefusableForm } from '../../components/RefusableForm.tsx';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { issueApiKey, type IssuedApiKey } from '../../queries/account.ts';
import { ApiFailure } from '../../queries/failure.ts';
import { sameNamedErrorsOf } from '../../queries/form-errors.ts';

/** A key's name (what it is for); one field, so Enter issues it. */
export function IssueKeyForm(props: {
  onIssued: (key: IssuedApiKey) => void;
  onRefused: (why: string) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { label: '' },
    validate: {
      label: (value) =>
        !value.trim()
          ? 'Name the key: what is it for?'
          : value.trim().length > 100
            ? 'At most 100 characters'
            : null,
    },
  });
  const issue = form.onSubmit(async ({ label }) => {
    setFailure(null);
    try {
      props.onIssued(await issueApiKey(label.trim()));
      form.reset();
      notifyDone('API key issued', 'Copy it now: it is shown once.');
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 403) return props.onRefused(error.message);
      const { fields, rest } = sameNamedErrorsOf(error, { label: 'The name' });
      form.setErrors(fields);
      setFailure(rest);
    }
  });
  return (
    <RefusableForm onSubmit={issue} failureTitle="No key was issued" failure={failure} oneField maw={420}>
      <TextInput
        label="Name of a new key"
        description="What it is for, such as the program that will use it"
        required
        maxLength={100}
        {...form.getInputProps('label')}
      />
      <Group>
        <Button type="submit" loading={form.submitting}>
          Issue a key
        </Button>
      </Group>
    </RefusableForm>
  );
}
