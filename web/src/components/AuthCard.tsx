import { Alert, Center, Paper, Stack, Text, TextInput, Title, type TextInputProps } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

/**
 * The frame of the pages a person sees before they are signed in (sign in, choose a password,
 * forgot it): a titled card holding one form, with the service's refusal above the fields.
 */
export function AuthCard(props: {
  title: string;
  intro?: ReactNode;
  failure: ReactNode | null;
  failureTitle?: string;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <Center mih="70vh">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={420}>
        <form onSubmit={props.onSubmit} noValidate>
          <Stack>
            <div>
              <Title order={1} size="h2">
                {props.title}
              </Title>
              {props.intro && (
                <Text c="dimmed" size="sm">
                  {props.intro}
                </Text>
              )}
            </div>
            {props.failure && (
              <Alert color="red" role="alert" {...(props.failureTitle ? { title: props.failureTitle } : {})}>
                {props.failure}
              </Alert>
            )}
            {props.children}
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}

/** The email a person signs in with (a password manager fills it as the user name). */
export const EmailInput = (props: TextInputProps) => (
  <TextInput label="Email" type="email" autoComplete="username" required {...props} />
);

/** The form check of an email field, before the service sees it. */
export const emailProblem = (value: string) =>
  /^\S+@\S+\.\S+$/.test(value.trim()) ? null : 'Enter your email address';
