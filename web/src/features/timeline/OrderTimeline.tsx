import { Badge, Card, Group, NativeSelect, Pagination, Skeleton, Text, Timeline, Title } from '@mantine/core';
import { InlineFailure } from '../../components/InlineFailure.tsx';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { dateTime } from '../../lib/format.ts';
import { orderHistoryQuery, type HistoryEntry } from '../../queries/order.ts';
import { timelineQuery, type TimelineItem, type TimelineSort } from '../../queries/timeline.ts';
import { AudienceBadge } from '../order/AudienceBadge.tsx';
import { changeLines } from '../order/change-lines.ts';

const TYPE_NAMES: Record<TimelineItem['type'], string> = {
  status_change: 'Status',
  order_change: 'Change',
  note: 'Note',
  file: 'File',
  email: 'Email',
  payment: 'Payment',
};

/**
 * Everything that happened to the order, as this person may know it (the API leaves out the
 * rest): status changes with who, for whom and why, notes, files, the emails sent and to whom
 * (and whether they went), payments. The order page's one account of what happened: newest
 * first, or oldest first to read it as a story; 25 to a page.
 */
export function OrderTimeline({ orderId }: { orderId: string }) {
  const [sort, setSort] = useState<TimelineSort>('newest');
  const [page, setPage] = useState(1);
  const timeline = useQuery({ ...timelineQuery(orderId, page, sort), placeholderData: keepPreviousData });
  const pages = timeline.data?.pagination.total_pages ?? 1;
  // A correction's fields before and after are in its history entry (the timeline's item names it).
  const history = useQuery(orderHistoryQuery(orderId));
  const changes = new Map((history.data ?? []).map((entry) => [entry.id, entry]));
  return (
    <Card withBorder component="section" aria-labelledby="timeline-title">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h4" id="timeline-title">
          Timeline
        </Title>
        <NativeSelect
          aria-label="Order of the timeline"
          size="xs"
          data={[
            { value: 'newest', label: 'Newest first' },
            { value: 'oldest', label: 'Oldest first' },
          ]}
          value={sort}
          onChange={(event) => {
            setSort(event.currentTarget.value as TimelineSort);
            setPage(1);
          }}
        />
      </Group>
      {timeline.isPending && <Skeleton height={160} />}
      <InlineFailure error={timeline.error} prefix="The timeline could not be loaded: " />
      {/* A list for a screen reader too: it says how many items there are, and where one ends. */}
      <Timeline role="list" bulletSize={14} lineWidth={2} active={timeline.data?.data.length ?? 0}>
        {timeline.data?.data.map((item) => (
          <Timeline.Item
            role="listitem"
            key={`${item.type}-${item.id}`}
            title={<TimelineTitle item={item} />}
          >
            <Text size="xs" c="dimmed">
              {TYPE_NAMES[item.type]} · {dateTime(item.at)}
              {item.actor ? ` · ${item.actor.name}` : ''}
              {item.acting_for ? ` for ${item.acting_for.name}` : ''}
            </Text>
            {item.change?.reason && <Text size="sm">{item.change.reason}</Text>}
            {item.change && <ChangeLines entry={changes.get(item.id)} />}
          </Timeline.Item>
        ))}
      </Timeline>
      {pages > 1 && (
        <Group justify="center" mt="sm">
          <Pagination
            size="sm"
            total={pages}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': `${control} page of the timeline` })}
          />
        </Group>
      )}
    </Card>
  );
}

/** What a history entry changed, a line a field: "Loan number: none → LN-2041". */
function ChangeLines({ entry }: { entry: HistoryEntry | undefined }) {
  if (!entry) return null;
  return changeLines(entry.action, entry.details).map((change) => (
    <Text key={change.label} size="sm" style={{ overflowWrap: 'anywhere' }}>
      {change.label}: {change.from} → {change.to}
    </Text>
  ));
}

/**
 * The records whose readers the page names wherever it shows them: notes and files. A status
 * change that the lender reads as a bare move, or an email already naming its recipients, would
 * only be confused by a badge saying whom the whole record reaches.
 */
const WITH_AUDIENCE = new Set<TimelineItem['type']>(['note', 'file']);

/**
 * The item's line, with who reads a note or file where that is not everyone, and an email not
 * (yet) sent. Badges are dots beside words in the page's own text colour, as the status's and the notes'
 * are: a tinted badge's grey or yellow text is too faint to read (axe: colour contrast).
 */
function TimelineTitle({ item }: { item: TimelineItem }) {
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm" fw={600} component="span" style={{ overflowWrap: 'anywhere' }}>
        {item.summary}
      </Text>
      {WITH_AUDIENCE.has(item.type) && item.audience !== 'everyone' && (
        <AudienceBadge audience={item.audience} />
      )}
      {item.email && item.email.status !== 'sent' && (
        <Badge
          size="sm"
          variant="dot"
          radius="sm"
          tt="none"
          color={item.email.status === 'failed' ? 'red' : 'yellow'}
        >
          {item.email.status === 'failed' ? 'Not delivered' : 'Sending'}
        </Badge>
      )}
    </Group>
  );
}
