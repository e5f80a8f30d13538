import { Alert, Anchor, Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { api, ApiFailure, queryClient, rememberSession, unwrap } from '../api.ts';
import { usePageTitle } from '../components/PageTitle.tsx';

const MIN_LENGTH = 12;

/**
 * Choosing a password through an emailed link: an invitation's (/set-password) or a reset's
 * (/reset-password). The link works once; the password opens a session straight away.
 */
export function SetPasswordPage({ reset }: { reset: boolean }) {
  usePageTitle(reset ? 'Choose a new password' : 'Choose your password');
  const { token } = useSearch({ strict: false });
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(
    token ? null : 'This link has no token: open the link from the email again.',
  );
  const form = useForm({
    initialValues: { password: '', confirm: '' },
    validate: {
      password: (value) => (value.length >= MIN_LENGTH ? null : `At least ${MIN_LENGTH} characters`),
      confirm: (value, values) => (value === values.password ? null : 'The two passwords differ'),
    },
  });
  const submit = form.onSubmit(async (values) => {
    if (!token) return;
    setFailure(null);
    try {
      const session = unwrap(
        await api.POST('/auth/password/reset', { body: { token, password: values.password } }),
      );
      rememberSession(session);
      queryClient.setQueryData(['session'], session);
      await navigate({ to: '/orders' });
    } catch (error) {
      if (error instanceof ApiFailure && error.fieldErrors.password)
        form.setErrors({ password: error.fieldErrors.password });
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
                {reset ? 'Choose a new password' : 'Choose your password'}
              </Title>
              <Text c="dimmed" size="sm">
                At least {MIN_LENGTH} characters; a few words make a good one.
              </Text>
            </div>
            {failure && (
              <Alert color="red" role="alert" title="The password was not set">
                {failure}{' '}
                <Anchor component={Link} to="/sign-in" underline="always">
                  Sign in
                </Anchor>
              </Alert>
            )}
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
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
