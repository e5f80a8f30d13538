import { Badge, Button, Group, Select, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { InlineFailure } from '../../components/InlineFailure.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { dateTime, usDay } from '../../lib/format.ts';
import { notifyDone } from '../../lib/notices.ts';
import {
  borrowerCopyQuery,
  recordBorrowerCopyMutation,
  type BorrowerCopy,
  type BorrowerCopyMethod,
} from '../../queries/borrower-copy.ts';

const METHODS: { value: BorrowerCopyMethod; label: string }[] = [
  { value: 'email', label: 'Email' },
  { value: 'portal', label: 'Borrower portal' },
  { value: 'mail', label: 'Mail' },
  { value: 'in_person', label: 'In person' },
];
const methodLabel = (method: BorrowerCopy['method']) => METHODS.find((m) => m.value === method)?.label ?? '';

/** When the copy is due, in words: the day and the rule that set it. */
function dueText(copy: BorrowerCopy): string {
  if (!copy.due_on) return 'Due once the report is delivered or a closing date is known.';
  const why =
    copy.basis === 'closing'
      ? 'three business days before the closing'
      : 'promptly upon completion (3 business days)';
  return `Due by ${usDay(copy.due_on)}: ${why}, Regulation B.`;
}

/**
 * The borrower's copy of a delivered appraisal (docs/turn-times.md, "The borrower's copy"), for the
 * lender and the company: when it is due, overdue in words, and recording it as given.
 */
export function BorrowerCopyCard({ orderId }: { orderId: string }) {
  const copy = useQuery(borrowerCopyQuery(orderId));
  const [method, setMethod] = useState<BorrowerCopyMethod>('email');
  const record = useMutation(
    recordBorrowerCopyMutation(orderId, () => notifyDone("Borrower's copy recorded", 'The reminder stops.')),
  );
  const data = copy.data;
  return (
    <SectionCard title="Borrower's copy">
      {copy.isError && <InlineFailure error={copy.error} prefix="The borrower's copy could not be read: " />}
      {data && data.state === 'sent' && (
        <Text size="sm">
          Given by {methodLabel(data.method).toLowerCase()} on {dateTime(data.sent_at)}
          {data.recorded_by ? `, recorded by ${data.recorded_by.name}` : ''}.
        </Text>
      )}
      {data && data.state !== 'sent' && (
        <>
          <Group gap="xs">
            {data.state === 'overdue' && (
              <Badge color="red.8" variant="filled" tt="none">
                Overdue
              </Badge>
            )}
            <Text size="sm">{dueText(data)}</Text>
          </Group>
          <Group align="end" gap="sm">
            <Select
              label="Given by"
              data={METHODS}
              value={method}
              onChange={(value) => value && setMethod(value)}
              allowDeselect={false}
              w={180}
            />
            <Button onClick={() => record.mutate(method)} loading={record.isPending}>
              Record as given
            </Button>
          </Group>
          <InlineFailure error={record.error} />
        </>
      )}
    </SectionCard>
  );
}
