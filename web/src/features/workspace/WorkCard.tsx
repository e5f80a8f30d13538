import { Anchor, Button, Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { dateTime } from '../../lib/format.ts';
import { mapLink, telLink } from '../../lib/links.ts';
import { money } from '../../lib/money.ts';
import { type WorkItem } from '../../queries/work.ts';

/**
 * One order of the appraiser's as a card: where, when, for how much, who lets them in (a tap
 * calls), the address as a map link, and the one action the order needs now.
 */
export function WorkCard({ item, action }: { item: WorkItem; action?: ReactNode }) {
  const labelId = `work-${item.id}`;
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={labelId}>
      <Stack gap={6}>
        <Anchor
          renderRoot={(props) => <Link {...props} to="/orders/$orderId" params={{ orderId: item.id }} />}
          fw={600}
          id={labelId}
        >
          {item.full_address}
        </Anchor>
        <div>
          <StatusBadge status={item.status} />
        </div>
        <Text size="sm">
          Order {item.file_number} · Due {item.due_date ?? '—'} · {money(item.appraiser_fee)}
        </Text>
        {item.inspection_scheduled_at && (
          <Text size="sm">Inspection {dateTime(item.inspection_scheduled_at)}</Text>
        )}
        <ContactLinks item={item} />
        {action && <Group mt={4}>{action}</Group>}
      </Stack>
    </Card>
  );
}

/** A tap target of at least 24 × 24 px (WCAG 2.2, 2.5.8), however short the word: "Map". */
const TARGET = { display: 'inline-flex', mih: 24, miw: 24, style: { alignItems: 'center' } } as const;

/** The contact's phone (a tap calls) and the address on a map: what is needed on the road. */
export function ContactLinks({ item }: { item: WorkItem }) {
  return (
    <Group gap="md" wrap="wrap">
      {item.contact?.phone && (
        <Anchor href={telLink(item.contact.phone)} size="sm" {...TARGET}>
          Call {item.contact.name} <span style={{ whiteSpace: 'nowrap' }}>({item.contact.phone})</span>
        </Anchor>
      )}
      <Anchor href={mapLink(item.full_address)} target="_blank" rel="noreferrer" size="sm" {...TARGET}>
        Map
        <VisuallyHidden> of {item.full_address} (opens a new tab)</VisuallyHidden>
      </Anchor>
    </Group>
  );
}

/** A button that leads to an order's submission page (to submit, or to resubmit after a revision). */
export function SubmitButton({ orderId, children }: { orderId: string; children: ReactNode }) {
  return (
    <Button renderRoot={(props) => <Link {...props} to="/orders/$orderId/submit" params={{ orderId }} />}>
      {children}
    </Button>
  );
}
