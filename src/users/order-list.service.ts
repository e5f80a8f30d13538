import type { AuthUser } from '../auth/principal.ts';
import type { Db } from '../db/connection.ts';
import { AppError } from '../errors/app-error.ts';
import {
  countListViews,
  deleteListView,
  findListColumns,
  findListViews,
  insertListView,
  setListColumns,
  type ListViewRow,
} from './order-list.repository.ts';
import {
  MAX_VIEWS,
  type OrderListColumn,
  type OrderListName,
  type OrderListViewRow,
} from './order-list.schemas.ts';

/**
 * A person's own columns and saved views of an order list: theirs alone (no one else reads or
 * changes them, acting for them included: the acting user's session is the user's), kept on
 * the service so that they follow the person to another device.
 */
const toView = (row: ListViewRow) =>
  ({
    id: row.id,
    name: row.name,
    search: row.search,
    columns: row.columns,
    created_at: row.created_at.toISOString(),
  }) as OrderListViewRow;

export async function orderListSettings(db: Db, user: AuthUser, list: OrderListName) {
  const [columns, views] = await Promise.all([
    findListColumns(db, user.id, list),
    findListViews(db, user.id, list),
  ]);
  // Only columns the schema checked are ever stored.
  return { list, columns: columns as OrderListColumn[] | null, views: views.map(toView) };
}

export async function chooseListColumns(
  db: Db,
  user: AuthUser,
  list: OrderListName,
  columns: string[] | null,
) {
  await setListColumns(db, user.id, list, columns);
  return orderListSettings(db, user, list);
}

export async function saveListView(
  db: Db,
  user: AuthUser,
  list: OrderListName,
  body: Pick<OrderListViewRow, 'name' | 'search' | 'columns'>,
) {
  const name = body.name.trim();
  if ((await countListViews(db, user.id, list)) >= MAX_VIEWS)
    throw new AppError('validation_failed', `You keep ${MAX_VIEWS} views of this list already`, [
      { field: 'name', message: `cannot be saved: you keep ${MAX_VIEWS} views already; delete one first` },
    ]);
  const saved = await insertListView(db, {
    userId: user.id,
    list,
    search: body.search,
    columns: body.columns,
    name,
  });
  if (!saved)
    throw new AppError('conflict', `You have a view named "${name}" already`, [
      { field: 'name', message: 'is already taken by another of your views' },
    ]);
  return toView(saved);
}

export async function forgetListView(db: Db, user: AuthUser, list: OrderListName, viewId: string) {
  if (!(await deleteListView(db, user.id, list, viewId)))
    throw new AppError('not_found', 'You have no such view of this list');
}
