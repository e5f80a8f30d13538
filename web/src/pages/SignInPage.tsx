import { Anchor, Button, PasswordInput, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { AuthCard, EmailInput, emailProblem } from '../components/AuthCard.tsx';
import { usePageTitle } from '../components/PageTitle.tsx';
import { signIn } from '../queries/auth.ts';
import { ApiFailure, failureText } from '../queries/failure.ts';
import { sameNamedErrorsOf } from '../queries/form-errors.ts';

const WHY: Record<string, string> = {
  link: 'That sign-in link does not work any more (links work once, for a limited time). Sign in below.',
  ended:
    'Your session ended (it expired, or you signed out or changed your password elsewhere). Sign in again to go on where you were.',
};

/** Where to go once signed in: a path of this site only, never another site's address. */
const landing = (returnTo: string | undefined) =>
  returnTo && returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : '/';

/**
 * Sign in by email and password; lands where the person was going. Enter in the password field
 * signs in, as every sign-in form does (a password manager relies on it).
 */
export function SignInPage() {
  usePageTitle('Sign in');
  const search = useSearch({ from: '/sign-in' });
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(WHY[search.error ?? ''] ?? null);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: { email: emailProblem, password: (value) => (value ? null : 'Enter your password') },
  });
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await signIn(values.email.trim(), values.password);
      await navigate({ href: landing(search.return_to) });
    } catch (error) {
      if (!(error instanceof ApiFailure && error.status === 422)) return setFailure(failureText(error));
      const { fields, rest } = sameNamedErrorsOf(error, { email: 'The email', password: 'The password' });
      form.setErrors(fields);
      setFailure(rest);
    }
  });
  return (
    <AuthCard
      title="Sign in"
      intro="Appraisal orders for lenders, appraisal companies and appraisers."
      failure={failure}
      failureTitle="Not signed in"
      onSubmit={submit}
    >
      <EmailInput {...form.getInputProps('email')} />
      <PasswordInput
        label="Password"
        autoComplete="current-password"
        required
        {...form.getInputProps('password')}
      />
      <Button type="submit" loading={form.submitting} fullWidth>
        Sign in
      </Button>
      <Anchor component={Link} to="/forgot-password" size="sm" underline="always">
        Forgot your password?
      </Anchor>
      <Text size="sm" c="dimmed">
        Invited? The invitation email has a link to choose your password.{' '}
        <Anchor href="/docs" size="sm" underline="always">
          API documentation
        </Anchor>
      </Text>
    </AuthCard>
  );
}
