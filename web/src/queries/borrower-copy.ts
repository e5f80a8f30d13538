import type { Schema } from '../../../sdk/src/client.ts';
import { orderKey } from './order.ts';
import { queryClient } from './query-client.ts';
import { api, unwrap } from './sdk.ts';

/** The borrower's copy of an order's appraisal (Regulation B; docs/turn-times.md), under the order's key. */
export type BorrowerCopy = Schema<'BorrowerCopy'>;
export type BorrowerCopyMethod = Schema<'BorrowerCopyBody'>['method'];

export const borrowerCopyQuery = (orderId: string) => ({
  queryKey: [...orderKey(orderId), 'borrower_copy'],
  queryFn: async () =>
    unwrap(
      await api.GET('/api/v1/orders/{order_id}/borrower_copy', { params: { path: { order_id: orderId } } }),
    ),
});

export const recordBorrowerCopyMutation = (orderId: string, onDone: () => void) => ({
  mutationFn: async (method: BorrowerCopyMethod) =>
    unwrap(
      await api.PUT('/api/v1/orders/{order_id}/borrower_copy', {
        params: { path: { order_id: orderId } },
        body: { method },
      }),
    ),
  onSuccess: async () => {
    await queryClient.invalidateQueries({ queryKey: orderKey(orderId) });
    onDone();
  },
});
