import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { SimpleGrid, Text } from '@mantine/core';
import type { Insight } from '../../queries/insight.ts';
import { days, shortDay, shortMonth } from './figures.ts';
import { ChartCard, FigureLink, NumbersTable } from './parts.tsx';
import { wholeNumber } from '../../lib/format.ts';

/** Orders received and completed, week by week. */
export function WeeksChart({ insight }: { insight: Insight }) {
  return (
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
  );
}

/** From created to fulfilled: by month, and by product. */
export function TurnTimes({ insight, period }: { insight: Insight; period: string }) {
  const byMonth = insight.turn_time_by_month;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <ChartCard title="Turn time by month (created to fulfilled, days)">
        {byMonth.length === 0 ? (
          <Text c="dimmed">No order was fulfilled in the period.</Text>
        ) : (
          <LineChart
            h={220}
            data={byMonth.map((month) => ({
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
          rows={byMonth.map((month) => [
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
            <FigureLink key="f" figure={row.fulfilled} label={`${row.product.name} fulfilled, ${period}`} />,
            days(row.median_days),
            days(row.p90_days),
          ])}
        />
      </ChartCard>
    </SimpleGrid>
  );
}

/** Each appraiser's orders not yet completed, fulfilled or cancelled. */
export function OpenByAppraiser({ insight }: { insight: Insight }) {
  const rows = insight.open_by_appraiser;
  const open = rows.reduce((sum, row) => sum + row.open.count, 0);
  return (
    <ChartCard title={`Open orders per appraiser (${wholeNumber(open)} in all)`}>
      {rows.length > 0 && (
        <BarChart
          h={Math.min(40 + rows.length * 28, 420)}
          data={rows.map((row) => ({ appraiser: row.appraiser.name, Open: row.open.count }))}
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
        rows={rows.map((row) => [
          row.appraiser.name,
          <FigureLink key="o" figure={row.open} label={`Open orders of ${row.appraiser.name}`} />,
        ])}
      />
    </ChartCard>
  );
}
