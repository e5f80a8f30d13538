import { sql, type Kysely } from 'kysely';

/**
 * An appraiser's credentials (docs/assignment.md, "Credentials"): a license per state, the
 * errors-and-omissions policy, and the facts the company confirms (on the FHA roster, a W-9 on
 * file) with the most open orders the appraiser takes. The company's staff verify a license and
 * the policy; a change of what was verified clears the verification. Every change is kept in
 * `appraiser_credential_changes`, with who made it and the values before and after: a state
 * regulator asks an appraisal company to show whom it engaged and on what credentials.
 * Gone with the appraiser's user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE appraiser_licenses (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      appraiser_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      state_id text NOT NULL CHECK (state_id ~ '^[0-9]{2}$'),
      number text NOT NULL,
      level text NOT NULL
        CHECK (level IN ('trainee', 'licensed', 'certified_residential', 'certified_general')),
      issued_on date,
      expires_on date NOT NULL,
      verified_at timestamptz,
      verified_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (appraiser_id, state_id),
      CHECK (issued_on IS NULL OR issued_on <= expires_on)
    );
    CREATE INDEX appraiser_licenses_expiry_idx ON appraiser_licenses (expires_on);
    CREATE TABLE appraiser_eo_policies (
      appraiser_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      carrier text NOT NULL,
      policy_number text NOT NULL,
      per_claim_cents bigint NOT NULL CHECK (per_claim_cents > 0),
      aggregate_cents bigint CHECK (aggregate_cents IS NULL OR aggregate_cents >= per_claim_cents),
      expires_on date NOT NULL,
      verified_at timestamptz,
      verified_by uuid REFERENCES users (id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE appraiser_profiles (
      appraiser_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      fha_roster boolean NOT NULL DEFAULT false,
      w9_on_file boolean NOT NULL DEFAULT false,
      capacity integer CHECK (capacity IS NULL OR capacity BETWEEN 0 AND 1000),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE appraiser_credential_changes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      appraiser_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      change text NOT NULL,
      changed_by uuid REFERENCES users (id) ON DELETE SET NULL,
      acted_by uuid REFERENCES users (id) ON DELETE SET NULL,
      before jsonb,
      after jsonb,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp()
    );
    CREATE INDEX appraiser_credential_changes_appraiser_idx
      ON appraiser_credential_changes (appraiser_id, created_at DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE appraiser_credential_changes;
    DROP TABLE appraiser_profiles;
    DROP TABLE appraiser_eo_policies;
    DROP TABLE appraiser_licenses;
  `.execute(db);
}
