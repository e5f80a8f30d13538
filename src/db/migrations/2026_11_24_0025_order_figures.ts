import { sql, type Kysely } from 'kysely';

/**
 * The insight dashboard's figures without reading a year of orders at each request: triggers
 * keep per company and UTC day how many orders were received, completed and fulfilled (on time,
 * after a revision), and per company, UTC month of fulfilment and first product a histogram of
 * turn times in whole days, from which medians and 90th percentiles are exact to the day. As in
 * order_counts, each change adds to one of eight buckets chosen at random, so that concurrent
 * writes do not queue on one row. `orders.revised` marks an order that was ever sent back for a
 * revision or a reconsideration of value (set by a trigger on its history), so that the figures
 * and the order list's `revised` filter read the same fact.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE orders ADD COLUMN revised boolean NOT NULL DEFAULT false;

    CREATE TABLE order_daily_figures (
      company_id uuid NOT NULL,
      day date NOT NULL,
      bucket smallint NOT NULL,
      received int NOT NULL DEFAULT 0,
      completed int NOT NULL DEFAULT 0,
      fulfilled int NOT NULL DEFAULT 0,
      fulfilled_on_time int NOT NULL DEFAULT 0,
      fulfilled_revised int NOT NULL DEFAULT 0,
      PRIMARY KEY (company_id, day, bucket)
    );

    CREATE TABLE order_turn_times (
      company_id uuid NOT NULL,
      month date NOT NULL,
      product_id uuid NOT NULL,
      turn_days int NOT NULL,
      bucket smallint NOT NULL,
      n int NOT NULL,
      PRIMARY KEY (company_id, month, product_id, turn_days, bucket)
    );

    -- What one order adds to the figures (sign 1) or takes back (sign -1).
    CREATE FUNCTION order_figures_add(o orders, sign int) RETURNS void
    LANGUAGE plpgsql AS $$
    DECLARE
      b smallint := floor(random() * 8);
      product uuid;
    BEGIN
      INSERT INTO order_daily_figures (company_id, day, bucket, received)
        VALUES (o.company_id, (o.created_at AT TIME ZONE 'UTC')::date, b, sign)
        ON CONFLICT (company_id, day, bucket) DO UPDATE SET received = order_daily_figures.received + EXCLUDED.received;
      IF o.completed_at IS NOT NULL THEN
        INSERT INTO order_daily_figures (company_id, day, bucket, completed)
          VALUES (o.company_id, (o.completed_at AT TIME ZONE 'UTC')::date, b, sign)
          ON CONFLICT (company_id, day, bucket) DO UPDATE SET completed = order_daily_figures.completed + EXCLUDED.completed;
      END IF;
      IF o.fulfilled_at IS NOT NULL THEN
        INSERT INTO order_daily_figures (company_id, day, bucket, fulfilled, fulfilled_on_time, fulfilled_revised)
          VALUES (o.company_id, (o.fulfilled_at AT TIME ZONE 'UTC')::date, b, sign,
                  CASE WHEN o.fulfilled_at <= o.due_date THEN sign ELSE 0 END,
                  CASE WHEN o.revised THEN sign ELSE 0 END)
          ON CONFLICT (company_id, day, bucket) DO UPDATE SET
            fulfilled = order_daily_figures.fulfilled + EXCLUDED.fulfilled,
            fulfilled_on_time = order_daily_figures.fulfilled_on_time + EXCLUDED.fulfilled_on_time,
            fulfilled_revised = order_daily_figures.fulfilled_revised + EXCLUDED.fulfilled_revised;
        SELECT op.product_id INTO product FROM order_products op WHERE op.order_id = o.id ORDER BY op.position LIMIT 1;
        INSERT INTO order_turn_times (company_id, month, product_id, turn_days, bucket, n)
          VALUES (o.company_id, date_trunc('month', o.fulfilled_at AT TIME ZONE 'UTC')::date,
                  coalesce(product, '00000000-0000-0000-0000-000000000000'),
                  floor(extract(epoch FROM o.fulfilled_at - o.created_at) / 86400)::int, b, sign)
          ON CONFLICT (company_id, month, product_id, turn_days, bucket) DO UPDATE SET n = order_turn_times.n + EXCLUDED.n;
      END IF;
    END $$;

    CREATE FUNCTION order_figures_track() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND NEW.company_id = OLD.company_id AND NEW.created_at = OLD.created_at
         AND NEW.completed_at IS NOT DISTINCT FROM OLD.completed_at AND NEW.fulfilled_at IS NOT DISTINCT FROM OLD.fulfilled_at
         AND NEW.due_date = OLD.due_date AND NEW.revised = OLD.revised THEN
        RETURN NULL;
      END IF;
      IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM order_figures_add(OLD, -1); END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM order_figures_add(NEW, 1); END IF;
      RETURN NULL;
    END $$;

    CREATE TRIGGER orders_figures AFTER INSERT OR DELETE OR UPDATE OF company_id, created_at, completed_at, fulfilled_at, due_date, revised
      ON orders FOR EACH ROW EXECUTE FUNCTION order_figures_track();

    CREATE FUNCTION order_mark_revised() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE orders SET revised = true WHERE id = NEW.order_id AND NOT revised;
      RETURN NULL;
    END $$;

    CREATE TRIGGER order_history_revised AFTER INSERT ON order_history FOR EACH ROW
      WHEN (NEW.action IN ('request_revision', 'request_reconsideration_of_value'))
      EXECUTE FUNCTION order_mark_revised();

    -- Rebuilds every figure from the rows (after a bulk load with the trigger disabled).
    CREATE FUNCTION order_figures_rebuild() RETURNS void
    LANGUAGE sql AS $$
      DELETE FROM order_daily_figures;
      DELETE FROM order_turn_times;
      INSERT INTO order_daily_figures (company_id, day, bucket, received, completed, fulfilled, fulfilled_on_time, fulfilled_revised)
        SELECT company_id, day, 0, sum(received), sum(completed), sum(fulfilled), sum(on_time), sum(revised) FROM (
          SELECT company_id, (created_at AT TIME ZONE 'UTC')::date AS day, 1 AS received, 0 AS completed, 0 AS fulfilled, 0 AS on_time, 0 AS revised FROM orders
          UNION ALL SELECT company_id, (completed_at AT TIME ZONE 'UTC')::date, 0, 1, 0, 0, 0 FROM orders WHERE completed_at IS NOT NULL
          UNION ALL SELECT company_id, (fulfilled_at AT TIME ZONE 'UTC')::date, 0, 0, 1, (fulfilled_at <= due_date)::int, revised::int FROM orders WHERE fulfilled_at IS NOT NULL
        ) f GROUP BY company_id, day;
      INSERT INTO order_turn_times (company_id, month, product_id, turn_days, bucket, n)
        SELECT o.company_id, date_trunc('month', o.fulfilled_at AT TIME ZONE 'UTC')::date,
               coalesce((SELECT op.product_id FROM order_products op WHERE op.order_id = o.id ORDER BY op.position LIMIT 1), '00000000-0000-0000-0000-000000000000'),
               floor(extract(epoch FROM o.fulfilled_at - o.created_at) / 86400)::int, 0, count(*)
          FROM orders o WHERE o.fulfilled_at IS NOT NULL GROUP BY 1, 2, 3, 4;
    $$;
    SELECT order_figures_rebuild();

    -- The order list's filters behind the figures: completed or fulfilled within a period.
    CREATE INDEX orders_company_completed_idx ON orders (company_id, completed_at) WHERE completed_at IS NOT NULL;
    CREATE INDEX orders_company_fulfilled_idx ON orders (company_id, fulfilled_at) WHERE fulfilled_at IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER order_history_revised ON order_history;
    DROP TRIGGER orders_figures ON orders;
    DROP FUNCTION order_mark_revised(), order_figures_track(), order_figures_add(orders, int), order_figures_rebuild();
    DROP TABLE order_daily_figures, order_turn_times;
    DROP INDEX orders_company_completed_idx, orders_company_fulfilled_idx;
    ALTER TABLE orders DROP COLUMN revised;
  `.execute(db);
}
