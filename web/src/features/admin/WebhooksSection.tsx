import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Modal,
  Skeleton,
  Stack,
  Switch,
  Table,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Schema } from '../../../../sdk/src/client.ts';
import { failureText } from '../../queries/failure.ts';
import { api, unwrap } from '../../queries/sdk.ts';
import { dateTime } from '../../lib/format.ts';
import { formErrorsOf } from './form-errors.ts';

type Webhook = Schema<'Webhook'>;
type Delivery = Schema<'WebhookDelivery'>;

/**
 * The company's webhook subscriptions: create (the signing secret is shown once), edit, send a
 * test event, read the delivery log and deliver an event again, delete.
 */
export function WebhooksSection() {
  const webhooks = useQuery({
    queryKey: ['webhooks'],
    queryFn: async () => unwrap(await api.GET('/api/v1/webhooks')),
  });
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Webhooks
        </Title>
        <Button onClick={() => setEditing('new')}>New webhook</Button>
      </Group>
      <Text size="sm" c="dimmed">
        Events are posted to each address as they happen, signed with the subscription&apos;s secret
        (docs/webhooks.md).
      </Text>
      {secret && <SecretBox {...secret} onDone={() => setSecret(null)} />}
      {webhooks.isError && (
        <Alert color="red" role="alert" title="The webhooks could not be loaded">
          {webhooks.error.message}
        </Alert>
      )}
      {webhooks.isPending && <Skeleton height={90} />}
      {webhooks.data?.length === 0 && <Text c="dimmed">No webhooks yet.</Text>}
      {webhooks.data?.map((webhook) => (
        <WebhookCard
          key={webhook.id}
          webhook={webhook}
          open={open === webhook.id}
          onToggle={() => setOpen(open === webhook.id ? null : webhook.id)}
          onEdit={() => setEditing(webhook)}
        />
      ))}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New webhook' : 'Edit webhook'}
        size="lg"
      >
        {editing !== null && (
          <WebhookForm
            webhook={editing === 'new' ? null : editing}
            onDone={(created) => {
              setEditing(null);
              if (created) setSecret(created);
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}

function WebhookCard({
  webhook,
  open,
  onToggle,
  onEdit,
}: {
  webhook: Webhook;
  open: boolean;
  onToggle: () => void;
  onEdit: () => void;
}) {
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const test = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/api/v1/webhooks/{webhook_id}/test', {
          params: { path: { webhook_id: webhook.id } },
        }),
      ),
    onSuccess: async () => {
      notifications.show({
        color: 'teal',
        title: 'Test event sent',
        message: `A webhook.test event goes to ${webhook.url}.`,
      });
      await queryClient.invalidateQueries({ queryKey: ['webhook-deliveries', webhook.id] });
      if (!open) onToggle();
    },
    onError: (error) =>
      notifications.show({ color: 'red', title: 'No test sent', message: failureText(error) }),
  });
  const remove = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.DELETE('/api/v1/webhooks/{webhook_id}', { params: { path: { webhook_id: webhook.id } } }),
      ),
    onSuccess: async () => {
      notifications.show({
        color: 'teal',
        title: 'Webhook deleted',
        message: `Nothing more goes to ${webhook.url}.`,
      });
      setDeleting(false);
      await queryClient.invalidateQueries({ queryKey: ['webhooks'] });
    },
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Not deleted', message: failureText(error) }),
  });
  return (
    <Card withBorder component="section" aria-label={`Webhook ${webhook.url}`}>
      <Group justify="space-between" align="start" wrap="wrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {webhook.url}
          </Text>
          {webhook.description && (
            <Text size="sm" c="dimmed">
              {webhook.description}
            </Text>
          )}
          <Group gap={6} mt={4}>
            {webhook.disabled_at ? (
              <Badge color="red" variant="dot" radius="sm" tt="none">
                Disabled: {webhook.disabled_reason ?? 'deliveries kept failing'}
              </Badge>
            ) : (
              <Badge color={webhook.active ? 'teal' : 'gray'} variant="dot" radius="sm" tt="none">
                {webhook.active ? 'Active' : 'Paused'}
              </Badge>
            )}
            <Text size="xs" c="dimmed">
              {webhook.event_types.length === 0 ? 'Every event' : webhook.event_types.join(', ')}
            </Text>
          </Group>
        </div>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => test.mutate()} loading={test.isPending}>
            Send test event
          </Button>
          <Button size="xs" variant="default" onClick={onEdit}>
            Edit
          </Button>
          <Button size="xs" variant="default" onClick={onToggle} aria-expanded={open}>
            {open ? 'Hide deliveries' : 'Deliveries'}
          </Button>
          <Button size="xs" variant="outline" color="red" onClick={() => setDeleting(true)}>
            Delete
          </Button>
        </Group>
      </Group>
      {open && <Deliveries webhook={webhook} />}
      <Modal opened={deleting} onClose={() => setDeleting(false)} title="Delete this webhook?">
        <Stack>
          <Text size="sm">
            Events stop going to <Code>{webhook.url}</Code> at once, and its delivery log is deleted with it.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(false)} data-autofocus>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

const STATUS_COLORS: Record<string, string> = { delivered: 'teal', pending: 'yellow', failed: 'red' };

