import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  DataList,
  Group,
  Modal,
  PasswordInput,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
  useMatches,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { Schema } from '../../../sdk/src/client.ts';
import { ApiFailure, failureText } from '../queries/failure.ts';
import { api, unwrap } from '../queries/sdk.ts';
import { sessionQuery, type Session } from '../queries/session.ts';
import { usePageTitle } from '../components/PageTitle.tsx';
import { dateTime } from '../lib/format.ts';
import { newPasswordChecks, PASSWORD_MIN_LENGTH } from '../lib/passwords.ts';

/**
 * The signed-in user's own account: who they are, their password, which status emails they
 * get, and their API keys (issued here, shown once, revoked here).
 */
export function AccountPage() {
  usePageTitle('Account');
  // The route needs a session, so it is loaded before the page shows.
  const { data: session } = useQuery(sessionQuery);
  return (
    <Stack maw={760} mx="auto" gap="md">
      <Title order={1} size="h2">
        Account
      </Title>
      {session && <Profile session={session} />}
      <ChangePassword />
      <NotificationSettings />
      <ApiKeys />
    </Stack>
  );
}

function Section({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      {intro && (
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
      )}
      <Stack mt="sm" gap="sm">
        {children}
      </Stack>
    </Card>
  );
}

const ROLES: Record<string, string> = {
  client: 'Lender (client)',
  staff: 'Appraisal company staff',
  appraiser: 'Appraiser',
  operator: 'Operator of the service',
};

/** What the service knows of the user; it has no call to change it, so it is read only. */
function Profile({ session: { user } }: { session: Session }) {
  // On a phone, each value under its label, where an email address has the width it needs.
  const orientation = useMatches<'vertical' | 'horizontal'>(
    { base: 'vertical', xs: 'horizontal' },
    // Read at once (no server rendering), so that a desktop never sees the phone's layout first.
    { getInitialValueInEffect: false },
  );
  const item = (label: string, value: ReactNode) => (
    <DataList.Item>
      <DataList.ItemLabel c="dimmed">{label}</DataList.ItemLabel>
      <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>{value}</DataList.ItemValue>
    </DataList.Item>
  );
  return (
    <Section title="Profile" intro="As your organization registered you; it cannot be changed here.">
      <DataList labelWidth={130} orientation={orientation}>
        {item('Name', user.name)}
        {item('Email', user.email)}
        {item('Role', `${ROLES[user.role] ?? user.role}${user.is_admin ? ', administrator' : ''}`)}
        {item('Organization ID', user.organization_id ? <Code>{user.organization_id}</Code> : 'None')}
      </DataList>
    </Section>
  );
}

/** The current password and a new one twice; every other session ends (PUT /auth/password). */
function ChangePassword() {
  const [changed, setChanged] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { current_password: '', password: '', confirm: '' },
    validate: newPasswordChecks,
  });
  const submit = form.onSubmit(async ({ current_password, password }) => {
    setFailure(null);
    setChanged(false);
    try {
      unwrap(await api.PUT('/auth/password', { body: { current_password, password } }));
      form.reset();
      setChanged(true);
      notifications.show({
        color: 'teal',
        title: 'Password changed',
        message: 'Every other session of yours was signed out.',
      });
    } catch (error) {
      const fields =
        error instanceof ApiFailure && error.status === 422
          ? error.fieldSentences({ current_password: 'The current password', password: 'The new password' })
          : {};
      if (Object.keys(fields).some((field) => field in form.values)) form.setErrors(fields);
      else setFailure(failureText(error));
    }
  });
  return (
    <Section title="Password" intro="Changing it signs you out everywhere else; your API keys keep working.">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={420}>
          {failure && (
            <Alert color="red" role="alert" title="The password was not changed">
              {failure}
            </Alert>
          )}
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
          <PasswordInput
            label="New password"
            description={`At least ${PASSWORD_MIN_LENGTH} characters; a few words make a good one.`}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="New password again"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirm')}
          />
          <Group>
            <Button type="submit" loading={form.submitting}>
              Change the password
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

type Change = Schema<'NotificationSettingsChange'>;

/** One switch per status email of the user's role; operators get none, and see no section. */
function NotificationSettings() {
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: ['notification-settings'],
    queryFn: async () => unwrap(await api.GET('/api/v1/me/notification_settings')),
  });
  const change = useMutation({
    mutationFn: async ({ kind, enabled }: { kind: keyof Change; enabled: boolean }) =>
      unwrap(await api.PATCH('/api/v1/me/notification_settings', { body: { [kind]: enabled } })),
    onSuccess: (answer, { kind, enabled }) => {
      queryClient.setQueryData(['notification-settings'], answer);
      notifications.show({
        color: 'teal',
        title: enabled ? 'Email turned on' : 'Email turned off',
        message: answer.find((setting) => setting.kind === kind)?.description ?? kind,
      });
    },
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Not changed', message: failureText(error) }),
  });
  if (settings.data?.length === 0) return null;
  return (
    <Section title="Email notifications" intro="The status emails you get; each links to its order.">
      {settings.isError && (
        <Alert color="red" role="alert" title="The settings could not be loaded">
          {settings.error.message}
        </Alert>
      )}
      {settings.isPending &&
        Array.from({ length: 5 }, (_, i) => <Skeleton key={i} height={24} aria-hidden="true" />)}
      {settings.data?.map((setting) => (
        <Switch
          key={setting.kind}
          label={setting.description}
          checked={setting.enabled}
          disabled={change.isPending && change.variables.kind === setting.kind}
          onChange={(event) => change.mutate({ kind: setting.kind, enabled: event.currentTarget.checked })}
        />
      ))}
    </Section>
  );
}

