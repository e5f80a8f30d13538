import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { components } from '../../../../sdk/src/client.ts';
import type { OrderSearch } from '../../queries/orders.ts';

type StatusCounts = components['schemas']['OrderStatusCounts'];
type Sort = NonNullable<OrderSearch['sort']>;

const SORTS = [
  { value: 'created_at desc', label: 'Newest first' },
  { value: 'created_at asc', label: 'Oldest first' },
  { value: 'due_date asc', label: 'Due soonest' },
  { value: 'due_date desc', label: 'Due latest' },
];

/**
 * The order list's filters: the words typed (searched a moment after typing stops), the status
 * with its count from the same search, the due-date range and the sort. Native selects: a
 * phone's own picker, and no dropdown code to run before the list shows.
 */
export function OrderFilters({
  search,
  counts,
  statusKnown,
  onChange,
}: {
  search: OrderSearch;
  counts: StatusCounts;
  /** false: the status of the link is none the service knows (the list shows every status). */
  statusKnown: boolean;
  onChange: (change: Partial<OrderSearch>) => void;
}) {
  const typed = useDebouncedCallback((q: string) => onChange({ q: q || undefined }), 300);
  const statuses: { value: string; label: string }[] = counts.data.map(({ status, count }) => ({
    value: status.id,
    label: `${status.name} (${count.toLocaleString()})`,
  }));
  // A status no order of the search is in still shows, with its 0; an unknown one does not.
  const status = statusKnown ? search.status : undefined;
  if (status && !statuses.some((choice) => choice.value === status))
    statuses.push({ value: status, label: `${sentence(status)} (0)` });
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
      <TextInput
        label="Search"
        placeholder="File number, address, borrower, loan number"
        defaultValue={search.q ?? ''}
        onChange={(event) => typed(event.currentTarget.value)}
      />
      <NativeSelect
        label="Status"
        data={[{ value: '', label: 'Any status' }, ...statuses]}
        value={status ?? ''}
        onChange={(event) => onChange({ status: event.currentTarget.value || undefined })}
      />
      <TextInput
        label="Due from"
        type="date"
        value={search.due_from ?? ''}
        onChange={(event) => onChange({ due_from: event.currentTarget.value || undefined })}
      />
      <TextInput
        label="Due by"
        type="date"
        value={search.due_to ?? ''}
        min={search.due_from}
        onChange={(event) => onChange({ due_to: event.currentTarget.value || undefined })}
      />
      <NativeSelect
        label="Sort"
        data={SORTS}
        value={search.sort ?? 'created_at desc'}
        onChange={(event) => {
          const value = event.currentTarget.value as Sort | 'created_at desc';
          onChange({ sort: value === 'created_at desc' ? undefined : value });
        }}
      />
    </SimpleGrid>
  );
}

/** A status's key read as words, for a status no order of the search is in ("on_hold" → "On hold"). */
const sentence = (key: string) => key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
