import { sql, type Kysely } from 'kysely';

/**
 * What a person keeps of the order lists they work from (GET /me/order_lists/{list}): the
 * columns they chose (none kept: their role's defaults) and their saved views, each a search,
 * a sort and columns under a name of theirs. A user's own; gone with the user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE order_list_columns (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      list text NOT NULL CHECK (list IN ('orders', 'pipeline')),
      columns text[] NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, list)
    );
    CREATE TABLE order_list_views (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      list text NOT NULL CHECK (list IN ('orders', 'pipeline')),
      name text NOT NULL,
      search jsonb NOT NULL,
      columns text[] NOT NULL,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      UNIQUE (user_id, list, name)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE order_list_views; DROP TABLE order_list_columns`.execute(db);
}
