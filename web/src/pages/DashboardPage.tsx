import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import {
  Alert,
  Anchor,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Schema } from '../../../sdk/src/client.ts';
import { api, unwrap } from '../queries/sdk.ts';
import { usePageTitle } from '../components/PageTitle.tsx';

type Insight = Schema<'Insight'>;
type Figure = Schema<'InsightFigure'>;

const PERIODS = [
  { value: '3', label: '3 mo.' },
  { value: '6', label: '6 mo.' },
  { value: '12', label: '12 mo.' },
  { value: '24', label: '24 mo.' },
];

/** A number that leads to the orders it counts: the order list, searched as the API names them. */
function FigureLink({ figure, label, children }: { figure: Figure; label: string; children?: ReactNode }) {
  return (
    <Anchor
      fw={600}
      renderRoot={(props) => (
        <Link
          {...props}
          to="/orders"
          search={{ terms: figure.orders, label }}
          aria-label={`${label}: ${figure.count.toLocaleString()} orders`}
        />
      )}
    >
      {children ?? figure.count.toLocaleString()}
    </Anchor>
  );
}

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`);
const days = (value: number | null) => (value === null ? '—' : `${value} d`);
/** 11/02/2026 → Nov 2 (a chart's axis has little room). */
const shortDay = (usDate: string) =>
  new Date(`${usDate.slice(6)}-${usDate.slice(0, 2)}-${usDate.slice(3, 5)}T00:00:00Z`).toLocaleDateString(
    undefined,
    {
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    },
  );
const shortMonth = (usDate: string) =>
  new Date(`${usDate.slice(6)}-${usDate.slice(0, 2)}-01T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The company's figures (GET /api/v1/insight): volume week by week, turn times, the on-time and
 * revision rates, each appraiser's open orders. Every number is a link to the orders behind it;
 * each chart has its numbers in a table beside it, for keyboards and screen readers.
 */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const search = useSearch({ from: '/dashboard' });
  const navigate = useNavigate({ from: '/dashboard' });
  const months = search.months ?? 6;
  const insight = useQuery({
    queryKey: ['insight', months],
    placeholderData: keepPreviousData,
    queryFn: async () => unwrap(await api.GET('/api/v1/insight', { params: { query: { months } } })),
  });
  const data = insight.data;
  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Group justify="space-between" align="end" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            Dashboard
          </Title>
          <Text c="dimmed" size="sm">
            {data ? `${data.period.from} to ${data.period.to} (UTC days)` : ' '}
          </Text>
        </div>
        <SegmentedControl
          aria-label="Period, in months"
          w={{ base: '100%', xs: 'auto' }}
          data={PERIODS}
          value={String(months)}
          onChange={(value) => void navigate({ search: value === '6' ? {} : { months: Number(value) } })}
        />
      </Group>
      {insight.isError && (
        <Alert color="red" role="alert" title="The figures could not be loaded">
          {insight.error.message}
        </Alert>
      )}
      {!data && !insight.isError && <Skeleton height={480} />}
      {data && <Figures insight={data} />}
    </Stack>
  );
}

