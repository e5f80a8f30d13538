import { sql, type Kysely } from 'kysely';

/** File types, order files (uploads, submissions, attachments) and notes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE file_types (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      slug text NOT NULL UNIQUE,
      position integer NOT NULL
    );

    CREATE TABLE notes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
      author_id uuid REFERENCES users (id),
      author_name text NOT NULL,
      subject text,
      content text NOT NULL,
      important boolean,
      additional_emails text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT clock_timestamp()
    );
    CREATE INDEX notes_order_idx ON notes (order_id, created_at);

    CREATE TABLE order_files (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
      file_type_id uuid NOT NULL REFERENCES file_types (id),
      product_id uuid REFERENCES products (id),
      note_id uuid REFERENCES notes (id) ON DELETE CASCADE,
      -- How the file arrived: upload, submission, revision, reconsideration, note.
      source text NOT NULL,
      -- The object's key in storage: generated, never derived from the client's filename.
      storage_key text NOT NULL UNIQUE,
      filename text NOT NULL,
      content_type text NOT NULL,
      size_bytes bigint NOT NULL,
      sha256 text NOT NULL,
      uploaded_by uuid REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT clock_timestamp()
    );
    CREATE INDEX order_files_order_idx ON order_files (order_id, created_at);
    CREATE INDEX order_files_note_idx ON order_files (note_id) WHERE note_id IS NOT NULL;

    INSERT INTO file_types (name, slug, position) VALUES
      ('Appraisal Report (PDF)', 'appraisal_pdf', 1),
      ('Appraisal Report (XML)', 'appraisal_xml', 2),
      ('Appraisal Report (ENV)', 'appraisal_env', 3),
      ('Appraisal Miscellaneous', 'appraisal_misc', 4),
      ('SSR Fannie Mae', 'ssr_fannie_mae', 5),
      ('SSR Freddie Mac', 'ssr_freddie_mac', 6),
      ('SSR EAD', 'ssr_ead', 7),
      ('Purchase Agreement', 'purchase_agreement', 8),
      ('Appraiser Invoice', 'appraiser_invoice', 9),
      ('Certificate of Compliance', 'certificate_of_compliance', 10),
      ('Sales Contract', 'sales_contract', 11),
      ('Settlement Statement', 'settlement_statement', 12),
      ('Survey', 'survey', 13),
      ('Title', 'title', 14),
      ('Plans and Specifications', 'plans_specs', 15),
      ('Other', 'other', 16),
      ('Addendum', 'addendum', 17),
      ('Workflow Action Confirmation', 'workflow_action_confirmation', 18),
      ('Rehab Budget', 'rehab_budget', 19),
      ('Third Party Data Collection Report', 'third_party_data_collection_report', 20),
      ('Engagement Letter', 'engagement_letter', 21);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE order_files, notes, file_types;`.execute(db);
}
