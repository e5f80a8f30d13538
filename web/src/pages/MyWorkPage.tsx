import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { LazyActionDialog } from '../features/actions/LazyActionDialog.tsx';
import { useActing } from '../queries/session.ts';
import { PageFrame } from '../components/PageFrame.tsx';
import { hasNextStep, NextStepAction, type WorkDialog } from '../features/workspace/NextStepAction.tsx';
import { WorkCard } from '../features/workspace/WorkCard.tsx';
import { groupWork } from '../features/workspace/work-groups.ts';
import { workQuery, type WorkItem } from '../queries/work.ts';

type Dialog = { item: WorkItem; action: WorkDialog };

/** "My work": the appraiser's orders by what they need next, each card with its one action. */
export function MyWorkPage() {
  const work = useSuspenseQuery(workQuery);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const acting = useActing();
  const items = work.data;
  const offers = items.filter((item) => item.next_step === 'answer_offer').length;
  const groups = groupWork(items);

  return (
    <PageFrame title="My work">
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
      {groups.length === 0 && offers === 0 && (
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
            <WorkCard
              key={item.id}
              item={item}
              action={
                hasNextStep(item) && (
                  <NextStepAction
                    item={item}
                    acting={acting}
                    onAction={(action) => setDialog({ item, action })}
                  />
                )
              }
            />
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
    </PageFrame>
  );
}
