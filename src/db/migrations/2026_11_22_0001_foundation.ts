import { sql, type Kysely } from 'kysely';

/**
 * Tenancy, users and API keys, and the reference data every later part builds on.
 * Immutable once released: later changes go into new migrations.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE client_types (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE organizations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      kind text NOT NULL CHECK (kind IN ('client', 'company')),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      client_type_id uuid REFERENCES client_types (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX organizations_kind_name_idx ON organizations (kind, lower(name));

    -- An appraisal company serves the clients (lenders) listed here.
    CREATE TABLE company_clients (
      company_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      client_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, client_id)
    );
    CREATE INDEX company_clients_client_idx ON company_clients (client_id);

    CREATE TABLE branches (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      client_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX branches_client_idx ON branches (client_id);

    CREATE TABLE property_types (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      slug text NOT NULL UNIQUE,
      position integer NOT NULL
    );

    -- Fees are integer cents: money never goes through floating point.
    CREATE TABLE products (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      name text NOT NULL,
      service_type text NOT NULL DEFAULT 'residential_appraisals',
      follow_up boolean NOT NULL DEFAULT false,
      fee_cents bigint NOT NULL CHECK (fee_cents >= 0),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX products_company_idx ON products (company_id);

    CREATE TABLE client_products (
      client_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
      PRIMARY KEY (client_id, product_id)
    );

    CREATE TABLE company_payment_methods (
      company_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      method text NOT NULL CHECK (method IN ('payment_link', 'invoice', 'credit_card')),
      PRIMARY KEY (company_id, method)
    );

    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid REFERENCES organizations (id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('client', 'staff', 'appraiser', 'operator')),
      is_admin boolean NOT NULL DEFAULT false,
      email text NOT NULL CHECK (email = lower(email) AND position('@' IN email) > 1),
      first_name text NOT NULL,
      last_name text NOT NULL,
      -- How the user appears as a party on an order: Loan Officer, Processor, ...
      title text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((role = 'operator') = (organization_id IS NULL))
    );
    CREATE UNIQUE INDEX users_email_key ON users (email);
    CREATE INDEX users_organization_idx ON users (organization_id);

    -- Only the SHA-256 of a key is stored; the key itself is shown once, at issue.
    CREATE TABLE api_keys (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      token_hash bytea NOT NULL UNIQUE,
      prefix text NOT NULL,
      label text,
      created_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz
    );
    CREATE INDEX api_keys_user_idx ON api_keys (user_id);

    -- Secrets shared by every process on this database (the token signing key).
    CREATE TABLE service_secrets (
      name text PRIMARY KEY,
      value text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);

  await sql`
    INSERT INTO property_types (name, slug, position) VALUES
      ('Single Family', 'single_family', 1),
      ('Condominium', 'condominium', 2),
      ('Townhouse', 'townhouse', 3),
      ('2-4 Units', 'two_to_four_units', 4),
      ('Manufactured Home', 'manufactured_home', 5),
      ('Planned Unit Development (PUD)', 'pud', 6),
      ('Co-op', 'co_op', 7),
      ('Vacant Land', 'vacant_land', 8),
      ('Mixed Use', 'mixed_use', 9),
      ('Multi-Family (5+ Units)', 'multi_family', 10);
    INSERT INTO client_types (name) VALUES
      ('Bank'), ('Credit Union'), ('Mortgage Broker'), ('Mortgage Lender'),
      ('Private Lender'), ('Attorney'), ('Other');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE service_secrets, api_keys, users, company_payment_methods, client_products,
      products, property_types, branches, company_clients, organizations, client_types;
  `.execute(db);
}
