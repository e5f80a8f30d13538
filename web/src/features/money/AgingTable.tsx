import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { MoneyFigure } from '../../components/MoneyFigure.tsx';
import { usDay } from '../../lib/format.ts';
import { money } from '../../lib/money.ts';
import { agingQuery, type AgingRow } from '../../queries/receivables.ts';
import { AGING_COLUMNS } from './money-words.ts';

type Row = AgingRow;

/**
 * What each lender owes by how long past due (current, 1–30, 31–60, 61–90, 90+), most owed first,
 * under the company's totals: the collector's first look each morning.
 */
export function AgingTable({ companyId }: { companyId: string }) {
  const aging = useQuery(agingQuery(companyId));
  const columns: Column<Row>[] = [
    { header: 'Client', cell: (row) => row.client.name },
    ...AGING_COLUMNS.map(([bucket, header]) => ({
      header,
      cell: (row: Row) => money(row[bucket]),
      numeric: true,
    })),
    { header: 'Total', cell: (row) => <strong>{money(row.total)}</strong>, numeric: true },
  ];
  const totals = aging.data?.totals;
  return (
    <Stack gap="sm">
      {totals && (
        <SimpleGrid cols={{ base: 2, sm: 6 }}>
          <MoneyFigure label="Owed to you" value={totals.total} size="xl" />
          {AGING_COLUMNS.map(([bucket, header]) => (
            <MoneyFigure
              key={bucket}
              label={bucket === 'current' ? 'Not yet due' : `${header} days late`}
              value={totals[bucket]}
            />
          ))}
        </SimpleGrid>
      )}
      <DataTable
        label="Aging by client"
        rows={aging.data?.clients}
        rowKey={(row) => row.client.id}
        columns={columns}
        pending={aging.isPending}
        error={aging.error}
        empty="No lender owes anything."
        minWidth={720}
        card={(row) => (
          <Stack gap={2}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{row.client.name}</Text>
              <Text fw={700}>{money(row.total)}</Text>
            </Group>
            <Text size="xs" c="dimmed">
              {AGING_COLUMNS.filter(([bucket]) => Number(row[bucket]) !== 0)
                .map(
                  ([bucket, header]) =>
                    `${bucket === 'current' ? 'current' : `${header} days`} ${money(row[bucket])}`,
                )
                .join(' · ')}
            </Text>
          </Stack>
        )}
      />
      {aging.data && (
        <Text size="xs" c="dimmed">
          As of {usDay(aging.data.as_of)}, in the company’s time zone.
        </Text>
      )}
    </Stack>
  );
}
