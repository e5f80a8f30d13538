import { sql, type Kysely } from 'kysely';

/**
 * What the service read of each report submitted (docs/reports.md): the report model, the
 * findings of every check when it was submitted, and how the appraiser answered them (an
 * override of fatal findings with a reason, where the company allows one; warnings
 * acknowledged). One row per submission of the order that carried a UAD 3.6 or MISMO 2.6 file; and each
 * company's settings for the checks of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE report_submissions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
      submission_no integer NOT NULL CHECK (submission_no >= 1),
      format text NOT NULL CHECK (format IN ('uad_3.6', 'mismo_2.6')),
      report jsonb NOT NULL,
      findings jsonb NOT NULL,
      fatal_count integer NOT NULL CHECK (fatal_count >= 0),
      warning_count integer NOT NULL CHECK (warning_count >= 0),
      checked_as_of date NOT NULL,
      override_reason text CHECK (override_reason IS NULL OR length(override_reason) BETWEEN 1 AND 2000),
      warnings_acknowledged boolean NOT NULL,
      submitted_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (order_id, submission_no)
    );
    CREATE TABLE company_report_settings (
      company_id uuid PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
      allow_fatal_override boolean NOT NULL DEFAULT false,
      comparable_max_age_months integer NOT NULL DEFAULT 12 CHECK (comparable_max_age_months BETWEEN 1 AND 60),
      proximity_tolerance_miles numeric(6, 2) NOT NULL DEFAULT 0.5 CHECK (proximity_tolerance_miles > 0),
      net_adjustment_percent numeric(5, 2) NOT NULL DEFAULT 15 CHECK (net_adjustment_percent > 0),
      gross_adjustment_percent numeric(5, 2) NOT NULL DEFAULT 25 CHECK (gross_adjustment_percent > 0),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE report_submissions;
    DROP TABLE company_report_settings`.execute(db);
}
