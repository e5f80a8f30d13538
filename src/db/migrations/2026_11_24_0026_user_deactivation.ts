import { sql, type Kysely } from 'kysely';

/**
 * A user an administrator deactivated: kept (their name stays on orders, notes and history),
 * but they no longer sign in, authenticate with a key, or can be acted for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN deactivated_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN deactivated_at`.execute(db);
}
