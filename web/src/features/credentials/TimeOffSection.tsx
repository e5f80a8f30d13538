import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormButtons } from '../../components/FormButtons.tsx';
import { FormFailure } from '../../components/FormFailure.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { usDay } from '../../lib/format.ts';
import { enterDoesNotSubmit } from '../../lib/forms.ts';
import { notifyDone } from '../../lib/notices.ts';
import { addTimeOff, removeTimeOff, timeOffQuery, type TimeOff } from '../../queries/credentials.ts';
import { failureText } from '../../queries/failure.ts';
import { sendForm } from '../../queries/form-errors.ts';

const LABELS = { starts_on: 'The first day away', ends_on: 'The last day away', note: 'The note' };

function TimeOffForm({ appraiserId, onDone }: { appraiserId: string; onDone: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ initialValues: { starts_on: '', ends_on: '', note: '' } });
  const submit = form.onSubmit(async (values) => {
    const kept = await sendForm(
      () => addTimeOff(appraiserId, { ...values, note: values.note.trim() || null }),
      { setErrors: form.setErrors, setFailure },
      LABELS,
    );
    if (!kept) return;
    notifyDone(
      'Time off kept',
      `No order is offered from ${usDay(kept.starts_on)} to ${usDay(kept.ends_on)}.`,
    );
    onDone();
  });
  return (
    <form onSubmit={submit} onKeyDown={enterDoesNotSubmit} noValidate aria-label="Time off">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="First day away" type="date" {...form.getInputProps('starts_on')} />
          <TextInput label="Last day away" type="date" {...form.getInputProps('ends_on')} />
        </SimpleGrid>
        <TextInput label="Note" description="Optional" maxLength={500} {...form.getInputProps('note')} />
        <FormFailure title="The time off was not kept" failure={failure} />
        <FormButtons onCancel={onDone} submitting={form.submitting} submit="Keep this time off" />
      </Stack>
    </form>
  );
}

/** Days the appraiser is away: the engine offers them nothing then. */
export function TimeOffSection({ appraiserId }: { appraiserId: string }) {
  const { data: stretches } = useSuspenseQuery(timeOffQuery(appraiserId));
  const [adding, setAdding] = useState(false);
  const remove = useMutation({
    mutationFn: (away: TimeOff) => removeTimeOff(appraiserId, away.id),
    onSuccess: () => notifyDone('Time off removed', 'Orders can be offered on those days again.'),
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Not removed', message: failureText(error) }),
  });
  return (
    <SectionCard title="Time off" intro="No order is offered on these days, both ends included.">
      {stretches.length === 0 ? (
        <Text size="sm">None planned.</Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {stretches.map((away) => (
            <Group key={away.id} component="li" justify="space-between" wrap="nowrap">
              <Text size="sm">
                {usDay(away.starts_on)} to {usDay(away.ends_on)}
                {away.note ? ` · ${away.note}` : ''}
              </Text>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                aria-label={`Remove the time off from ${usDay(away.starts_on)}`}
                style={{ flexShrink: 0 }}
                loading={remove.isPending && remove.variables.id === away.id}
                onClick={() => remove.mutate(away)}
              >
                Remove
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      {adding ? (
        <TimeOffForm appraiserId={appraiserId} onDone={() => setAdding(false)} />
      ) : (
        <Group>
          <Button variant="light" onClick={() => setAdding(true)}>
            Add time off
          </Button>
        </Group>
      )}
    </SectionCard>
  );
}
