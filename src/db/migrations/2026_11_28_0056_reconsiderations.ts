import { sql, type Kysely } from 'kysely';

/**
 * Reconsiderations of value (docs/reports.md, "Reconsideration of value"): each lender's request
 * with what it names — its reason, summary, who initiated it, the deficiencies it sees — and
 * its alternative comparables, one row each with the price in cents; then what the company did
 * with it (forwarded to the appraiser, in its words or not, or answered itself) and the outcome
 * the appraiser's revised report gave (the value before and after, and whether the report's own
 * reconsideration section agrees). One borrower-initiated request per order, held by an index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE reconsiderations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
      number integer NOT NULL CHECK (number >= 1),
      reason text NOT NULL CHECK (reason IN ('alternate_closed_sales', 'general_errors', 'subject_errors')),
      initiated_by text NOT NULL CHECK (initiated_by IN ('borrower', 'lender')),
      summary text NOT NULL,
      supporting_data text,
      deficiencies jsonb NOT NULL DEFAULT '[]',
      request_note_id uuid REFERENCES notes (id) ON DELETE SET NULL,
      requested_by uuid REFERENCES users (id) ON DELETE SET NULL,
      requested_at timestamptz NOT NULL DEFAULT now(),
      status text NOT NULL CHECK (status IN ('in_review', 'with_appraiser', 'answered', 'resolved')),
      reviewed boolean NOT NULL,
      sent_to_appraiser_at timestamptz,
      forwarded_by uuid REFERENCES users (id) ON DELETE SET NULL,
      company_comments text,
      answered_at timestamptz,
      answered_by uuid REFERENCES users (id) ON DELETE SET NULL,
      answer text,
      submission_before integer,
      submission_after integer,
      value_before_cents bigint,
      value_after_cents bigint,
      result text CHECK (result IN ('value_change', 'no_value_change', 'unknown')),
      report_check text CHECK (report_check IN ('matches', 'mismatch', 'not_checked')),
      report_section jsonb,
      report_mismatches jsonb,
      resolved_at timestamptz,
      UNIQUE (order_id, number),
      CHECK ((status = 'resolved') = (resolved_at IS NOT NULL))
    );
    CREATE UNIQUE INDEX reconsiderations_one_borrower_initiated
      ON reconsiderations (order_id) WHERE initiated_by = 'borrower';
    CREATE INDEX reconsiderations_request_note ON reconsiderations (request_note_id);
    CREATE TABLE reconsideration_comparables (
      reconsideration_id uuid NOT NULL REFERENCES reconsiderations (id) ON DELETE CASCADE,
      position integer NOT NULL CHECK (position BETWEEN 1 AND 5),
      address text NOT NULL,
      sale_price_cents bigint NOT NULL CHECK (sale_price_cents > 0),
      sale_date date NOT NULL,
      data_source text NOT NULL,
      reason text NOT NULL,
      PRIMARY KEY (reconsideration_id, position)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE reconsideration_comparables;
    DROP TABLE reconsiderations`.execute(db);
}
