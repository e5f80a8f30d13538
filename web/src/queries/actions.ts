import type { OrderListItem, paths } from '../../../sdk/src/client.ts';
import { formData } from '../../../sdk/src/client.ts';
import { failureText } from './failure.ts';
import { ORDERS_KEY } from './orders.ts';
import { orderKey } from './order.ts';
import { queryClient } from './query-client.ts';
import { api, unwrap } from './sdk.ts';
import { uploadingClient } from './upload.ts';

/** Every workflow action's endpoint: PUT /api/v1/orders/{order_id}/<action> (docs/workflow.md). */
type ActionPath = Extract<keyof paths, `/api/v1/orders/{order_id}/${string}`> &
  keyof { [P in keyof paths as paths[P] extends { put: object } ? P : never]: 1 };

/**
 * The body of an action as its form built it. The forms come from the API's own request
 * schemas at build time (features/actions/forms.ts), so the body is checked by the service,
 * not by a type here.
 */
export type ActionBody = Record<string, unknown>;

export interface Action {
  action: string;
  body?: ActionBody;
  /** Files in the body: sent as multipart, through XMLHttpRequest for the progress bar. */
  upload?: { onProgress: (fraction: number) => void };
}

/** Takes one workflow action on one order; the answer is the order as it now is. */
export async function takeAction(orderId: string, { action, body = {}, upload }: Action) {
  const route = `/api/v1/orders/{order_id}/${action}` as ActionPath;
  const params = { path: { order_id: orderId } };
  if (!upload) return unwrap(await api.PUT(route, { params, body: body as never }));
  const client = uploadingClient(upload.onProgress);
  return unwrap(await client.PUT(route, { params, body: body as never, bodySerializer: formData }));
}

/** After an action: the order (and all that hangs on it), every list and the panel's counts. */
export async function afterAction(orderId?: string) {
  if (orderId) await queryClient.invalidateQueries({ queryKey: orderKey(orderId) });
  await queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
}

export type ActionResult = Awaited<ReturnType<typeof takeAction>>;

/**
 * Any action on one order, for useMutation. `done` tells the person before the refetch: the
 * card that took the action may leave the page with it (an order assigned has no assignment
 * card), and a callback of a component gone is never called.
 */
export const actionMutation = (orderId: string, done?: (result: ActionResult, action: Action) => void) => ({
  mutationFn: (action: Action) => takeAction(orderId, action),
  onSuccess: async (result: ActionResult, action: Action) => {
    done?.(result, action);
    await afterAction(orderId);
  },
});

/** "The order is now Assigned." */
export const nowText = (result: ActionResult) =>
  'status' in result ? `The order is now ${result.status.name}.` : 'Done.';

export type BulkAction = 'assign' | 'hold' | 'resume';
export type BulkInputs = { reason?: string; appraiser_id?: string; fee?: string };

/**
 * One action on many orders, one call each (the API acts on one order at a time, and each may
 * refuse on its own: an order that moved meanwhile answers 409). Says how many went through and
 * names those that did not, with the service's reason.
 */
type BulkResult = { action: BulkAction; done: number; failures: string[] };
export const bulkActionMutation = (done: (result: BulkResult) => void) => ({
  mutationFn: async ({
    orders,
    action,
    inputs,
  }: {
    orders: OrderListItem[];
    action: BulkAction;
    inputs: BulkInputs;
  }) => {
    const failures: string[] = [];
    const body: ActionBody =
      action === 'assign'
        ? { appraiser_id: inputs.appraiser_id ?? '', ...(inputs.fee ? { fee: inputs.fee } : {}) }
        : action === 'hold'
          ? { reason: inputs.reason }
          : {};
    for (const order of orders) {
      try {
        await takeAction(order.id, { action, body });
      } catch (error) {
        failures.push(`${order.file_number}: ${failureText(error)}`);
      }
    }
    return { action, done: orders.length - failures.length, failures };
  },
  // Told before the refetch, which takes the orders acted on out of the queue (and the bar with them).
  onSuccess: async (result: BulkResult) => {
    done(result);
    await afterAction();
    await queryClient.invalidateQueries({ queryKey: ['appraisers'] });
  },
});
