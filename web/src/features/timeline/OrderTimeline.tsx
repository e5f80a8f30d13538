import { Badge, Card, Group, NativeSelect, Pagination, Text, Timeline, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { dateTime } from '../../lib/format.ts';
import { timelineQuery, type TimelineItem, type TimelineSort } from '../../queries/timeline.ts';

const TYPE_NAMES: Record<TimelineItem['type'], string> = {
  status_change: 'Status',
  order_change: 'Change',
  note: 'Note',
  file: 'File',
  email: 'Email',
  payment: 'Payment',
};

/** Who a record reaches, said only where it is not everyone (staff see every audience). */
const AUDIENCE_NAMES: Record<TimelineItem['audience'], string | null> = {
  internal: 'Company only',
  appraiser: 'Appraiser side',
  client: 'Lender side',
  everyone: null,
};

/**
 * Everything that happened to the order in one list: status changes, notes, files, the emails
 * sent and to whom (and whether they went), payments. Newest first, or oldest first to read it
 * as a story; 25 to a page.
 */
export function OrderTimeline({ orderId }: { orderId: string }) {
  const [sort, setSort] = useState<TimelineSort>('newest');
  const [page, setPage] = useState(1);
  const timeline = useQuery({ ...timelineQuery(orderId, page, sort), placeholderData: keepPreviousData });
  const pages = timeline.data?.pagination.total_pages ?? 1;
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h4">
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
      {timeline.isError && <Text c="red.9">The timeline could not be loaded: {timeline.error.message}</Text>}
      <Timeline bulletSize={14} lineWidth={2} active={timeline.data?.data.length ?? 0}>
        {timeline.data?.data.map((item) => (
          <Timeline.Item key={`${item.type}-${item.id}`} title={<TimelineTitle item={item} />}>
            <Text size="xs" c="dimmed">
              {dateTime(item.at)}
              {item.actor ? ` · ${item.actor.name}` : ''}
            </Text>
            {item.change?.reason && <Text size="sm">{item.change.reason}</Text>}
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

function TimelineTitle({ item }: { item: TimelineItem }) {
  const audience = AUDIENCE_NAMES[item.audience];
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm" fw={600} component="span" style={{ overflowWrap: 'anywhere' }}>
        {item.summary}
      </Text>
      <Badge size="xs" variant="light" color="gray">
        {TYPE_NAMES[item.type]}
      </Badge>
      {audience && (
        <Badge size="xs" variant="outline" color="gray">
          {audience}
        </Badge>
      )}
      {item.email && item.email.status !== 'sent' && (
        <Badge size="xs" variant="light" color={item.email.status === 'failed' ? 'red' : 'yellow'}>
          {item.email.status === 'failed' ? 'Not delivered' : 'Sending'}
        </Badge>
      )}
    </Group>
  );
}
