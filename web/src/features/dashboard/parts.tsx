import { Anchor, Card, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { InsightFigure } from '../../queries/insight.ts';
import { wholeNumber } from '../../lib/format.ts';

/** A number that leads to the orders it counts: the order list, searched as the API names them. */
export function FigureLink({
  figure,
  label,
  children,
}: {
  figure: InsightFigure;
  label: string;
  children?: ReactNode;
}) {
  return (
    <Anchor
      fw={600}
      renderRoot={(props) => (
        <Link
          {...props}
          to="/orders"
          search={{ terms: figure.orders, label }}
          aria-label={`${label}: ${wholeNumber(figure.count)} orders`}
        />
      )}
    >
      {children ?? wholeNumber(figure.count)}
    </Anchor>
  );
}

export function Stat({ title, value, note }: { title: string; value: string; note: ReactNode }) {
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

export function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Card>
  );
}

/** A chart's numbers as a table beside it, for keyboards and screen readers. */
export function NumbersTable({
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
