import { sql, type Kysely } from 'kysely';

/**
 * Answers kept for Idempotency-Key replays no longer hold the single-sign-on token of
 * POST /api/v1/me: it authenticates, like an API key, so it is removed from the answers
 * already kept (a retry of that request now answers 409 instead of the token).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE idempotency_keys
       SET response_body = (response_body::jsonb - 'jwt')::text
     WHERE CASE
             -- Every kept answer is JSON; only objects can hold the field.
             WHEN response_body LIKE '{%' THEN response_body::jsonb ? 'jwt'
             ELSE false
           END;
  `.execute(db);
}

export async function down(): Promise<void> {
  // What was removed is gone: nothing to put back.
}
