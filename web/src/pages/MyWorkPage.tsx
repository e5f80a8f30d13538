import { Alert, Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { fetchesActionDialog, LazyActionDialog } from '../features/actions/LazyActionDialog.tsx';
import { failureText } from '../queries/failure.ts';
import { useActing } from '../queries/session.ts';
import { usePageTitle } from '../components/PageTitle.tsx';
import { SubmitButton, WorkCard } from '../features/workspace/WorkCard.tsx';
import { workQuery, type WorkItem } from '../queries/work.ts';

interface Group {
  key: string;
  title: string;
  items: WorkItem[];
}

/** Midnight ending today, and the end of the seventh day from now, in the person's time zone. */
function horizons(now = new Date()) {
  const endOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime();
  return { endOfToday, endOfWeek: endOfToday + 6 * 86_400_000 };
}

/** The work grouped by the next thing to do, the most pressing first. */
export function groupWork(items: WorkItem[], now = new Date()): Group[] {
  const { endOfToday, endOfWeek } = horizons(now);
  const when = (item: WorkItem) => Date.parse(item.inspection_scheduled_at ?? '') || 0;
  const by = (step: WorkItem['next_step']) => items.filter((item) => item.next_step === step);
  const inspect = by('inspect');
  return [
    { key: 'schedule', title: 'To schedule', items: by('schedule') },
    { key: 'today', title: 'To inspect today', items: inspect.filter((i) => when(i) < endOfToday) },
    {
      key: 'week',
      title: 'To inspect this week',
      items: inspect.filter((i) => when(i) >= endOfToday && when(i) < endOfWeek),
    },
    { key: 'later', title: 'To inspect later', items: inspect.filter((i) => when(i) >= endOfWeek) },
    { key: 'submit', title: 'To submit', items: by('submit') },
    { key: 'revise', title: 'Revisions requested', items: by('revise') },
    { key: 'on_hold', title: 'On hold', items: by('on_hold') },
    { key: 'await_terms', title: 'Your conditions, being decided', items: by('await_terms') },
    { key: 'in_review', title: 'In review', items: by('in_review') },
  ].filter((group) => group.items.length > 0);
}

type Dialog = { item: WorkItem; action: 'schedule_inspection' | 'complete_inspection' };

/** "My work": the appraiser's orders by what they need next, each card with its one action. */
export function MyWorkPage() {
  usePageTitle('My work');
  const work = useQuery(workQuery);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const acting = useActing();
  const items = work.data ?? [];
  const offers = items.filter((item) => item.next_step === 'answer_offer').length;
  const groups = groupWork(items);

  const actionOf = (item: WorkItem) => {
    switch (item.next_step) {
      case 'schedule':
        return (
          <Button {...fetchesActionDialog} onClick={() => setDialog({ item, action: 'schedule_inspection' })}>
            Schedule
          </Button>
        );
      case 'inspect':
        return acting ? (
          <Text size="sm" c="dimmed">
            The appraiser records the inspection.
          </Text>
        ) : (
          <Button {...fetchesActionDialog} onClick={() => setDialog({ item, action: 'complete_inspection' })}>
            Complete inspection
          </Button>
        );
      case 'submit':
      case 'revise':
        return acting ? (
          <Text size="sm" c="dimmed">
            The appraiser submits their report.
          </Text>
        ) : (
          <SubmitButton orderId={item.id}>
            {item.next_step === 'submit' ? 'Submit the report' : 'Revise and resubmit'}
          </SubmitButton>
        );
      default:
        return undefined;
    }
  };

  return (
    <Stack maw={720} mx="auto" gap="md">
      <Title order={1} size="h2">
        My work
      </Title>
      {work.isError && (
        <Alert color="red" role="alert" title="Your work could not be loaded">
          {failureText(work.error)}
        </Alert>
      )}
      {work.isPending && (
        <Stack gap="md" aria-busy="true" aria-label="Loading your work">
          <Skeleton height={24} width={160} />
          <Skeleton height={150} radius="md" />
          <Skeleton height={150} radius="md" />
        </Stack>
      )}
      {offers > 0 && (
        <Card withBorder padding="md" bg="indigo.0">
          <Text fw={600}>{offers === 1 ? '1 offer to answer' : `${offers} offers to answer`}</Text>
          <Text size="sm" mb="xs">
            Offers time out: answer them first.
          </Text>
          <Button component={Link} to="/offers">
            Answer offers
          </Button>
        </Card>
      )}
      {work.data && groups.length === 0 && offers === 0 && (
        <Card withBorder padding="lg">
          <Text fw={500}>Nothing to do now.</Text>
          <Text c="dimmed" size="sm">
            Orders you accept show here, grouped by what they need next.
          </Text>
        </Card>
      )}
      {groups.map((group) => (
        <Stack key={group.key} gap="xs" component="section" aria-labelledby={`group-${group.key}`}>
          <Title order={2} size="h4" id={`group-${group.key}`}>
            {group.title} ({group.items.length})
          </Title>
          {group.items.map((item) => (
            <WorkCard key={item.id} item={item} action={actionOf(item)} />
          ))}
        </Stack>
      ))}
      {dialog && (
        <LazyActionDialog
          order={dialog.item}
          action={dialog.action}
          title={dialog.action === 'schedule_inspection' ? 'Schedule the inspection' : 'Complete inspection'}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
