import { sql, type Kysely } from 'kysely';

/**
 * Exact order counts without counting rows: a trigger keeps, per scope (all, company, client,
 * appraiser) and status, running totals. Each change adds to one of eight buckets chosen at
 * random, so that concurrent inserts do not queue on one counter row; a count is the sum of
 * a few rows. The order list answers total_count from here when it is filtered by status
 * only (or not at all), and counts rows otherwise.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE order_counts (
      scope text NOT NULL,
      scope_id uuid NOT NULL,
      status text NOT NULL,
      bucket smallint NOT NULL,
      n bigint NOT NULL,
      PRIMARY KEY (scope, scope_id, status, bucket)
    );

    CREATE FUNCTION order_counts_add(company uuid, client uuid, appraiser uuid, st text, delta int) RETURNS void
    LANGUAGE plpgsql AS $$
    DECLARE b smallint := floor(random() * 8);
    BEGIN
      INSERT INTO order_counts (scope, scope_id, status, bucket, n) VALUES
        ('all', '00000000-0000-0000-0000-000000000000', st, b, delta),
        ('company', company, st, b, delta),
        ('client', client, st, b, delta)
      ON CONFLICT (scope, scope_id, status, bucket) DO UPDATE SET n = order_counts.n + EXCLUDED.n;
      IF appraiser IS NOT NULL THEN
        INSERT INTO order_counts (scope, scope_id, status, bucket, n) VALUES ('appraiser', appraiser, st, b, delta)
        ON CONFLICT (scope, scope_id, status, bucket) DO UPDATE SET n = order_counts.n + EXCLUDED.n;
      END IF;
    END $$;

    CREATE FUNCTION order_counts_track() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND NEW.status IS NOT DISTINCT FROM OLD.status AND NEW.company_id = OLD.company_id
         AND NEW.client_id = OLD.client_id AND NEW.appraiser_id IS NOT DISTINCT FROM OLD.appraiser_id THEN
        RETURN NULL;
      END IF;
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        PERFORM order_counts_add(OLD.company_id, OLD.client_id, OLD.appraiser_id, OLD.status, -1);
      END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') THEN
        PERFORM order_counts_add(NEW.company_id, NEW.client_id, NEW.appraiser_id, NEW.status, 1);
      END IF;
      RETURN NULL;
    END $$;

    CREATE TRIGGER orders_count AFTER INSERT OR DELETE OR UPDATE OF status, company_id, client_id, appraiser_id
      ON orders FOR EACH ROW EXECUTE FUNCTION order_counts_track();

    -- Rebuilds every total from the rows (after a bulk load with the trigger disabled).
    CREATE FUNCTION order_counts_rebuild() RETURNS void
    LANGUAGE sql AS $$
      DELETE FROM order_counts;
      INSERT INTO order_counts (scope, scope_id, status, bucket, n)
        SELECT 'all', '00000000-0000-0000-0000-000000000000', status, 0, count(*) FROM orders GROUP BY status
        UNION ALL SELECT 'company', company_id, status, 0, count(*) FROM orders GROUP BY company_id, status
        UNION ALL SELECT 'client', client_id, status, 0, count(*) FROM orders GROUP BY client_id, status
        UNION ALL SELECT 'appraiser', appraiser_id, status, 0, count(*) FROM orders WHERE appraiser_id IS NOT NULL GROUP BY appraiser_id, status;
    $$;
    SELECT order_counts_rebuild();

    -- Sorting a status's orders by due date, as staff and clients see them.
    CREATE INDEX orders_company_status_due_idx ON orders (company_id, status, due_date);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER orders_count ON orders;
    DROP FUNCTION order_counts_track(), order_counts_add(uuid, uuid, uuid, text, int), order_counts_rebuild();
    DROP TABLE order_counts;
    DROP INDEX orders_company_status_due_idx;
  `.execute(db);
}
