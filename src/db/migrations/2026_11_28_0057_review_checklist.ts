import { sql, type Kysely } from 'kysely';

/**
 * The company's review checklist (docs/reports.md, "Review"): the items its reviewers tick for
 * every report, in its report settings, and each submission's ticks, by whom and when.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE company_report_settings
      ADD COLUMN review_checklist jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(review_checklist) = 'array');
    CREATE TABLE report_checklist_answers (
      order_id uuid NOT NULL,
      submission_no integer NOT NULL,
      item text NOT NULL CHECK (length(item) BETWEEN 1 AND 200),
      done boolean NOT NULL,
      answered_by uuid REFERENCES users (id) ON DELETE SET NULL,
      answered_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (order_id, submission_no, item),
      FOREIGN KEY (order_id, submission_no) REFERENCES report_submissions (order_id, submission_no) ON DELETE CASCADE
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE report_checklist_answers;
    ALTER TABLE company_report_settings DROP COLUMN review_checklist`.execute(db);
}
