import { Anchor, Button } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useLocation, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { AuthCard } from '../components/AuthCard.tsx';
import { NewPasswordFields } from '../components/NewPasswordFields.tsx';
import { usePageTitle } from '../components/PageTitle.tsx';
import { newPasswordChecks, PASSWORD_MIN_LENGTH } from '../lib/passwords.ts';
import { setPasswordByLink } from '../queries/auth.ts';
import { sendForm } from '../queries/form-errors.ts';

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
  const form = useForm({ initialValues: { password: '', confirm: '' }, validate: newPasswordChecks });
  const submit = form.onSubmit(async (values) => {
    if (!token) return;
    const refusal = { setErrors: form.setErrors, setFailure };
    const set = () => setPasswordByLink(token, values.password).then(() => true);
    if (await sendForm(set, refusal, { password: 'The password' })) await navigate({ to: '/' });
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
      <NewPasswordFields
        password={form.getInputProps('password')}
        confirm={form.getInputProps('confirm')}
        labels={['New password', 'The same again']}
      />
      <Button type="submit" loading={form.submitting} disabled={!token} fullWidth>
        Set the password and sign in
      </Button>
    </AuthCard>
  );
}
