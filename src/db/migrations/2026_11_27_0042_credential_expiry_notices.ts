import { sql, type Kysely } from 'kysely';

/**
 * The notices sent before a license or an errors-and-omissions policy expires (60, 30 and 7
 * days before its last valid day: panel/credential-expiry.ts), one row each, so that every
 * process's timers send each notice once. A renewal has another last day, and its own notices.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE credential_expiry_notices (
      appraiser_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      credential text NOT NULL,
      expires_on date NOT NULL,
      days_before integer NOT NULL CHECK (days_before IN (60, 30, 7)),
      sent_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (appraiser_id, credential, expires_on, days_before)
    );
    CREATE INDEX appraiser_eo_policies_expiry_idx ON appraiser_eo_policies (expires_on);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX appraiser_eo_policies_expiry_idx;
    DROP TABLE credential_expiry_notices;
  `.execute(db);
}
