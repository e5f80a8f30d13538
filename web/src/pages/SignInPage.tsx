import { Anchor, Button, PasswordInput, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiFailure, failureText } from '../queries/failure.ts';
import { api, unwrap } from '../queries/sdk.ts';
import { openSession } from '../queries/session.ts';
import { AuthCard, emailProblem } from '../components/AuthCard.tsx';
import { usePageTitle } from '../components/PageTitle.tsx';

/** Sign in by email and password; lands where the person was going (a path of this site only). */
export function SignInPage() {
  usePageTitle('Sign in');
  const search = useSearch({ from: '/sign-in' });
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(
    search.error === 'link'
      ? 'That sign-in link does not work any more (links work once, for a limited time). Sign in below.'
      : search.error === 'ended'
        ? 'Your session ended (it expired, or you signed out or changed your password elsewhere). Sign in again to go on where you were.'
        : null,
  );
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: { email: emailProblem, password: (value) => (value ? null : 'Enter your password') },
  });
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      openSession(
        unwrap(
          await api.POST('/auth/sign_in', {
            body: { email: values.email.trim(), password: values.password },
          }),
        ),
      );
      const target =
        search.return_to && search.return_to.startsWith('/') && !search.return_to.startsWith('//')
          ? search.return_to
          : '/';
      await navigate({ href: target });
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 422) form.setErrors(error.fieldErrors);
      else setFailure(failureText(error));
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
      <TextInput
        label="Email"
        type="email"
        autoComplete="username"
        required
        {...form.getInputProps('email')}
      />
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
