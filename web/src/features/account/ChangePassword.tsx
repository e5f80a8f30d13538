import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { notifyDone } from '../../lib/notices.ts';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormFailure } from '../../components/FormFailure.tsx';
import { NewPasswordFields } from '../../components/NewPasswordFields.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { enterDoesNotSubmit } from '../../lib/forms.ts';
import { newPasswordChecks } from '../../lib/passwords.ts';
import { changePassword } from '../../queries/account.ts';
import { sendForm } from '../../queries/form-errors.ts';

const LABELS = { current_password: 'The current password', password: 'The new password' };

/** The current password and a new one twice; every other session ends (PUT /auth/password). */
export function ChangePassword() {
  const [changed, setChanged] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { current_password: '', password: '', confirm: '' },
    validate: newPasswordChecks,
  });
  const submit = form.onSubmit(async ({ current_password, password }) => {
    setChanged(false);
    const refusal = { setErrors: form.setErrors, setFailure };
    const done = await sendForm(() => changePassword({ current_password, password }), refusal, LABELS);
    if (!done) return;
    form.reset();
    setChanged(true);
    notifyDone('Password changed', 'Every other session of yours was signed out.');
  });
  return (
    <SectionCard
      title="Password"
      intro="Changing it signs you out everywhere else; your API keys keep working."
    >
      <form onSubmit={submit} onKeyDown={enterDoesNotSubmit} noValidate>
        <Stack gap="sm" maw={420}>
          <FormFailure title="The password was not changed" failure={failure} />
          {changed && (
            <Alert color="teal" role="status" title="Your password is changed">
              Every other session of yours (other browsers and devices) was signed out: sign in there with the
              new password.
            </Alert>
          )}
          <PasswordInput
            label="Current password"
            description="Leave it empty if you never chose one (you signed in by a link)."
            autoComplete="current-password"
            {...form.getInputProps('current_password')}
          />
          <NewPasswordFields
            password={form.getInputProps('password')}
            confirm={form.getInputProps('confirm')}
            labels={['New password', 'New password again']}
            describe
          />
          <Group>
            <Button type="submit" loading={form.submitting}>
              Change the password
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
