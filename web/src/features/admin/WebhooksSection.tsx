import { Code, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SectionHeader } from './SectionHeader.tsx';
import { FormFailure } from '../../components/FormFailure.tsx';
import { SecretShownOnce } from '../../components/SecretShownOnce.tsx';
import { failureText } from '../../queries/failure.ts';
import { webhooksQuery, type Webhook } from '../../queries/webhooks.ts';
import { WebhookCard } from './WebhookCard.tsx';
import { WebhookForm } from './WebhookForm.tsx';

/** A signing secret just made (a new subscription's, or a rotated one), for this once. */
export type ShownSecret = { url: string; secret: string; rotated: boolean };

/**
 * The company's webhook subscriptions: create (the signing secret is shown once), edit, send a
 * test event, read the delivery log and deliver an event again, rotate the secret, delete.
 */
export function WebhooksSection() {
  const webhooks = useQuery(webhooksQuery);
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <SectionHeader title="Webhooks" action="New webhook" onAction={() => setEditing('new')} />
      <Text size="sm" c="dimmed">
        Events are posted to each address as they happen, signed with the subscription&apos;s secret
        (docs/webhooks.md).
      </Text>
      {secret && (
        <SecretShownOnce
          title="Copy the signing secret now: it will not be shown again"
          label="Signing secret"
          value={secret.secret}
          what="The secret"
          onDone={() => setSecret(null)}
        >
          Deliveries to <Code>{secret.url}</Code> are signed with it (the webhook-signature header)
          {secret.rotated ? ' from now on; the secret before no longer signs them' : ''}. If it gets lost,
          rotate it.
        </SecretShownOnce>
      )}
      <FormFailure
        title="The webhooks could not be loaded"
        failure={webhooks.isError ? failureText(webhooks.error) : null}
      />
      {webhooks.isPending && <Skeleton height={90} />}
      {webhooks.data?.length === 0 && <Text c="dimmed">No webhooks yet.</Text>}
      {webhooks.data?.map((webhook) => (
        <WebhookCard
          key={webhook.id}
          webhook={webhook}
          open={open === webhook.id}
          onToggle={() => setOpen(open === webhook.id ? null : webhook.id)}
          onEdit={() => setEditing(webhook)}
          onRotated={(rotated) => setSecret({ url: webhook.url, secret: rotated, rotated: true })}
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
              if (created) setSecret({ ...created, rotated: false });
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}
