import { Alert, Anchor, Button, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { AuthCard, EmailInput, emailProblem } from '../components/AuthCard.tsx';
import { usePageTitle } from '../components/PageTitle.tsx';
import { askForResetLink } from '../queries/auth.ts';
import { sendForm } from '../queries/form-errors.ts';

/** Asks for a reset link by email; the answer is the same whether the email has an account. */
export function ForgotPasswordPage() {
  usePageTitle('Forgot your password');
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: '' }, validate: { email: emailProblem } });
  const submit = form.onSubmit(async ({ email }) => {
    const refusal = { setErrors: form.setErrors, setFailure };
    const asked = () => askForResetLink(email.trim()).then(() => true);
    if (await sendForm(asked, refusal, { email: 'The email' })) setSent(true);
  });
  return (
    <AuthCard
      title="Forgot your password"
      intro={sent ? undefined : 'We will email you a link to choose a new password.'}
      failure={failure}
      onSubmit={submit}
    >
      {sent ? (
        <Alert
          color="teal"
          role="status"
          // Mantine's teal title on its light teal background is under 4.5:1: the title is dark.
          title={
            <Text fw={700} size="sm" c="dark.8">
              Check your email
            </Text>
          }
        >
          If {form.values.email.trim()} has an account, a link to choose a new password is on its way. It
          works once, for an hour.
        </Alert>
      ) : (
        <>
          <EmailInput {...form.getInputProps('email')} />
          <Button type="submit" loading={form.submitting} fullWidth>
            Email me a link
          </Button>
        </>
      )}
      <Anchor component={Link} to="/sign-in" size="sm" underline="always">
        Back to sign in
      </Anchor>
    </AuthCard>
  );
}
