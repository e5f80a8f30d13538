import { Table } from '@mantine/core';
import type { Terms } from './decision-terms.ts';

/** "$450.00" as the API gives the amount (a decimal with its cents), "—" for none. */
const dollars = (value: string | null) => (value ? `$${value}` : '—');
const changed = (current: string | null, proposed: string | null) =>
  proposed !== null && proposed !== current;

/** The current and the proposed fee and due date side by side, what changes in bold. */
export function TermsTable({ terms }: { terms: Terms }) {
  return (
    <Table withColumnBorders verticalSpacing="xs" aria-label="Current and proposed terms">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Term</Table.Th>
          <Table.Th scope="col">Current</Table.Th>
          <Table.Th scope="col">Proposed</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row">{terms.feeLabel}</Table.Th>
          <Table.Td>{dollars(terms.currentFee)}</Table.Td>
          <Table.Td fw={changed(terms.currentFee, terms.proposedFee) ? 700 : undefined}>
            {terms.proposedFee ? dollars(terms.proposedFee) : 'Unchanged'}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">Due date</Table.Th>
          <Table.Td>{terms.currentDue ?? '—'}</Table.Td>
          <Table.Td fw={changed(terms.currentDue, terms.proposedDue) ? 700 : undefined}>
            {terms.proposedDue ?? 'Unchanged'}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
