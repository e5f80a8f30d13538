import {
  Alert,
  Badge,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { usePageTitle } from '../components/PageTitle.tsx';
import { failureText } from '../queries/failure.ts';
import { QueueBoard } from '../features/pipeline/QueueBoard.tsx';
import { QueueTable } from '../features/pipeline/QueueTable.tsx';
import { queuesQuery } from '../queries/pipeline.ts';

/** A count the API gives up to a cap: "100+" beyond it. */
const upTo = (count: number, capped: boolean) => `${count.toLocaleString()}${capped ? '+' : ''}`;

/**
 * The appraisal company's pipeline: its queues with their counts (what needs us now), and the
 * chosen queue's orders as a table with bulk actions or as a board by status. The queue, the
 * view and the page live in the URL.
 */
export function PipelinePage() {
  const search = useSearch({ from: '/pipeline' });
  const navigate = useNavigate({ from: '/pipeline' });
  const queues = useQuery(queuesQuery);
  const chosen = queues.data?.data.find((queue) => queue.id === search.queue) ?? queues.data?.data[0];
  usePageTitle(chosen ? `Pipeline · ${chosen.name}` : 'Pipeline');
  const view = search.view ?? 'table';
  const setSearch = (change: Partial<typeof search>) =>
    void navigate({ search: (previous) => ({ ...previous, ...change }) });

  return (
    <Stack gap="md" maw={1280} mx="auto">
      <Title order={1} size="h2">
        Pipeline
      </Title>
      {queues.isError && (
        <Alert color="red" role="alert" title="The queues could not be loaded">
          {failureText(queues.error)}
        </Alert>
      )}
      <nav aria-label="Queues">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          {queues.isPending && Array.from({ length: 8 }, (_, i) => <Skeleton key={i} height={86} />)}
          {queues.data?.data.map((queue) => {
            const current = queue.id === chosen?.id;
            return (
              <UnstyledButton
                key={queue.id}
                onClick={() => setSearch({ queue: queue.id, page: undefined })}
                aria-current={current ? 'true' : undefined}
                aria-label={`${queue.name}: ${queue.count} order${queue.count === 1 ? '' : 's'}${queue.overdue_count ? `, ${upTo(queue.overdue_count, queue.overdue_count_capped)} overdue` : ''}${queue.due_soon_count ? `, ${upTo(queue.due_soon_count, queue.due_soon_count_capped)} due soon` : ''}`}
                data-testid={`queue-${queue.id}`}
              >
                <Card
                  withBorder
                  padding="sm"
                  h="100%"
                  style={{
                    borderColor: current ? 'var(--mantine-color-indigo-8)' : undefined,
                    borderWidth: current ? 2 : 1,
                    background: current ? 'var(--mantine-color-indigo-0)' : undefined,
                  }}
                >
                  <Text size="sm" fw={600} lineClamp={2}>
                    {queue.name}
                  </Text>
                  <Group gap={6} mt={4} align="baseline" wrap="wrap">
                    <Text fz={26} fw={700} lh={1.1} data-testid="queue-count">
                      {queue.count.toLocaleString()}
                    </Text>
                    {queue.overdue_count > 0 && (
                      <Badge color="red.8" variant="filled" size="sm" tt="none">
                        {upTo(queue.overdue_count, queue.overdue_count_capped)} overdue
                      </Badge>
                    )}
                    {queue.due_soon_count > 0 && (
                      <Badge color="orange" variant="dot" size="sm" tt="none">
                        {upTo(queue.due_soon_count, queue.due_soon_count_capped)} due soon
                      </Badge>
                    )}
                  </Group>
                </Card>
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      </nav>
      {chosen && (
        <Stack gap="sm">
          <Group justify="space-between" align="end" wrap="wrap">
            <div>
              <Title order={2} size="h3">
                {chosen.name}
              </Title>
              <Text size="sm" c="dimmed">
                {chosen.description}
              </Text>
            </div>
            <SegmentedControl
              aria-label="View"
              value={view}
              onChange={(value) => setSearch({ view: value === 'board' ? 'board' : undefined })}
              data={[
                { value: 'table', label: 'Table' },
                { value: 'board', label: 'Board' },
              ]}
            />
          </Group>
          {view === 'table' ? (
            <QueueTable
              key={chosen.id}
              queue={chosen}
              page={search.page ?? 1}
              onPage={(page) => setSearch({ page: page > 1 ? page : undefined })}
            />
          ) : (
            <QueueBoard queue={chosen} />
          )}
        </Stack>
      )}
    </Stack>
  );
}
