import { sql, type Kysely } from 'kysely';

/**
 * The ASC National Registry of appraisers (docs/assignment.md, "The license registry"): each
 * license as the registry's export last gave it, keyed by state, number and type, with every
 * change kept, and each import with who made it and what it found. A license the registry shows
 * inactive or expired keeps its appraiser from selection. `number_key` is the number in capitals
 * without spaces or punctuation, as a license number recorded by hand is compared with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE registry_imports (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      file_name text NOT NULL,
      imported_by uuid REFERENCES users (id) ON DELETE SET NULL,
      lines integer NOT NULL,
      added integer NOT NULL,
      changed integer NOT NULL,
      unchanged integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE registry_licenses (
      state_id text NOT NULL CHECK (state_id ~ '^[0-9]{2}$'),
      number text NOT NULL,
      type smallint NOT NULL CHECK (type BETWEEN 1 AND 4),
      number_key text NOT NULL,
      last_name text NOT NULL,
      first_name text,
      middle_name text,
      company text,
      phone text,
      street text,
      city text,
      address_state text,
      zip text,
      county text,
      county_code text,
      status text NOT NULL CHECK (status IN ('A', 'I')),
      expires_on date NOT NULL,
      import_id uuid REFERENCES registry_imports (id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (state_id, number, type)
    );
    CREATE INDEX registry_licenses_key_idx ON registry_licenses (state_id, number_key);
    CREATE TABLE registry_license_changes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      import_id uuid NOT NULL REFERENCES registry_imports (id) ON DELETE CASCADE,
      state_id text NOT NULL,
      number text NOT NULL,
      type smallint NOT NULL,
      change text NOT NULL CHECK (change IN ('added', 'changed')),
      before jsonb,
      after jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX registry_license_changes_license_idx
      ON registry_license_changes (state_id, number, type, created_at DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE registry_license_changes;
    DROP TABLE registry_licenses;
    DROP TABLE registry_imports;
  `.execute(db);
}
