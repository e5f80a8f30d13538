import { Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { usePageTitle } from '../components/PageTitle.tsx';
import { QueueFilters } from '../features/pipeline/QueueFilters.tsx';
import { QueueTiles } from '../features/pipeline/QueueTiles.tsx';
import { QueueBoard } from '../features/pipeline/QueueBoard.tsx';
import { QueueTable } from '../features/pipeline/QueueTable.tsx';
import { queuesQuery } from '../queries/pipeline.ts';
import { orderListSettingsQuery } from '../queries/order-lists.ts';
import { PipelineTools } from '../features/pipeline/PipelineTools.tsx';
import { shownColumns } from '../features/lists/columns.tsx';

/**
 * The appraisal company's pipeline: its queues with their counts (what needs us now), and the
 * chosen queue's orders as a table with bulk actions or as a board by status. The queue, the
 * view and the page live in the URL.
 */
export function PipelinePage() {
  const search = useSearch({ from: '/pipeline' });
  const navigate = useNavigate({ from: '/pipeline' });
  const queues = useSuspenseQuery(queuesQuery);
  const chosen = queues.data.data.find((queue) => queue.id === search.queue) ?? queues.data.data[0];
  usePageTitle(chosen ? `Pipeline · ${chosen.name}` : 'Pipeline');
  const settings = useSuspenseQuery(orderListSettingsQuery('pipeline')).data;
  const columns = shownColumns('pipeline', 'staff', settings.columns);
  const view = search.view ?? 'table';
  // Every change (the queue, the client, the table or the board, the page) replaces the
  // address: one Back leaves the pipeline (docs/web.md).
  const setSearch = (change: Partial<typeof search>) =>
    void navigate({ search: (previous) => ({ ...previous, ...change }), replace: true });
  const setClient = (client: string | undefined) => setSearch({ client, page: undefined });

  return (
    <Stack gap="md" maw={1280} mx="auto">
      <Title order={1} size="h2">
        Pipeline
      </Title>
      <QueueFilters chosen={chosen}>
        <QueueTiles
          queues={queues.data.data}
          chosen={chosen}
          onChoose={(queue) => setSearch({ queue, page: undefined })}
        />
      </QueueFilters>
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
            <PipelineTools clientId={search.client} columns={columns} onClient={setClient} />
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
              clientId={search.client}
              shown={columns}
            />
          ) : (
            <QueueBoard queue={chosen} clientId={search.client} />
          )}
        </Stack>
      )}
    </Stack>
  );
}
