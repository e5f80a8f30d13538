import { Anchor, Button, PasswordInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useLocation, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiFailure, failureText } from '../queries/failure.ts';
import { api, unwrap } from '../queries/sdk.ts';
import { openSession } from '../queries/session.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { usePageTitle } from '../components/PageTitle.tsx';
import { newPasswordChecks, PASSWORD_MIN_LENGTH } from '../lib/passwords.ts';

/**
 * Choosing a password through an emailed link: an invitation's (/set-password) or a reset's
 * (/reset-password). The link works once; the password opens a session straight away.
 */
export function SetPasswordPage() {
  // One page for both links: a reset's says "new".
  const reset = useLocation({ select: (location) => location.pathname }) === '/reset-password';
  const title = reset ? 'Choose a new password' : 'Choose your password';
  usePageTitle(title);
  const { token } = useSearch({ strict: false });
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(
    token ? null : 'This link has no token: open the link from the email again.',
  );
  const form = useForm({
    initialValues: { password: '', confirm: '' },
    validate: newPasswordChecks,
  });
  const submit = form.onSubmit(async (values) => {
    if (!token) return;
    setFailure(null);
    try {
      openSession(
        unwrap(await api.POST('/auth/password/reset', { body: { token, password: values.password } })),
      );
      await navigate({ to: '/' });
    } catch (error) {
      if (error instanceof ApiFailure && error.fieldErrors.password)
        form.setErrors({ password: error.fieldErrors.password });
      else setFailure(failureText(error));
    }
  });
  return (
    <AuthCard
      title={title}
      intro={`At least ${PASSWORD_MIN_LENGTH} characters; a few words make a good one.`}
      failure={
        failure && (
          <>
            {failure}{' '}
            <Anchor component={Link} to="/sign-in" underline="always">
              Sign in
            </Anchor>
          </>
        )
      }
      failureTitle="The password was not set"
      onSubmit={submit}
    >
      <PasswordInput
        label="New password"
        autoComplete="new-password"
        required
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label="The same again"
        autoComplete="new-password"
        required
        {...form.getInputProps('confirm')}
      />
      <Button type="submit" loading={form.submitting} disabled={!token} fullWidth>
        Set the password and sign in
      </Button>
    </AuthCard>
  );
}
