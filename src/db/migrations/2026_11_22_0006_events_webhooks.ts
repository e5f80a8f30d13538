import { sql, type Kysely } from 'kysely';

/** Events, webhook subscriptions and their deliveries; outbox messages get a delivery order. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Messages written together keep their order (now() is the same within a transaction).
    ALTER TABLE outbox_messages ADD COLUMN seq bigserial;
    DROP INDEX outbox_messages_due_idx;
    CREATE INDEX outbox_messages_due_idx ON outbox_messages (next_attempt_at, seq) WHERE status = 'pending';

    CREATE TABLE events (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      type text NOT NULL,
      order_id uuid REFERENCES orders (id) ON DELETE CASCADE,
      -- The organizations whose subscribers may receive it.
      organization_ids uuid[] NOT NULL,
      data jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp()
    );
    CREATE INDEX events_order_idx ON events (order_id, created_at);

    CREATE TABLE webhook_subscriptions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      url text NOT NULL,
      -- Empty: every event type.
      event_types text[] NOT NULL DEFAULT '{}',
      active boolean NOT NULL DEFAULT true,
      description text,
      -- Needed in clear to sign; shown to the subscriber only when created or rotated.
      secret text NOT NULL,
      failed_deliveries_in_a_row integer NOT NULL DEFAULT 0,
      disabled_at timestamptz,
      disabled_reason text,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX webhook_subscriptions_org_idx ON webhook_subscriptions (organization_id) WHERE active;

    CREATE TABLE webhook_deliveries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      subscription_id uuid NOT NULL REFERENCES webhook_subscriptions (id) ON DELETE CASCADE,
      event_id uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      last_status_code integer,
      last_error text,
      next_attempt_at timestamptz,
      replay_of uuid REFERENCES webhook_deliveries (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      delivered_at timestamptz
    );
    CREATE INDEX webhook_deliveries_subscription_idx ON webhook_deliveries (subscription_id, created_at DESC);

    CREATE TABLE webhook_attempts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      delivery_id uuid NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
      attempted_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      status_code integer,
      latency_ms integer NOT NULL,
      error text
    );
    CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts (delivery_id, attempted_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE webhook_attempts, webhook_deliveries, webhook_subscriptions, events;
    ALTER TABLE outbox_messages DROP COLUMN seq;
  `.execute(db);
}
