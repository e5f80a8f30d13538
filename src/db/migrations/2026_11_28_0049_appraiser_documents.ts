import { sql, type Kysely } from 'kysely';

/**
 * An appraiser's documents (docs/assignment.md, "Credentials"): the errors-and-omissions
 * certificate, a license's copy, the W-9 and others, each a stored file (the key is the service's,
 * never the uploader's filename) with the day it stops being valid, if it has one. Gone with the
 * appraiser; removing one is kept in the credential changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE appraiser_documents (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      appraiser_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('eo_certificate', 'license', 'w9', 'other')),
      file_name text NOT NULL,
      content_type text NOT NULL,
      size bigint NOT NULL CHECK (size > 0),
      sha256 text NOT NULL,
      storage_key text NOT NULL UNIQUE,
      expires_on date,
      uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX appraiser_documents_appraiser_idx ON appraiser_documents (appraiser_id, created_at DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE appraiser_documents`.execute(db);
}