/** The delivery log, newest first; it refreshes while a delivery is pending. */
function Deliveries({ webhook }: { webhook: Webhook }) {
  const queryClient = useQueryClient();
  const deliveries = useQuery({
    queryKey: ['webhook-deliveries', webhook.id],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/webhooks/{webhook_id}/deliveries', {
          params: { path: { webhook_id: webhook.id }, query: { per_page: 25 } },
        }),
      ),
    refetchInterval: (query) =>
      query.state.data?.some((delivery: Delivery) => delivery.status === 'pending') ? 1_000 : false,
  });
  const replay = useMutation({
    mutationFn: async (delivery: Delivery) =>
      unwrap(
        await api.POST('/api/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/replay', {
          params: { path: { webhook_id: webhook.id, delivery_id: delivery.id } },
        }),
      ),
    onSuccess: async (_answer, delivery) => {
      notifications.show({
        color: 'teal',
        title: 'Delivering again',
        message: `The ${delivery.event_type} event goes out again.`,
      });
      await queryClient.invalidateQueries({ queryKey: ['webhook-deliveries', webhook.id] });
    },
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Not replayed', message: failureText(error) }),
  });
  if (deliveries.isError)
    return (
      <Alert mt="sm" color="red" role="alert" title="The deliveries could not be loaded">
        {deliveries.error.message}
      </Alert>
    );
  if (!deliveries.data) return <Skeleton mt="sm" height={60} />;
  if (deliveries.data.length === 0)
    return (
      <Text mt="sm" size="sm" c="dimmed">
        No deliveries yet. Send a test event to see one.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={640} mt="sm">
      <Table verticalSpacing={6} aria-label={`Deliveries to ${webhook.url}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Event</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Attempts</Table.Th>
            <Table.Th scope="col">Answer</Table.Th>
            <Table.Th scope="col">Created</Table.Th>
            <Table.Th scope="col">Delivery</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.data.map((delivery) => (
            <Table.Tr key={delivery.id}>
              <Table.Td>
                <Code>{delivery.event_type}</Code>
                {delivery.replay_of && (
                  <Text span size="xs" c="dimmed" ml={6}>
                    replay
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLORS[delivery.status] ?? 'gray'} variant="dot" radius="sm" tt="none">
                  {delivery.status}
                </Badge>
              </Table.Td>
              <Table.Td>{delivery.attempts}</Table.Td>
              <Table.Td>{delivery.last_status_code ?? delivery.last_error ?? '—'}</Table.Td>
              <Table.Td>{dateTime(delivery.created_at)}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => replay.mutate(delivery)}
                  loading={replay.isPending && replay.variables.id === delivery.id}
                  aria-label={`Deliver the ${delivery.event_type} event of ${dateTime(delivery.created_at)} again`}
                >
                  Replay
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const API_FIELDS = { url: 'url', description: 'description', event_types: 'event_types' };
const LABELS = { url: 'The address', description: 'The description', event_types: 'The events' };

function WebhookForm({
  webhook,
  onDone,
}: {
  webhook: Webhook | null;
  onDone: (created?: { url: string; secret: string }) => void;
}) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      url: webhook?.url ?? '',
      description: webhook?.description ?? '',
      event_types: webhook?.event_types ?? [],
      active: webhook?.active ?? true,
    },
  });
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    const body = {
      url: values.url.trim(),
      description: values.description.trim() || null,
      event_types: values.event_types,
      active: values.active,
    };
    try {
      if (webhook) {
        unwrap(
          await api.PATCH('/api/v1/webhooks/{webhook_id}', {
            params: { path: { webhook_id: webhook.id } },
            body,
          }),
        );
        notifications.show({ color: 'teal', title: 'Webhook saved', message: body.url });
        await queryClient.invalidateQueries({ queryKey: ['webhooks'] });
        onDone();
      } else {
        const created = unwrap(await api.POST('/api/v1/webhooks', { body }));
        notifications.show({
          color: 'teal',
          title: 'Webhook created',
          message: 'Copy its signing secret now.',
        });
        await queryClient.invalidateQueries({ queryKey: ['webhooks'] });
        onDone({ url: created.url, secret: created.secret });
      }
    } catch (error) {
      // Messages about one event type (event_types[2]) stand by the events field.
      const { fields, rest } = formErrorsOf(error, API_FIELDS, LABELS);
      const eventProblem = rest?.match(/event_types\[\d+\] (.*)/);
      if (eventProblem) fields.event_types = `An event ${eventProblem[1]}`;
      form.setErrors(fields);
      setFailure(eventProblem ? null : rest);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" role="alert" title="Not saved">
            {failure}
          </Alert>
        )}
        <TextInput
          label="Address (URL)"
          withAsterisk
          type="url"
          placeholder="https://example.com/hooks/appraisals"
          maxLength={2000}
          data-autofocus
          {...form.getInputProps('url')}
        />
        <TextInput label="Description" maxLength={500} {...form.getInputProps('description')} />
        <TagsInput
          label="Events"
          description="Empty: every event. Type an event's name, such as order.status_changed, and press Enter."
          placeholder="Every event"
          clearable
          {...form.getInputProps('event_types')}
        />
        <Switch label="Active" {...form.getInputProps('active', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone()}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            {webhook ? 'Save' : 'Create webhook'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The signing secret of a new subscription, this once. */
function SecretBox({ url, secret, onDone }: { url: string; secret: string; onDone: () => void }) {
  return (
    <Alert color="orange" variant="outline" title="Copy the signing secret now: it will not be shown again">
      <Stack gap="xs">
        <Text size="sm">
          Deliveries to <Code>{url}</Code> are signed with it (the webhook-signature header). If it gets lost,
          rotate it.
        </Text>
        <TextInput
          label="Signing secret"
          value={secret}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <Group gap="xs">
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button
                color={copied ? 'teal' : undefined}
                onClick={() => {
                  copy();
                  notifications.show({
                    color: 'teal',
                    title: 'Copied',
                    message: 'The secret is on your clipboard.',
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
