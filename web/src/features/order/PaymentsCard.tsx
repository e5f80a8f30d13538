import { Anchor, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Order } from '../../../../sdk/src/client.ts';
import { ApiFailure, failureText } from '../../queries/failure.ts';
import { api, unwrap } from '../../queries/sdk.ts';

/**
 * What the order costs, what was paid and what is left, as the API formats it; the hosted
 * payment page, the invoice and each receipt through their signed links. Hidden from those the
 * API does not show payments to.
 */
export function PaymentsCard({ order }: { order: Order }) {
  const payments = useQuery({
    queryKey: ['order', order.id, 'payments'],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/orders/{order_id}/payments', { params: { path: { order_id: order.id } } }),
      ),
  });
  if (payments.error instanceof ApiFailure && payments.error.status === 403) return null;
  const summary = payments.data;
  const owing = summary && !/^\$?0(\.00)?$/.test(summary.balance);
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Payments
      </Title>
      {payments.isPending && <Skeleton height={80} />}
      {payments.isError && (
        <Text c="red" size="sm" role="alert">
          {failureText(payments.error)}
        </Text>
      )}
      {summary && (
        <Stack gap="xs">
          <Group gap="xl">
            <Amount label="Total" value={summary.total} />
            <Amount label="Paid" value={summary.total_paid} />
            <Amount label="Balance" value={summary.balance} />
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
    </Card>
  );
}

function Amount({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}
