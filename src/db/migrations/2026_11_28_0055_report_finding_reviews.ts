import { sql, type Kysely } from 'kysely';

/**
 * The company's review of a submitted report's findings (docs/reports.md, "Review"): a finding
 * overridden with a reason, by whom and when, and whether it is shared with the lender. One row
 * per finding reviewed, a finding being its check's id and the field it points at.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE report_finding_reviews (
      order_id uuid NOT NULL,
      submission_no integer NOT NULL,
      finding_id text NOT NULL,
      field text NOT NULL,
      override_reason text CHECK (override_reason IS NULL OR length(override_reason) BETWEEN 1 AND 2000),
      overridden_by uuid REFERENCES users (id) ON DELETE SET NULL,
      overridden_at timestamptz,
      shared_with_lender boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (order_id, submission_no, finding_id, field),
      FOREIGN KEY (order_id, submission_no) REFERENCES report_submissions (order_id, submission_no) ON DELETE CASCADE,
      CHECK ((override_reason IS NULL) = (overridden_at IS NULL))
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE report_finding_reviews`.execute(db);
}
