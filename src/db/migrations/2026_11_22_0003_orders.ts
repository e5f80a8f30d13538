import { sql, type Kysely } from 'kysely';

/** Orders, their products and parties, and the history of every status change. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- File numbers come from a sequence: unique and never reused, even after a rollback.
    CREATE SEQUENCE order_file_number_seq;

    CREATE TABLE orders (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      file_number text NOT NULL UNIQUE,
      client_id uuid NOT NULL REFERENCES organizations (id),
      company_id uuid NOT NULL REFERENCES organizations (id),
      lender_id uuid REFERENCES organizations (id),
      created_by uuid NOT NULL REFERENCES users (id),
      status text NOT NULL,
      -- The status to return to from a paused status (On hold, Attention needed, ...).
      resume_status text,
      -- The status to return to when a negotiation is approved.
      negotiation_return_status text,
      appraiser_id uuid REFERENCES users (id),
      offer_expires_at timestamptz,
      appraiser_fee_cents bigint,
      condition_fee_cents bigint,
      condition_due_date timestamptz,
      condition_comments text,
      negotiation_fee_cents bigint,
      negotiation_due_date timestamptz,

      address_one text NOT NULL,
      address_two text,
      city text NOT NULL,
      state_id text NOT NULL,
      county_id text,
      zip text NOT NULL,
      latitude numeric(9, 6),
      longitude numeric(9, 6),

      loan_type text NOT NULL,
      transaction_type text NOT NULL,
      occupancy_type text,
      estate_held_type text,
      loan_number text,
      loan_amount_cents bigint,
      contract_price_cents bigint,
      fha_case_number text,
      green_certified boolean NOT NULL,
      complex_property boolean,
      special_instructions text,
      payment_method text NOT NULL,
      property_type_id uuid REFERENCES property_types (id),
      total_fee_cents bigint NOT NULL,
      paid_cents bigint NOT NULL DEFAULT 0,

      due_date timestamptz NOT NULL,
      original_due_date timestamptz NOT NULL,
      vendor_due_date timestamptz,
      closing_date date,
      assigned_at timestamptz,
      inspection_scheduled_at timestamptz,
      inspection_completed_at timestamptz,
      submitted_at timestamptz,
      completed_at timestamptz,
      fulfilled_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX orders_company_created_idx ON orders (company_id, created_at DESC, id);
    CREATE INDEX orders_client_created_idx ON orders (client_id, created_at DESC, id);
    CREATE INDEX orders_appraiser_idx ON orders (appraiser_id, created_at DESC) WHERE appraiser_id IS NOT NULL;
    CREATE INDEX orders_status_idx ON orders (status, created_at DESC);
    CREATE INDEX orders_due_date_idx ON orders (due_date);
    CREATE INDEX orders_loan_number_idx ON orders (loan_number);
    CREATE INDEX orders_offer_expiry_idx ON orders (offer_expires_at) WHERE status = 'Pending assignment';

    CREATE TABLE order_products (
      order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
      product_id uuid NOT NULL REFERENCES products (id),
      fee_cents bigint NOT NULL,
      position integer NOT NULL,
      PRIMARY KEY (order_id, product_id)
    );

    CREATE TABLE order_parties (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
      user_id uuid REFERENCES users (id),
      name text NOT NULL,
      first_name text,
      last_name text,
      role text NOT NULL,
      poc boolean NOT NULL DEFAULT false,
      emails text[] NOT NULL DEFAULT '{}',
      phones text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT clock_timestamp()
    );
    CREATE INDEX order_parties_order_idx ON order_parties (order_id, created_at);
    CREATE INDEX order_parties_borrower_idx ON order_parties (lower(last_name), lower(first_name)) WHERE role = 'borrower';

    CREATE TABLE order_history (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
      action text NOT NULL,
      from_status text,
      to_status text NOT NULL,
      -- Whose permissions applied, and who held the key (they differ when acting for another user).
      user_id uuid REFERENCES users (id),
      key_owner_id uuid REFERENCES users (id),
      reason text,
      details jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT clock_timestamp()
    );
    CREATE INDEX order_history_order_idx ON order_history (order_id, created_at);

    -- Companies may require client review before completion, per client.
    ALTER TABLE company_clients ADD COLUMN client_review_required boolean NOT NULL DEFAULT false;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE company_clients DROP COLUMN client_review_required;
    DROP TABLE order_history, order_parties, order_products, orders;
    DROP SEQUENCE order_file_number_seq;
  `.execute(db);
}
