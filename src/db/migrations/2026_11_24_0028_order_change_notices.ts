import { sql, type Kysely } from 'kysely';

/**
 * Which company's orders changed, announced at commit on `aoms_order_changes` (the company's id
 * as the payload), beside each event's own announcement on `aoms_events`. Answers kept per
 * company (the pipeline's counts, the dashboard's figures: src/orders/order.changes.ts) are
 * dropped for that company alone: a change elsewhere keeps them. PostgreSQL sends one
 * notification per distinct payload of a transaction, so an action that records several events
 * announces its company once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION announce_event() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('aoms_events', NEW.id::text);
      PERFORM pg_notify('aoms_order_changes', o.company_id::text) FROM orders o WHERE o.id = NEW.order_id;
      RETURN NULL;
    END
    $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION announce_event() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('aoms_events', NEW.id::text);
      RETURN NULL;
    END
    $$;
  `.execute(db);
}
