import { Alert, Badge, Button, Card, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { MoneyFigure } from '../../components/MoneyFigure.tsx';
import { fieldSentences } from '../../lib/field-errors.ts';
import { dateTime } from '../../lib/format.ts';
import { money } from '../../lib/money.ts';
import { notifyDone } from '../../lib/notices.ts';
import { placeBidMutation, type BidInvitation } from '../../queries/bids.ts';
import { ApiFailure, failureText } from '../../queries/failure.ts';

const OUTCOME = {
  placed: { label: 'Bid placed', color: 'indigo' },
  won: { label: 'Won', color: 'teal' },
  lost: { label: 'Went to another appraiser', color: 'gray' },
} as const;

/** A due date the API gives (ISO) as the date input wants it, in the viewer's zone. */
const dayOf = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-CA') : '');

/**
 * One round the appraiser is invited to: the place, the product, the terms and the deadline; a
 * broadcast is accepted in one tap, a bid names the fee and the due date the round leaves open.
 * The bid may be changed until the deadline; the card says how it ended.
 */
export function BidCard({ invitation }: { invitation: BidInvitation }) {
  const mine = invitation.my_bid;
  const [fee, setFee] = useState(mine?.fee ?? invitation.fee ?? '');
  const [due, setDue] = useState(dayOf(mine?.due_date ?? invitation.due_date));
  const [comment, setComment] = useState(mine?.comment ?? '');
  const answer = useMutation({
    ...placeBidMutation,
    onSuccess: (result) =>
      result.won
        ? notifyDone(
            'The order is yours',
            `${invitation.order.file_number}: schedule the inspection in My work.`,
          )
        : notifyDone('Bid placed', `${money(result.fee)}, due ${dateTime(result.due_date)}.`),
  });
  const errors =
    answer.error instanceof ApiFailure
      ? fieldSentences(answer.error.fieldErrors, { fee: 'Fee', due_date: 'Due date' })
      : {};
  const send = () =>
    answer.mutate({
      roundId: invitation.id,
      body:
        invitation.mode === 'broadcast'
          ? {}
          : {
              ...(invitation.fee_locked ? {} : { fee: fee.trim() }),
              ...(invitation.due_date_locked ? {} : { due_date: due }),
              ...(comment.trim() ? { comment: comment.trim() } : {}),
            },
    });
  const labelId = `round-${invitation.id}`;
  const { order } = invitation;
  const outcome = mine ? OUTCOME[mine.status] : null;

  return (
    <Card withBorder padding="md" component="article" aria-labelledby={labelId}>
      <Stack gap="xs">
        <Group justify="space-between" align="start" wrap="nowrap">
          <div>
            <Text fw={600} id={labelId}>
              {order.product ?? 'Appraisal'} · {order.city}, {order.state} {order.zip}
            </Text>
            <Text size="sm" c="dimmed">
              {order.file_number} · {order.loan_type.toUpperCase()} ·{' '}
              {invitation.mode === 'broadcast' ? 'First to accept takes it' : 'Bids'}
            </Text>
          </div>
          {outcome && (
            <Badge color={outcome.color} variant="light" style={{ flexShrink: 0 }}>
              {outcome.label}
            </Badge>
          )}
        </Group>
        <Group gap="xl" wrap="wrap">
          {invitation.fee_locked || invitation.mode === 'broadcast' ? (
            <MoneyFigure label="Fee" value={invitation.fee} size="md" />
          ) : null}
          {invitation.due_date_locked && (
            <div>
              <Text size="xs" c="dimmed">
                Due
              </Text>
              <Text fw={500}>{dateTime(invitation.due_date)}</Text>
            </div>
          )}
          <div>
            <Text size="xs" c="dimmed">
              {invitation.open ? 'Answer by' : 'Closed'}
            </Text>
            <Text fw={500}>{dateTime(invitation.deadline)}</Text>
          </div>
        </Group>
        {answer.isError && !errors.fee && !errors.due_date && (
          <Alert color="red" role="alert">
            {failureText(answer.error)}
          </Alert>
        )}
        {invitation.open && invitation.mode === 'bids' && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              send();
            }}
          >
            <Stack gap="xs">
              {!invitation.fee_locked && (
                <TextInput
                  label="Your fee"
                  leftSection="$"
                  inputMode="decimal"
                  placeholder="450.00"
                  description={invitation.fee ? `Your scheduled fee: ${money(invitation.fee)}` : undefined}
                  value={fee}
                  onChange={(event) => setFee(event.currentTarget.value)}
                  error={errors.fee}
                />
              )}
              {!invitation.due_date_locked && (
                <TextInput
                  label="You would deliver by"
                  type="date"
                  value={due}
                  onChange={(event) => setDue(event.currentTarget.value)}
                  error={errors.due_date}
                />
              )}
              <Textarea
                label="Comment"
                autosize
                minRows={1}
                value={comment}
                onChange={(event) => setComment(event.currentTarget.value)}
              />
              <Button type="submit" loading={answer.isPending}>
                {mine ? 'Change my bid' : 'Place bid'}
              </Button>
            </Stack>
          </form>
        )}
        {invitation.open && invitation.mode === 'broadcast' && (
          <Button onClick={send} loading={answer.isPending}>
            Accept
          </Button>
        )}
      </Stack>
    </Card>
  );
}
