import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import type { Order } from '../../../../sdk/src/client.ts';
import { Field } from '../../components/Field.tsx';
import { dateTime, humanize, textOfHtml } from '../../lib/format.ts';
import { timeLeft } from '../../lib/deadlines.ts';
import { money } from '../../lib/money.ts';

const fullName = (person: { first_name: string | null; last_name: string | null }) =>
  [person.first_name, person.last_name].filter(Boolean).join(' ');

/** Who lets the appraiser in: "Otto Occupant, 512-555-0102, otto@… (tenant, call after 5 pm)". */
function accessLine(contact: Order['access_contact']): string | null {
  if (!contact) return null;
  const reach = [contact.name, contact.phone, contact.email].filter(Boolean).join(', ');
  return contact.note ? `${reach} (${contact.note})` : reach;
}

/** Each line of an order's details that this person may see and that has a value. */
function detailLines(order: Order): [string, string][] {
  const lines: [string, string | null | undefined | false][] = [
    ['Due', order.due_date],
    ['Appraiser due', order.vendor_due_date],
    ['Inspection', order.inspection_scheduled_at && dateTime(order.inspection_scheduled_at)],
    ['Inspected', order.inspection_completed_at_iso && dateTime(order.inspection_completed_at_iso)],
    ['Borrower', fullName(order.borrower) || '—'],
    ['Co-borrowers', order.co_borrowers.map(fullName).filter(Boolean).join(', ')],
    ['Client', order.client.name],
    ['Appraiser', order.appraiser?.name ?? 'Not assigned'],
    [
      'Offer',
      order.offer_expires_at &&
        `${timeLeft(order.offer_expires_at)} (times out ${dateTime(order.offer_expires_at)})`,
    ],
    ['Property type', order.property_type?.name],
    ['County', order.address.county],
    ['Occupancy', order.occupancy_type && humanize(order.occupancy_type)],
    ['Loan', `${humanize(order.loan_type)}, ${order.transaction_type.replace(/_/g, ' ')}`],
    ['Loan number', order.loan_number],
    ['Loan amount', order.loan_amount && money(order.loan_amount)],
    ['Contract price', order.contract_price !== null && money(order.contract_price)],
    ['Closing', order.closing_date],
    ['FHA case', order.fha_case_number],
    ['Fee', order.total_fee !== null && money(order.total_fee)],
    ['Appraiser fee', order.appraiser_fee !== null && money(order.appraiser_fee)],
    ['Margin', order.margin !== null && money(order.margin)],
    ['Products', order.products.map((p) => p.name).join(', ') || '—'],
    ['Access', accessLine(order.access_contact)],
  ];
  return lines.filter((line): line is [string, string] => typeof line[1] === 'string' && line[1] !== '');
}

/** The correction's form, fetched when the pointer or focus reaches its button: rare, and heavy. */
const loadCorrection = () => import('./CorrectOrderDialog.tsx');
const CorrectOrderDialog = lazy(async () => ({ default: (await loadCorrection()).CorrectOrderDialog }));

/**
 * An order's details: what the lender typed at placement (property, loan, instructions), for
 * whoever may see it. The API leaves out what a person may not see (a lender never gets the
 * appraiser's fee), so the card shows every field it is given.
 */
export function OrderDetails({ order }: { order: Order }) {
  const [correcting, setCorrecting] = useState(false);
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h4">
          Details
        </Title>
        {order.correctable_fields.length > 0 && (
          <Button
            size="xs"
            variant="light"
            onClick={() => setCorrecting(true)}
            onPointerEnter={() => void loadCorrection()}
            onFocus={() => void loadCorrection()}
          >
            Correct order
          </Button>
        )}
      </Group>
      <Stack gap={6}>
        {detailLines(order).map(([label, value]) => (
          <Field key={label} label={label} value={value} />
        ))}
      </Stack>
      {order.special_instructions && (
        <Stack gap={4} mt="md">
          <Text size="sm" fw={600}>
            Special instructions
          </Text>
          {/* Read as text: nothing of the lender's HTML runs or styles the page. */}
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {textOfHtml(order.special_instructions)}
          </Text>
        </Stack>
      )}
      {correcting && (
        <Suspense fallback={null}>
          <CorrectOrderDialog order={order} onClose={() => setCorrecting(false)} />
        </Suspense>
      )}
    </Card>
  );
}