type ApiKey = Schema<'ApiKey'>;
type IssuedKey = Schema<'IssuedApiKey'>;

/** The user's keys: issue one (shown once, with a copy button), revoke one after confirming. */
export function ApiKeys() {
  const queryClient = useQueryClient();
  const keys = useQuery({
    queryKey: ['api-keys'],
    queryFn: async () => unwrap(await api.GET('/api/v1/api_keys')),
  });
  const [issued, setIssued] = useState<IssuedKey | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
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
      const key = unwrap(await api.POST('/api/v1/api_keys', { body: { label: label.trim() } }));
      setIssued(key);
      form.reset();
      notifications.show({
        color: 'teal',
        title: 'API key issued',
        message: 'Copy it now: it is shown once.',
      });
      await queryClient.invalidateQueries({ queryKey: ['api-keys'] });
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 403) setRefusal(error.message);
      else if (error instanceof ApiFailure && error.fieldErrors.label)
        form.setErrors(error.fieldSentences({ label: 'The name' }));
      else setFailure(failureText(error));
    }
  });

  const listRefusal =
    keys.error instanceof ApiFailure && keys.error.status === 403 ? keys.error.message : null;
  if (refusal ?? listRefusal)
    return (
      <Section title="API keys">
        <Alert color="gray" title="Your role may not have API keys">
          {refusal ?? listRefusal}
        </Alert>
      </Section>
    );
  return (
    <Section
      title="API keys"
      intro="For programs that call the service in your name (the X-Api-Key header). A key is shown once, when it is issued."
    >
      <form onSubmit={issue} noValidate>
        <Stack gap="sm" maw={420}>
          {failure && (
            <Alert color="red" role="alert" title="No key was issued">
              {failure}
            </Alert>
          )}
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
        </Stack>
      </form>
      {issued && <IssuedKeyBox issued={issued} onDone={() => setIssued(null)} />}
      {keys.isError && (
        <Alert color="red" role="alert" title="The keys could not be loaded">
          {keys.error.message}
        </Alert>
      )}
      <Stack component="ul" gap="xs" p={0} m={0} aria-label="Your API keys" style={{ listStyle: 'none' }}>
        {keys.isPending &&
          Array.from({ length: 2 }, (_, i) => (
            <li key={i} aria-hidden="true">
              <Skeleton height={62} />
            </li>
          ))}
        {keys.data?.map((key) => (
          <KeyRow key={key.id} apiKey={key} onRevoke={() => setRevoking(key)} />
        ))}
      </Stack>
      {keys.data?.length === 0 && <Text c="dimmed">No API keys yet.</Text>}
      {revoking && <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />}
    </Section>
  );
}

const keyName = (key: { label: string | null }) => key.label ?? 'Unnamed key';

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  return (
    <Card component="li" withBorder padding="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} c={apiKey.revoked_at ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }}>
            {keyName(apiKey)}
          </Text>
          <Text size="sm" c="dimmed">
            <Code>{apiKey.prefix}…</Code> · issued {dateTime(apiKey.created_at)}
          </Text>
        </div>
        {apiKey.revoked_at ? (
          <Badge color="gray" variant="light" radius="sm" tt="none">
            Revoked {dateTime(apiKey.revoked_at)}
          </Badge>
        ) : (
          <Button
            variant="outline"
            color="red"
            size="xs"
            onClick={onRevoke}
            aria-label={`Revoke ${keyName(apiKey)}`}
          >
            Revoke
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** The new key, this once: a box to select it from, a copy button, and the warning. */
function IssuedKeyBox({ issued, onDone }: { issued: IssuedKey; onDone: () => void }) {
  return (
    <Alert color="orange" variant="outline" title="Copy the key now: it will not be shown again">
      <Stack gap="sm">
        <Text size="sm">
          The service keeps only a fingerprint of it. If it gets lost, revoke it and issue another.
        </Text>
        <Textarea
          label={`New key “${keyName(issued)}”`}
          value={issued.api_key}
          readOnly
          autosize
          minRows={1}
          onFocus={(event) => event.currentTarget.select()}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', wordBreak: 'break-all' } }}
        />
        <Group gap="xs">
          <CopyButton value={issued.api_key} timeout={4000}>
            {({ copied, copy }) => (
              <Button
                color={copied ? 'teal' : undefined}
                onClick={() => {
                  copy();
                  notifications.show({
                    color: 'teal',
                    title: 'Copied',
                    message: 'The key is on your clipboard.',
                  });
                }}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onDone}>
            I have kept it
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** Revoking stops the key at once; the dialog says so before it happens. */
function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: async () =>
      unwrap(await api.DELETE('/api/v1/api_keys/{key_id}', { params: { path: { key_id: apiKey.id } } })),
    onSuccess: async () => {
      notifications.show({
        color: 'teal',
        title: 'API key revoked',
        message: `“${keyName(apiKey)}” no longer works.`,
      });
      await queryClient.invalidateQueries({ queryKey: ['api-keys'] });
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={`Revoke “${keyName(apiKey)}”?`} centered>
      <Stack>
        <Text size="sm">
          Programs using the key <Code>{apiKey.prefix}…</Code> get “not authenticated” from now on. This
          cannot be undone; a new key can be issued.
        </Text>
        {revoke.isError && (
          <Alert color="red" role="alert" title="The key was not revoked">
            {failureText(revoke.error)}
          </Alert>
        )}
        <Group justify="end">
          {/* Focus starts on the harmless choice. */}
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={() => revoke.mutate()} loading={revoke.isPending}>
            Revoke the key
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
