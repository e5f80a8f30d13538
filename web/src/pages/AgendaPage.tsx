import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchesActionDialog, LazyActionDialog } from '../features/actions/LazyActionDialog.tsx';
import { FormFailure } from '../components/FormFailure.tsx';
import { failureText } from '../queries/failure.ts';
import { PageFrame } from '../components/PageFrame.tsx';
import { CalendarFeedCard } from '../features/workspace/CalendarFeedCard.tsx';
import { ContactLinks } from '../features/workspace/WorkCard.tsx';
import { clockTime, dayOf } from '../lib/time.ts';
import { workQuery, type WorkItem } from '../queries/work.ts';

type Dialog = { item: WorkItem; action: 'schedule_inspection' | 'complete_inspection' };

/**
 * The agenda: scheduled inspections by day, in the person's time zone, each with the time, the
 * address on a map, the contact's phone, and reschedule / complete; then the calendar feed.
 */
export function AgendaPage() {
  const work = useQuery(workQuery);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const scheduled = (work.data ?? [])
    .filter((item) => item.next_step === 'inspect' && item.inspection_scheduled_at)
    .sort((a, b) => Date.parse(a.inspection_scheduled_at!) - Date.parse(b.inspection_scheduled_at!));
  const days = new Map<string, WorkItem[]>();
  for (const item of scheduled) {
    const day = dayOf(item.inspection_scheduled_at!);
    days.set(day, [...(days.get(day) ?? []), item]);
  }

  return (
    <PageFrame title="Agenda">
      <FormFailure
        title="The agenda could not be loaded"
        failure={work.isError ? failureText(work.error) : null}
      />
      {work.isPending && (
        <Stack gap="md" aria-busy="true" aria-label="Loading the agenda">
          <Skeleton height={24} width={120} />
          <Skeleton height={140} radius="md" />
        </Stack>
      )}
      {work.data && scheduled.length === 0 && (
        <Card withBorder padding="lg">
          <Text fw={500}>No inspection scheduled.</Text>
          <Text c="dimmed" size="sm">
            Schedule inspections from My work; they show here by day.
          </Text>
        </Card>
      )}
      {[...days].map(([day, items]) => (
        <Stack key={day} gap="xs" component="section" aria-label={day}>
          <Title order={2} size="h4">
            {day}
          </Title>
          {items.map((item) => (
            <Card key={item.id} withBorder padding="md" component="article" aria-label={item.full_address}>
              <Stack gap={4}>
                <Text fw={700} size="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {clockTime(item.inspection_scheduled_at!)}
                </Text>
                <Text fw={600}>{item.full_address}</Text>
                <Text size="sm" c="dimmed">
                  Order {item.file_number} · Due {item.due_date ?? '—'}
                </Text>
                <ContactLinks item={item} />
                <Group gap="xs" mt={4}>
                  <Button
                    {...fetchesActionDialog}
                    onClick={() => setDialog({ item, action: 'complete_inspection' })}
                  >
                    Complete inspection
                  </Button>
                  <Button
                    variant="default"
                    {...fetchesActionDialog}
                    onClick={() => setDialog({ item, action: 'schedule_inspection' })}
                  >
                    Reschedule
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        </Stack>
      ))}
      <CalendarFeedCard />
      {dialog && (
        <LazyActionDialog
          order={dialog.item}
          action={dialog.action}
          title={
            dialog.action === 'schedule_inspection' ? 'Reschedule the inspection' : 'Complete inspection'
          }
          onClose={() => setDialog(null)}
        />
      )}
    </PageFrame>
  );
}
