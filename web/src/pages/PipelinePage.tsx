import { Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { usePageTitle } from '../components/PageTitle.tsx';
import { QueueFilters } from '../features/pipeline/QueueFilters.tsx';
import { AtRiskPanel } from '../features/pipeline/AtRiskPanel.tsx';
import { QueueTiles } from '../features/pipeline/QueueTiles.tsx';
import { QueueBoard } from '../features/pipeline/QueueBoard.tsx';
import { QueueTable } from '../features/pipeline/QueueTable.tsx';
import { queuesQuery } from '../queries/pipeline.ts';
import { orderListSettingsQuery } from '../queries/order-lists.ts';
import { ClientFilter } from '../features/pipeline/ClientFilter.tsx';
import { searchOfChoice, viewSearchOf, type PipelineSearch } from '../features/pipeline/pipeline-search.ts';
import { columnsOf, shownColumns } from '../features/lists/columns.tsx';
import { OrderListTools } from '../features/lists/OrderListTools.tsx';

/**
 * The appraisal company's pipeline: its queues with their counts (what needs us now), and the
 * chosen queue's orders as a table with bulk actions or as a board by status. The queue, the
 * client, the table or the board, the page and the saved view shown live in the URL.
 */
export function PipelinePage() {
  const search = useSearch({ from: '/pipeline' });
  const navigate = useNavigate({ from: '/pipeline' });
  const queues = useSuspenseQuery(queuesQuery);
  const chosen = queues.data.data.find((queue) => queue.id === search.queue) ?? queues.data.data[0];
  usePageTitle(chosen ? `Pipeline · ${chosen.name}` : 'Pipeline');
  const settings = useSuspenseQuery(orderListSettingsQuery('pipeline')).data;
  const saved = settings.views.find((view) => view.id === search.saved);
  const columns = shownColumns('pipeline', 'staff', saved ? saved.columns : settings.columns);
  const view = search.view ?? 'table';
  // Every change replaces the address: one Back leaves the pipeline (docs/web.md).
  const setSearch = (change: Partial<PipelineSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...change }), replace: true });
  // The queue and the client are the view's: changing either leaves the saved view shown.
  const filter = (change: Partial<PipelineSearch>) =>
    setSearch({ ...change, saved: undefined, page: undefined });

  return (
    <Stack gap="md" maw={1280} mx="auto">
      <Group justify="space-between" align="end" wrap="wrap" gap="xs">
        <Title order={1} size="h2">
          Pipeline
        </Title>
        <OrderListTools
          list="pipeline"
          views={settings.views}
          chosen={saved?.id ?? ''}
          search={viewSearchOf(chosen?.id, search.client)}
          available={columnsOf('staff')}
          columns={columns}
          onChoose={(choice) => setSearch(searchOfChoice(choice))}
          onColumnsChosen={() => saved && filter({})}
        />
      </Group>
      <AtRiskPanel />
      <QueueFilters chosen={chosen}>
        <QueueTiles queues={queues.data.data} chosen={chosen} onChoose={(queue) => filter({ queue })} />
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
            <ClientFilter clientId={search.client} onClient={(client) => filter({ client })} />
            <SegmentedControl
              aria-label="Show as"
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
