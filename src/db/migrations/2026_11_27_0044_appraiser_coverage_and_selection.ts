import { sql, type Kysely } from 'kysely';

/**
 * What the assignment engine selects on (docs/assignment.md, "The engine"):
 * - where an appraiser works: counties (5-digit FIPS) and ZIP codes, and a home location with a
 *   radius in miles; and the products they take (none listed: every product of the company);
 * - the days they are away (time off), inclusive;
 * - the company's selection rules: the weight of each factor, whether an appraiser with a past-due
 *   order is passed over, and the least E&O coverage per claim it accepts;
 * - every decision the engine made, with the rules it applied and each candidate's failed filters
 *   and points, so that the company can show why an appraiser was (or was not) chosen;
 * - an index of offers by appraiser, for the tie-break: the least recently offered first.
 * Every row is gone with its appraiser, company or order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE appraiser_coverage (
      appraiser_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('county', 'zip')),
      code text NOT NULL CHECK (code ~ '^[0-9]{5}$'),
      PRIMARY KEY (appraiser_id, kind, code)
    );
    CREATE INDEX appraiser_coverage_code_idx ON appraiser_coverage (kind, code);
    ALTER TABLE appraiser_profiles
      ADD COLUMN home_latitude numeric(9, 6) CHECK (home_latitude BETWEEN -90 AND 90),
      ADD COLUMN home_longitude numeric(9, 6) CHECK (home_longitude BETWEEN -180 AND 180),
      ADD COLUMN radius_miles integer CHECK (radius_miles BETWEEN 1 AND 500),
      ADD CONSTRAINT appraiser_profiles_home_whole
        CHECK ((home_latitude IS NULL) = (home_longitude IS NULL));
    CREATE TABLE appraiser_products (
      appraiser_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
      PRIMARY KEY (appraiser_id, product_id)
    );
    CREATE TABLE appraiser_time_off (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      appraiser_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      starts_on date NOT NULL,
      ends_on date NOT NULL,
      note text,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (starts_on <= ends_on)
    );
    CREATE INDEX appraiser_time_off_appraiser_idx ON appraiser_time_off (appraiser_id, ends_on);
    CREATE TABLE company_selection_rules (
      company_id uuid PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
      weights jsonb NOT NULL,
      pass_over_past_due boolean NOT NULL DEFAULT false,
      eo_minimum_cents bigint CHECK (eo_minimum_cents IS NULL OR eo_minimum_cents > 0),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE assignment_decisions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
      made_by text NOT NULL CHECK (made_by IN ('auto_assign', 'picker')),
      chosen_appraiser_id uuid REFERENCES users (id) ON DELETE SET NULL,
      rules jsonb NOT NULL,
      candidates jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp()
    );
    CREATE INDEX assignment_decisions_order_idx ON assignment_decisions (order_id, created_at DESC);
    -- When each appraiser was last offered an order: the engine's tie-break (least recently offered).
    CREATE INDEX IF NOT EXISTS order_history_offers_idx ON order_history ((details->>'appraiser_id'), created_at DESC)
      WHERE action IN ('assign', 'auto_assign_completed');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX order_history_offers_idx;
    DROP TABLE assignment_decisions;
    DROP TABLE company_selection_rules;
    DROP TABLE appraiser_time_off;
    DROP TABLE appraiser_products;
    ALTER TABLE appraiser_profiles
      DROP CONSTRAINT appraiser_profiles_home_whole,
      DROP COLUMN radius_miles, DROP COLUMN home_longitude, DROP COLUMN home_latitude;
    DROP TABLE appraiser_coverage;
  `.execute(db);
}
