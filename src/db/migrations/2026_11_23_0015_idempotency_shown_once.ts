import { sql, type Kysely } from 'kysely';

/**
 * Answers kept for Idempotency-Key replays no longer hold secrets shown once: the API key of
 * POST /api/v1/api_keys and the signing secret of a webhook subscription are removed from the
 * answers already kept (a retry of those requests now answers 409 instead of the secret).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE idempotency_keys
       SET response_body = (response_body::jsonb - 'api_key' - 'secret')::text
     WHERE CASE
             -- Every kept answer is JSON; only objects can hold the fields.
             WHEN response_body LIKE '{%' THEN response_body::jsonb ?| array['api_key', 'secret']
             ELSE false
           END;
  `.execute(db);
}

export async function down(): Promise<void> {
  // What was removed is gone: nothing to put back.
}
