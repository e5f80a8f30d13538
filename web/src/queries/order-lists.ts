import type { Schema } from '../../../sdk/src/client.ts';
import { queryClient } from './query-client.ts';
import { api, unwrap } from './sdk.ts';

/**
 * A person's own columns and saved views of an order list, kept by the service so that they
 * follow the person to another device (GET /api/v1/me/order_lists/{list}). Not under 'orders':
 * a change of an order changes none of them.
 */
export type OrderListName = 'orders' | 'pipeline';
export type OrderListSettings = Schema<'OrderListSettings'>;
export type SavedView = Schema<'OrderListView'>;
export type ViewSearch = Schema<'OrderListSearch'>;
export type ColumnKey = SavedView['columns'][number];

const keyOf = (list: OrderListName) => ['order-lists', list] as const;

export const orderListSettingsQuery = (list: OrderListName) => ({
  queryKey: keyOf(list),
  queryFn: async () => unwrap(await api.GET('/api/v1/me/order_lists/{list}', { params: { path: { list } } })),
  staleTime: 60_000,
});

/** The latest choice of columns sent: an earlier answer arriving after it does not undo it. */
let latestChoice = 0;

/** Shows the columns at once and keeps them; goes back if the service refuses. */
export async function chooseColumns(list: OrderListName, columns: ColumnKey[] | null): Promise<void> {
  const choice = ++latestChoice;
  const before = queryClient.getQueryData<OrderListSettings>(keyOf(list));
  if (before) queryClient.setQueryData(keyOf(list), { ...before, columns });
  try {
    const after = unwrap(
      await api.PUT('/api/v1/me/order_lists/{list}/columns', {
        params: { path: { list } },
        body: { columns },
      }),
    );
    if (choice === latestChoice) queryClient.setQueryData(keyOf(list), after);
  } catch (error) {
    if (before && choice === latestChoice) queryClient.setQueryData(keyOf(list), before);
    throw error;
  }
}

export async function saveView(
  list: OrderListName,
  body: { name: string; search: ViewSearch; columns: ColumnKey[] },
): Promise<SavedView> {
  const view = unwrap(
    await api.POST('/api/v1/me/order_lists/{list}/views', { params: { path: { list } }, body }),
  );
  await queryClient.invalidateQueries({ queryKey: keyOf(list) });
  return view;
}

export async function deleteView(list: OrderListName, viewId: string): Promise<void> {
  unwrap(
    await api.DELETE('/api/v1/me/order_lists/{list}/views/{view_id}', {
      params: { path: { list, view_id: viewId } },
    }),
  );
  await queryClient.invalidateQueries({ queryKey: keyOf(list) });
}
