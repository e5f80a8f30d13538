import { Switch, TagsInput, TextInput } from '@mantine/core';
import { notifyDone } from '../../lib/notices.ts';
import { RefusableForm } from '../../components/RefusableForm.tsx';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormButtons } from '../../components/FormButtons.tsx';
import { sendForm } from '../../queries/form-errors.ts';
import { createWebhook, updateWebhook, type Webhook } from '../../queries/webhooks.ts';

// A message about one event type (event_types[2]) stands by the events field.
const LABELS = {
  url: 'The address',
  description: 'The description',
  event_types: 'The events',
  'event_types[]': 'An event',
};

/** A subscription's address, description, events and whether it is active; a new one's secret. */
export function WebhookForm({
  webhook,
  onDone,
}: {
  webhook: Webhook | null;
  onDone: (created?: { url: string; secret: string }) => void;
}) {
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
    const body = {
      url: values.url.trim(),
      description: values.description.trim() || null,
      event_types: values.event_types,
      active: values.active,
    };
    const refusal = { setErrors: form.setErrors, setFailure };
    if (webhook) {
      if (!(await sendForm(() => updateWebhook(webhook.id, body), refusal, LABELS))) return;
      notifyDone('Webhook saved', body.url);
      return onDone();
    }
    const created = await sendForm(() => createWebhook(body), refusal, LABELS);
    if (!created) return;
    notifyDone('Webhook created', 'Copy its signing secret now.');
    onDone({ url: created.url, secret: created.secret });
  });
  return (
    <RefusableForm onSubmit={submit} failureTitle="Not saved" failure={failure}>
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
      <FormButtons
        onCancel={() => onDone()}
        submitting={form.submitting}
        submit={webhook ? 'Save' : 'Create webhook'}
      />
    </RefusableForm>
  );
}
