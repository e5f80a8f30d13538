import { sql, type Kysely } from 'kysely';

/** Client addresses and contacts, invitations, and the outbox of side effects. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE organization_addresses (
      organization_id uuid PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
      address_one text NOT NULL,
      address_two text,
      city text NOT NULL,
      state text NOT NULL,
      zip text NOT NULL
    );

    CREATE TABLE contacts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      name text NOT NULL,
      emails text[] NOT NULL DEFAULT '{}',
      position integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX contacts_organization_idx ON contacts (organization_id);

    CREATE TABLE contact_phones (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      contact_id uuid NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
      phone_number text NOT NULL,
      phone_type text NOT NULL,
      position integer NOT NULL
    );
    CREATE INDEX contact_phones_contact_idx ON contact_phones (contact_id);

    ALTER TABLE users
      ADD COLUMN invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
      ADD COLUMN invited_at timestamptz;

    -- Side effects (emails now, webhook deliveries later), written in the transaction of the
    -- change that causes them and delivered after commit by a worker in any process.
    CREATE TABLE outbox_messages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      kind text NOT NULL,
      payload jsonb NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      max_attempts integer NOT NULL,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      -- A worker that claims a message leases it until then; a crashed worker's lease expires.
      locked_until timestamptz,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      delivered_at timestamptz
    );
    CREATE INDEX outbox_messages_due_idx ON outbox_messages (next_attempt_at) WHERE status = 'pending';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE outbox_messages, contact_phones, contacts, organization_addresses;
    ALTER TABLE users DROP COLUMN invited_by, DROP COLUMN invited_at;
  `.execute(db);
}
