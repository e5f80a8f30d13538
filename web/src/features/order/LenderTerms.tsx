import { Button, Group, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { GrowingTextarea } from '../../components/GrowingTextarea.tsx';
import { useState } from 'react';
import type { Order } from '../../../../sdk/src/client.ts';

/** What the company asks the lender when it approves an appraiser's condition (the action's body). */
export interface LenderAsk {
  client_total_fee: string;
  client_due_date: string;
  client_comments?: string;
}

type Condition = NonNullable<Order['assignment_condition']>;

const cents = (amount: string | null | undefined) => Math.round(Number(amount ?? '0') * 100);
const AMOUNT = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const dollars = (value: number) => `${value < 0 ? '−' : ''}$${AMOUNT.format(Math.abs(value) / 100)}`;
/** MM/DD/YYYY as a number that orders dates. */
const dayOf = (date: string | null) => {
  const [month, day, year] = (date ?? '').split('/').map(Number);
  return year && month && day ? year * 10_000 + month * 100 + day : 0;
};

/**
 * The company's decision on what an appraiser's condition means for the lender: pass the fee
 * increase on, absorb it, or ask another amount; move the lender's due date to the appraiser's
 * or keep it; and the company's own words. The lender sees only this, never the appraiser's
 * terms; the margin that follows is shown to the company alone.
 */
export function LenderTerms({
  order,
  condition,
  pending,
  errors,
  onApprove,
  onRefuse,
}: {
  order: Order;
  condition: Condition;
  pending: boolean;
  errors: Record<string, string>;
  onApprove: (ask: LenderAsk) => void;
  onRefuse: (() => void) | null;
}) {
  const current = cents(order.total_fee);
  const appraiserFee = cents(condition.appraiser_fee ?? condition.current_appraiser_fee);
  // No fee was offered: there is no increase to pass on, only an amount to ask.
  const increase =
    condition.current_appraiser_fee === null
      ? 0
      : Math.max(0, appraiserFee - cents(condition.current_appraiser_fee));
  const laterDate = condition.due_date !== null && dayOf(condition.due_date) > dayOf(order.due_date);
  // The lender's fee stays unless the company decides otherwise (the API's default too).
  const [fee, setFee] = useState<'pass' | 'absorb' | 'other'>('absorb');
  const [otherFee, setOtherFee] = useState('');
  const [date, setDate] = useState<'move' | 'keep'>(laterDate ? 'move' : 'keep');
  const [comments, setComments] = useState('');

  const askedFee = fee === 'pass' ? current + increase : fee === 'absorb' ? current : cents(otherFee);
  const askedDate = date === 'move' && laterDate ? condition.due_date! : order.due_date!;
  const changes = askedFee !== current || askedDate !== order.due_date;
  const ask: LenderAsk = {
    client_total_fee: fee === 'other' ? otherFee.trim() : (askedFee / 100).toFixed(2),
    client_due_date: askedDate,
    ...(comments.trim() ? { client_comments: comments.trim() } : {}),
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="lender-terms-title">
      <Title order={3} size="h5" id="lender-terms-title">
        What to ask the lender
      </Title>
      <Radio.Group
        label={`The lender's fee (now ${dollars(current)})`}
        value={fee}
        onChange={(value) => setFee(value)}
        error={fee === 'other' ? undefined : errors.client_total_fee}
      >
        <Stack gap={6} mt={4}>
          {increase > 0 && (
            <Radio value="pass" label={`Pass the increase on: ask ${dollars(current + increase)}`} />
          )}
          <Radio
            value="absorb"
            label={
              increase > 0
                ? `Absorb the increase: the lender keeps paying ${dollars(current)}`
                : `Keep ${dollars(current)}`
            }
          />
          <Radio value="other" label="Ask another amount" />
        </Stack>
      </Radio.Group>
      {fee === 'other' && (
        <TextInput
          label="Amount to ask the lender"
          description="The lender's new total fee"
          leftSection="$"
          value={otherFee}
          onChange={(event) => setOtherFee(event.currentTarget.value)}
          error={errors.client_total_fee}
          inputMode="decimal"
          maw={220}
        />
      )}
      {laterDate && (
        <Radio.Group
          label={`The lender's due date (now ${order.due_date})`}
          value={date}
          onChange={(value) => setDate(value)}
          error={errors.client_due_date}
        >
          <Stack gap={6} mt={4}>
            <Radio value="move" label={`Ask to move it to ${condition.due_date}`} />
            <Radio value="keep" label={`Keep ${order.due_date}`} />
          </Stack>
        </Radio.Group>
      )}
      <GrowingTextarea
        label="Your words to the lender"
        description="Optional: why the terms change. The appraiser's own comments are never shown to the lender."
        minRows={2}
        value={comments}
        onChange={(event) => setComments(event.currentTarget.value)}
        error={errors.client_comments}
      />
      <Text size="sm">
        {changes
          ? `The lender decides on ${askedFee !== current ? `a fee of ${fee === 'other' && !otherFee.trim() ? '…' : dollars(askedFee)}` : 'its fee unchanged'}${askedDate !== order.due_date ? ` and a due date of ${askedDate}` : ''} before the order goes on.`
          : 'Nothing changes for the lender: the order is assigned at once.'}{' '}
        Your margin: {dollars(askedFee - appraiserFee)}
        {askedFee < appraiserFee ? ' (the lender would pay less than the appraiser is paid)' : ''}.
      </Text>
      <Group gap="xs">
        <Button onClick={() => onApprove(ask)} loading={pending}>
          Approve the condition
        </Button>
        {onRefuse && (
          <Button variant="outline" color="red" onClick={onRefuse}>
            Refuse
          </Button>
        )}
      </Group>
    </Stack>
  );
}
