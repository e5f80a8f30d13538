import { sql, type Kysely } from 'kysely';

/**
 * Fee schedules (docs/fees.md):
 * - the lender's fee: the company's schedule by client (none: every client) × product × state or
 *   county (none: everywhere), with a rush add-on (a due date fewer than `rush_days` days away)
 *   and a complexity add-on (an order marked complex);
 * - the appraiser's fee: the company's standard schedule (no appraiser) and each appraiser's own,
 *   by product × state or county, with the same add-ons; the appraiser's own entry over the
 *   company's;
 * - every change of a schedule, before and after, for its audit.
 * The most specific entry applies: county over state over everywhere, the client's over everyone's.
 * `county_id` is a 5-digit FIPS code; `state_id` the 2-digit code orders carry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE lender_fee_schedule (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      client_id uuid REFERENCES organizations (id) ON DELETE CASCADE,
      product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
      state_id text CHECK (state_id ~ '^[0-9]{2}$'),
      county_id text CHECK (county_id ~ '^[0-9]{5}$'),
      fee_cents bigint NOT NULL CHECK (fee_cents >= 0),
      rush_fee_cents bigint NOT NULL DEFAULT 0 CHECK (rush_fee_cents >= 0),
      rush_days integer CHECK (rush_days BETWEEN 1 AND 60),
      complexity_fee_cents bigint NOT NULL DEFAULT 0 CHECK (complexity_fee_cents >= 0),
      CHECK (county_id IS NULL OR (state_id IS NOT NULL AND left(county_id, 2) = state_id))
    );
    CREATE UNIQUE INDEX lender_fee_schedule_key ON lender_fee_schedule
      (company_id, product_id, coalesce(client_id, '00000000-0000-0000-0000-000000000000'),
       coalesce(state_id, ''), coalesce(county_id, ''));
    CREATE TABLE appraiser_fee_schedule (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      appraiser_id uuid REFERENCES users (id) ON DELETE CASCADE,
      product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
      state_id text CHECK (state_id ~ '^[0-9]{2}$'),
      county_id text CHECK (county_id ~ '^[0-9]{5}$'),
      fee_cents bigint NOT NULL CHECK (fee_cents >= 0),
      rush_fee_cents bigint NOT NULL DEFAULT 0 CHECK (rush_fee_cents >= 0),
      rush_days integer CHECK (rush_days BETWEEN 1 AND 60),
      complexity_fee_cents bigint NOT NULL DEFAULT 0 CHECK (complexity_fee_cents >= 0),
      CHECK (county_id IS NULL OR (state_id IS NOT NULL AND left(county_id, 2) = state_id))
    );
    CREATE UNIQUE INDEX appraiser_fee_schedule_key ON appraiser_fee_schedule
      (company_id, product_id, coalesce(appraiser_id, '00000000-0000-0000-0000-000000000000'),
       coalesce(state_id, ''), coalesce(county_id, ''));
    CREATE INDEX appraiser_fee_schedule_appraiser_idx ON appraiser_fee_schedule (appraiser_id)
      WHERE appraiser_id IS NOT NULL;
    CREATE TABLE fee_schedule_changes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      schedule text NOT NULL CHECK (schedule IN ('lender', 'appraiser')),
      appraiser_id uuid REFERENCES users (id) ON DELETE CASCADE,
      changed_by uuid REFERENCES users (id) ON DELETE SET NULL,
      acted_by uuid REFERENCES users (id) ON DELETE SET NULL,
      before jsonb NOT NULL,
      after jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX fee_schedule_changes_company_idx ON fee_schedule_changes (company_id, created_at DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE fee_schedule_changes, appraiser_fee_schedule, lender_fee_schedule;
  `.execute(db);
}
