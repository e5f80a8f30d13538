import { Modal, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { notifyDone } from '../../lib/notices.ts';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Order } from '../../../../sdk/src/client.ts';
import { FormButtons } from '../../components/FormButtons.tsx';
import { FormFailure } from '../../components/FormFailure.tsx';
import { sendForm } from '../../queries/form-errors.ts';
import { configurationQuery } from '../../queries/new-order.ts';
import { changePaymentMethod } from '../../queries/order-records.ts';
import { PAYMENT_METHOD_WORDS } from './payment-methods.ts';

const LABELS = { payment_method: 'The payment method' };

/**
 * Changes how the order is paid, among the ways the company takes (the client's configuration);
 * each choice says who pays and how, so that nobody switches the payer without seeing it.
 */
export function PaymentMethodDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const configuration = useQuery(configurationQuery(order.client.id));
  const company = configuration.data?.companies.find((c) => c.company_id === order.company.id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ initialValues: { payment_method: order.payment_method } });
  const submit = form.onSubmit(async ({ payment_method }) => {
    if (payment_method === order.payment_method) return onClose();
    const changed = await sendForm(
      () => changePaymentMethod(order.id, payment_method).then(() => true),
      { setErrors: form.setErrors, setFailure },
      LABELS,
    );
    if (!changed) return;
    const words = PAYMENT_METHOD_WORDS[payment_method];
    notifyDone('Payment method changed', words.label);
    onClose();
  });
  // The company's methods, and the order's own even where the company no longer takes it.
  const methods = [...new Set([order.payment_method, ...(company?.payment_methods ?? [])])];
  return (
    <Modal opened onClose={onClose} title="Change how the order is paid" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {configuration.isPending && <Skeleton height={120} />}
          {configuration.data && (
            <Radio.Group label="Payment method" {...form.getInputProps('payment_method')}>
              <Stack gap="sm" mt="xs">
                {methods.map((method) => (
                  <Radio
                    key={method}
                    value={method}
                    label={PAYMENT_METHOD_WORDS[method]?.label ?? method}
                    description={PAYMENT_METHOD_WORDS[method]?.means}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
          <Text size="sm" c="dimmed">
            Recorded in the order's history. Payments already made stay as they are.
          </Text>
          <FormFailure title="The payment method did not change" failure={failure} />
          <FormButtons onCancel={onClose} submitting={form.submitting} submit="Change the payment method" />
        </Stack>
      </form>
    </Modal>
  );
}
