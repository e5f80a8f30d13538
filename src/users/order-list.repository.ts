import type { Db } from '../db/connection.ts';

/** The columns and saved views a user keeps of an order list (migration 0033). */
export async function findListColumns(db: Db, userId: string, list: string): Promise<string[] | null> {
  const row = await db
    .selectFrom('order_list_columns')
    .select('columns')
    .where('user_id', '=', userId)
    .where('list', '=', list)
    .executeTakeFirst();
  return row?.columns ?? null;
}

/** Keeps the columns chosen; null forgets them (the role's defaults again). */
export async function setListColumns(
  db: Db,
  userId: string,
  list: string,
  columns: string[] | null,
): Promise<void> {
  if (columns === null) {
    await db
      .deleteFrom('order_list_columns')
      .where('user_id', '=', userId)
      .where('list', '=', list)
      .execute();
    return;
  }
  await db
    .insertInto('order_list_columns')
    .values({ user_id: userId, list, columns })
    .onConflict((oc) => oc.columns(['user_id', 'list']).doUpdateSet({ columns, updated_at: new Date() }))
    .execute();
}

export async function findListViews(db: Db, userId: string, list: string) {
  return db
    .selectFrom('order_list_views')
    .select(['id', 'name', 'search', 'columns', 'created_at'])
    .where('user_id', '=', userId)
    .where('list', '=', list)
    .orderBy('name')
    .execute();
}

export type ListViewRow = Awaited<ReturnType<typeof findListViews>>[number];

/** A new view, or undefined when the user already has one of that name (the unique key). */
export async function insertListView(
  db: Db,
  view: { userId: string; list: string; name: string; search: object; columns: string[] },
): Promise<ListViewRow | undefined> {
  return db
    .insertInto('order_list_views')
    .values({
      user_id: view.userId,
      list: view.list,
      name: view.name,
      search: JSON.stringify(view.search),
      columns: view.columns,
    })
    .onConflict((oc) => oc.columns(['user_id', 'list', 'name']).doNothing())
    .returning(['id', 'name', 'search', 'columns', 'created_at'])
    .executeTakeFirst();
}

export async function countListViews(db: Db, userId: string, list: string): Promise<number> {
  const row = await db
    .selectFrom('order_list_views')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('list', '=', list)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes one of the user's views; false when they have none of that id. */
export async function deleteListView(db: Db, userId: string, list: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('order_list_views')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('list', '=', list)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
