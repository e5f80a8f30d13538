import { Anchor, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { SectionCard } from '../../components/SectionCard.tsx';
import { useQuery } from '@tanstack/react-query';
import type { Order } from '../../../../sdk/src/client.ts';
import { MoneyFigure } from '../../components/MoneyFigure.tsx';
import { ApiFailure, failureText } from '../../queries/failure.ts';
import { paymentsQuery } from '../../queries/order-records.ts';
import { useSession } from '../../queries/session.ts';

/**
 * What the order costs, what was paid and what is left, as the API formats it; the hosted
 * payment page, the invoice and each receipt through their signed links. An appraiser is paid
 * by the company, not by the lender: the API shows them no payments, so they are not asked for.
 */
export function PaymentsCard({ order }: { order: Order }) {
  const role = useSession()?.user.role;
  const payments = useQuery({
    ...paymentsQuery(order.id),
    enabled: role !== undefined && role !== 'appraiser',
  });
  if (role === 'appraiser' || (payments.error instanceof ApiFailure && payments.error.status === 403))
    return null;
  const summary = payments.data;
  const owing = summary && !/^\$?0(\.00)?$/.test(summary.balance);
  return (
    <SectionCard title="Payments">
      {payments.isPending && <Skeleton height={80} />}
      {payments.isError && (
        <Text c="red" size="sm" role="alert">
          {failureText(payments.error)}
        </Text>
      )}
      {summary && (
        <Stack gap="xs">
          <Group gap="xl">
            <MoneyFigure label="Total" value={summary.total} />
            <MoneyFigure label="Paid" value={summary.total_paid} />
            <MoneyFigure label="Balance" value={summary.balance} />
          </Group>
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
