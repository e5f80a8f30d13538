import {
  Alert,
  Anchor,
  Button,
  Center,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { api, ApiFailure, queryClient, rememberSession, unwrap } from '../api.ts';
import { usePageTitle } from '../components/PageTitle.tsx';

/** Sign in by email and password; lands where the person was going (a path of this site only). */
export function SignInPage() {
  usePageTitle('Sign in');
  const search = useSearch({ from: '/sign-in' });
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(
    search.error === 'link'
      ? 'That sign-in link does not work any more (links work once, for a limited time). Sign in below.'
      : null,
  );
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => (/^\S+@\S+\.\S+$/.test(value.trim()) ? null : 'Enter your email address'),
      password: (value) => (value ? null : 'Enter your password'),
    },
  });
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const session = unwrap(
        await api.POST('/auth/sign_in', { body: { email: values.email.trim(), password: values.password } }),
      );
      rememberSession(session);
      queryClient.setQueryData(['session'], session);
      const target =
        search.return_to && search.return_to.startsWith('/') && !search.return_to.startsWith('//')
          ? search.return_to
          : '/orders';
      await navigate({ href: target });
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 422) form.setErrors(error.fieldErrors);
      else
        setFailure(
          error instanceof ApiFailure ? error.message : 'The service could not be reached. Try again.',
        );
    }
  });
  return (
    <Center mih="70vh">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={420}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <div>
              <Title order={1} size="h2">
                Sign in
              </Title>
              <Text c="dimmed" size="sm">
                Appraisal orders for lenders, appraisal companies and appraisers.
              </Text>
            </div>
            {failure && (
              <Alert color="red" role="alert" title="Not signed in">
                {failure}
              </Alert>
            )}
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
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
