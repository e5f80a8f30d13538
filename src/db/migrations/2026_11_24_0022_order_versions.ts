import { sql, type Kysely } from 'kysely';

/**
 * An order's `updated_at` is its version: the detail's cache (orders/order.detail-cache.ts)
 * serves an order assembled earlier only while it is unchanged. The service moves it on every
 * change (updateOrder); this trigger moves it on any other update of the row too (an operator's
 * SQL, a future write that forgets), so that no change can leave a stale detail behind. By a
 * millisecond at least, as updateOrder does: versions are compared in JavaScript's milliseconds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION order_version_moves() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.updated_at := greatest(clock_timestamp(), OLD.updated_at + interval '1 millisecond');
      RETURN NEW;
    END
    $$;
    CREATE TRIGGER orders_version_moves BEFORE UPDATE ON orders
      FOR EACH ROW WHEN (NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at)
      EXECUTE FUNCTION order_version_moves();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER orders_version_moves ON orders;
    DROP FUNCTION order_version_moves();
  `.execute(db);
}
