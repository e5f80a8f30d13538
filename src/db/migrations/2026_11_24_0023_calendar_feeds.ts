import { sql, type Kysely } from 'kysely';

/**
 * An appraiser's private calendar feed (GET /calendar/{token}.ics): one per user, found by the
 * SHA-256 of its token (the token itself is shown once, in the feed's address, like an API
 * key). A new token replaces the row, so the old address stops working at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE calendar_feeds (
      user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE calendar_feeds`.execute(db);
}
