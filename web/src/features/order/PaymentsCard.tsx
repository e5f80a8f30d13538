import { Anchor, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { InlineFailure } from '../../components/InlineFailure.tsx';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Field } from '../../components/Field.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import type { Order } from '../../../../sdk/src/client.ts';
import { MoneyFigure } from '../../components/MoneyFigure.tsx';
import { ApiFailure } from '../../queries/failure.ts';
import { paymentsQuery } from '../../queries/order-records.ts';
import { useSession } from '../../queries/session.ts';
import { PaymentLinkActions } from './PaymentLinkActions.tsx';
import { PaymentMethodDialog } from './PaymentMethodDialog.tsx';
import { PAYMENT_METHOD_WORDS } from './payment-methods.ts';

/**
 * What the order costs, what was paid and what is left, as the API formats it; the hosted
 * payment page, the invoice and each receipt through their signed links. An appraiser is paid
 * by the company, not by the lender: the API shows them no payments, so they are not asked for.
 * The lender and the company (not an operator, who only reads) change how the order is paid and
 * pass the payment link on; the service refuses anyone else, and the page says its words.
 */
export function PaymentsCard({ order }: { order: Order }) {
  const role = useSession()?.user.role;
  const payments = useQuery({
    ...paymentsQuery(order.id),
    enabled: role !== undefined && role !== 'appraiser',
  });
  if (role === 'appraiser' || (payments.error instanceof ApiFailure && payments.error.status === 403))
    return null;
  const [changingMethod, setChangingMethod] = useState(false);
  const summary = payments.data;
  const decides = role === 'client' || role === 'staff';
  const owing = summary && !/^\$?0(\.00)?$/.test(summary.balance);
  return (
    <SectionCard title="Payments">
      {payments.isPending && <Skeleton height={80} />}
      <InlineFailure error={payments.error} />
      {summary && (
        <Stack gap="xs">
          <Group gap="xl">
            <MoneyFigure label="Total" value={summary.total} />
            <MoneyFigure label="Paid" value={summary.total_paid} />
            <MoneyFigure label="Balance" value={summary.balance} />
          </Group>
          <Field
            label="Payment method"
            value={
              <Group gap={4} wrap="wrap">
                {PAYMENT_METHOD_WORDS[order.payment_method].label}
                {decides && (
                  <Button size="compact-sm" variant="subtle" onClick={() => setChangingMethod(true)}>
                    Change
                  </Button>
                )}
              </Group>
            }
          />
          {changingMethod && <PaymentMethodDialog order={order} onClose={() => setChangingMethod(false)} />}
          {summary.card_page_lock && (
            <Text size="sm" c="orange.8">
              The payment page is locked for now: {summary.card_page_lock.reason}.
            </Text>
          )}
          <Group gap="xs">
            {owing && (
              <Button component="a" href={summary.input_credit_card_link} target="_blank" rel="noopener">
                Pay by card
              </Button>
            )}
            <Button component="a" href={summary.pdf_link} variant="default" target="_blank" rel="noopener">
              Invoice (PDF)
            </Button>
          </Group>
          {owing && decides && (
            <PaymentLinkActions
              orderId={order.id}
              link={summary.input_credit_card_link}
              borrowerEmail={order.borrower.email}
            />
          )}
          {summary.payments.length > 0 && (
            <Table verticalSpacing={4}>
              <Table.Tbody>
                {summary.payments.map((payment) => (
                  <Table.Tr key={payment.receipt_link}>
                    <Table.Td>{payment.created_at}</Table.Td>
                    <Table.Td>{payment.amount}</Table.Td>
                    <Table.Td>{payment.paid_by}</Table.Td>
                    <Table.Td>
                      <Anchor href={payment.receipt_link} target="_blank" rel="noopener" size="sm">
                        Receipt
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