function Figures({ insight }: { insight: Insight }) {
  const received = insight.totals.received.count;
  const completed = insight.totals.completed.count;
  const open = insight.open_by_appraiser.reduce((sum, row) => sum + row.open.count, 0);
  const period = `${insight.period.from} to ${insight.period.to}`;
  return (
    <>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Stat
          title="Received"
          value={received.toLocaleString()}
          note={
            <>
              <FigureLink figure={insight.totals.received} label={`Received, ${period}`}>
                orders
              </FigureLink>{' '}
              created in the period
            </>
          }
        />
        <Stat
          title="Completed"
          value={completed.toLocaleString()}
          note={
            <>
              <FigureLink figure={insight.totals.completed} label={`Completed, ${period}`}>
                reports
              </FigureLink>{' '}
              completed in the period
            </>
          }
        />
        <Stat
          title="On time"
          value={percent(insight.on_time.rate)}
          note={
            <>
              <FigureLink figure={insight.on_time.on_time} label={`Fulfilled on time, ${period}`} /> of{' '}
              <FigureLink figure={insight.on_time.fulfilled} label={`Fulfilled, ${period}`} /> fulfilled;{' '}
              <FigureLink figure={insight.on_time.late} label={`Fulfilled late, ${period}`} /> late
            </>
          }
        />
        <Stat
          title="Revision rate"
          value={percent(insight.revisions.rate)}
          note={
            <>
              <FigureLink
                figure={insight.revisions.revised}
                label={`Fulfilled after a revision, ${period}`}
              />{' '}
              sent back before delivery
            </>
          }
        />
      </SimpleGrid>

      <ChartCard title="Orders received and completed per week">
        <BarChart
          h={240}
          data={insight.weeks.map((week) => ({
            week: shortDay(week.week_start),
            Received: week.received.count,
            Completed: week.completed.count,
          }))}
          dataKey="week"
          series={[
            { name: 'Received', color: 'indigo.6' },
            { name: 'Completed', color: 'teal.6' },
          ]}
          tickLine="y"
          yAxisProps={{ allowDecimals: false }}
          withLegend
        />
        <NumbersTable
          caption="Week by week"
          columns={['Week of', 'Received', 'Completed']}
          rows={[...insight.weeks]
            .reverse()
            .map((week) => [
              week.week_start,
              <FigureLink
                key="r"
                figure={week.received}
                label={`Received in the week of ${week.week_start}`}
              />,
              <FigureLink
                key="c"
                figure={week.completed}
                label={`Completed in the week of ${week.week_start}`}
              />,
            ])}
        />
      </ChartCard>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ChartCard title="Turn time by month (created to fulfilled, days)">
          {insight.turn_time_by_month.length === 0 ? (
            <Text c="dimmed">No order was fulfilled in the period.</Text>
          ) : (
            <LineChart
              h={220}
              data={insight.turn_time_by_month.map((month) => ({
                month: shortMonth(month.month_start),
                Median: month.median_days,
                '90th percentile': month.p90_days,
              }))}
              dataKey="month"
              series={[
                { name: 'Median', color: 'indigo.6' },
                { name: '90th percentile', color: 'orange.6' },
              ]}
              withLegend
              unit=" d"
            />
          )}
          <NumbersTable
            caption="By month of fulfilment"
            columns={['Month', 'Fulfilled', 'Median', '90th pct.']}
            rows={insight.turn_time_by_month.map((month) => [
              shortMonth(month.month_start),
              <FigureLink
                key="f"
                figure={month.fulfilled}
                label={`Fulfilled in ${shortMonth(month.month_start)}`}
              />,
              days(month.median_days),
              days(month.p90_days),
            ])}
          />
        </ChartCard>
        <ChartCard title="Turn time by product (days)">
          <NumbersTable
            caption={`Over the period, by the order's first product`}
            columns={['Product', 'Fulfilled', 'Median', '90th pct.']}
            rows={insight.turn_time_by_product.map((row) => [
              row.product.name,
              <FigureLink
                key="f"
                figure={row.fulfilled}
                label={`${row.product.name} fulfilled, ${period}`}
              />,
              days(row.median_days),
              days(row.p90_days),
            ])}
          />
        </ChartCard>
      </SimpleGrid>

      <ChartCard title={`Open orders per appraiser (${open.toLocaleString()} in all)`}>
        {insight.open_by_appraiser.length > 0 && (
          <BarChart
            h={Math.min(40 + insight.open_by_appraiser.length * 28, 420)}
            data={insight.open_by_appraiser.map((row) => ({
              appraiser: row.appraiser.name,
              Open: row.open.count,
            }))}
            dataKey="appraiser"
            orientation="vertical"
            yAxisProps={{ width: 140 }}
            xAxisProps={{ allowDecimals: false }}
            series={[{ name: 'Open', color: 'indigo.6' }]}
          />
        )}
        <NumbersTable
          caption="Not completed, fulfilled or cancelled"
          columns={['Appraiser', 'Open orders']}
          rows={insight.open_by_appraiser.map((row) => [
            row.appraiser.name,
            <FigureLink key="o" figure={row.open} label={`Open orders of ${row.appraiser.name}`} />,
          ])}
        />
      </ChartCard>
    </>
  );
}

function Stat({ title, value, note }: { title: string; value: string; note: ReactNode }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed" fw={500}>
        {title}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
      <Text size="sm">{note}</Text>
    </Card>
  );
}

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Card>
  );
}

function NumbersTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: ReactNode[][];
}) {
  return (
    <Table.ScrollContainer minWidth={300} mah={260}>
      <Table striped verticalSpacing={4} captionSide="top">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((cells, i) => (
            <Table.Tr key={i}>
              {cells.map((cell, j) => (
                <Table.Td key={j}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
