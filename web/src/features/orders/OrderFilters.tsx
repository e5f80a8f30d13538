import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { components } from '../../../../sdk/src/client.ts';
import { PhoneFilters } from '../../components/PhoneFilters.tsx';
import type { OrderSearch } from '../../queries/orders.ts';
import { wholeNumber } from '../../lib/format.ts';

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
    label: `${status.name} (${wholeNumber(count)})`,
  }));
  // A status no order of the search is in still shows, with its 0; an unknown one does not.
  const status = statusKnown ? search.status : undefined;
  if (status && !statuses.some((choice) => choice.value === status))
    statuses.push({ value: status, label: `${sentence(status)} (0)` });
  const chosen = [
    status && statuses.find((choice) => choice.value === status)?.label,
    (search.due_from || search.due_to) && 'due dates',
    search.sort && SORTS.find((choice) => choice.value === search.sort)?.label.toLowerCase(),
  ].filter(Boolean);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
      <TextInput
        label="Search"
        placeholder="File number, address, borrower, loan number"
        defaultValue={search.q ?? ''}
        onChange={(event) => typed(event.currentTarget.value)}
      />
      {/* On a phone the search box stays in sight; the rest wait behind one button. */}
      <PhoneFilters summary={chosen.length ? `Filters: ${chosen.join(', ')}` : 'Filters and sort'}>
        <FilterFields search={search} status={status} statuses={statuses} onChange={onChange} />
      </PhoneFilters>
    </SimpleGrid>
  );
}

/** The status, due-date range and sort. */
function FilterFields({
  search,
  status,
  statuses,
  onChange,
}: {
  search: OrderSearch;
  status: string | undefined;
  statuses: { value: string; label: string }[];
  onChange: (change: Partial<OrderSearch>) => void;
}) {
  return (
    <>
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
    </>
  );
}

/** A status's key read as words, for a status no order of the search is in ("on_hold" → "On hold"). */
const sentence = (key: string) => key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
