import { sql, type Kysely } from 'kysely';

/**
 * What changed on a company's panel, and in which transaction (docs/assignment.md, "At scale"):
 * each process keeps what the assignment engine reads of a panel in memory (panel/panel-memory.ts)
 * and, before each ranking, reads again only the appraisers whose rows changed in a transaction
 * its last reading could not see. Triggers note every write the engine's facts depend on:
 * - the appraiser's user, licenses, E&O policy, profile, areas, products, time off, the lenders'
 *   exclusions and their own fee schedule lines: that appraiser;
 * - their orders: when assigned to or taken from them, opened or closed, due earlier or later,
 *   accepted, priced, submitted or revised (what the load, the due dates, the last fee and the
 *   track record read); the products of an accepted order; an offer in an order's history;
 * - the company's standard appraiser fees: the company's whole panel (appraiser_id null);
 * - the registry of licenses: every panel (both null).
 * A row carries its transaction's id: a reader holding the snapshot of its last reading takes
 * the rows of the transactions that snapshot did not see, committed since or running then.
 * The timers forget rows older than two days; a reading is never kept past its day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE panel_changes (
      xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
      company_id uuid,
      appraiser_id uuid,
      changed_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX panel_changes_xid_idx ON panel_changes (xid);
    CREATE INDEX panel_changes_changed_at_idx ON panel_changes (changed_at);
    -- Reading a panel whole reads each appraiser's exclusions (the key starts with the company).
    CREATE INDEX client_appraiser_exclusions_appraiser_idx ON client_appraiser_exclusions (appraiser_id);

    CREATE FUNCTION panel_appraiser_changed(appraiser uuid) RETURNS void LANGUAGE sql AS $$
      INSERT INTO panel_changes (company_id, appraiser_id)
        SELECT u.organization_id, u.id FROM users u WHERE u.id = appraiser AND u.role = 'appraiser'
    $$;

    -- A table with an appraiser_id column: the appraiser of the row, before and after.
    CREATE FUNCTION panel_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' AND OLD.appraiser_id IS NOT NULL THEN
        PERFORM panel_appraiser_changed(OLD.appraiser_id);
      END IF;
      IF TG_OP <> 'DELETE' AND NEW.appraiser_id IS NOT NULL
         AND (TG_OP = 'INSERT' OR NEW.appraiser_id IS DISTINCT FROM OLD.appraiser_id) THEN
        PERFORM panel_appraiser_changed(NEW.appraiser_id);
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER appraiser_licenses_panel AFTER INSERT OR UPDATE OR DELETE ON appraiser_licenses
      FOR EACH ROW EXECUTE FUNCTION panel_row_changed();
    CREATE TRIGGER appraiser_eo_policies_panel AFTER INSERT OR UPDATE OR DELETE ON appraiser_eo_policies
      FOR EACH ROW EXECUTE FUNCTION panel_row_changed();
    CREATE TRIGGER appraiser_profiles_panel AFTER INSERT OR UPDATE OR DELETE ON appraiser_profiles
      FOR EACH ROW EXECUTE FUNCTION panel_row_changed();
    CREATE TRIGGER appraiser_coverage_panel AFTER INSERT OR UPDATE OR DELETE ON appraiser_coverage
      FOR EACH ROW EXECUTE FUNCTION panel_row_changed();
    CREATE TRIGGER appraiser_products_panel AFTER INSERT OR UPDATE OR DELETE ON appraiser_products
      FOR EACH ROW EXECUTE FUNCTION panel_row_changed();
    CREATE TRIGGER appraiser_time_off_panel AFTER INSERT OR UPDATE OR DELETE ON appraiser_time_off
      FOR EACH ROW EXECUTE FUNCTION panel_row_changed();
    CREATE TRIGGER client_appraiser_exclusions_panel AFTER INSERT OR UPDATE OR DELETE ON client_appraiser_exclusions
      FOR EACH ROW EXECUTE FUNCTION panel_row_changed();

    -- The orders: inserted or deleted with an appraiser, or changed in what the engine reads.
    CREATE TRIGGER orders_panel AFTER INSERT OR DELETE ON orders
      FOR EACH ROW EXECUTE FUNCTION panel_row_changed();
    CREATE FUNCTION panel_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF OLD.appraiser_id IS NOT NULL THEN PERFORM panel_appraiser_changed(OLD.appraiser_id); END IF;
      IF NEW.appraiser_id IS NOT NULL AND NEW.appraiser_id IS DISTINCT FROM OLD.appraiser_id THEN
        PERFORM panel_appraiser_changed(NEW.appraiser_id);
      END IF;
      RETURN NULL;
    END $$;
    -- Not the first product: it changes with the order's products, which order_products_panel notes.
    CREATE TRIGGER orders_panel_update AFTER UPDATE OF appraiser_id, status, due_date, vendor_due_date,
        assigned_at, appraiser_fee_cents, submitted_at, revised ON orders
      FOR EACH ROW
      WHEN (OLD.appraiser_id IS DISTINCT FROM NEW.appraiser_id
         OR (OLD.status IN ('Completed', 'Fulfilled', 'Cancelled')) <> (NEW.status IN ('Completed', 'Fulfilled', 'Cancelled'))
         OR OLD.due_date IS DISTINCT FROM NEW.due_date
         OR OLD.vendor_due_date IS DISTINCT FROM NEW.vendor_due_date
         OR OLD.assigned_at IS DISTINCT FROM NEW.assigned_at
         OR OLD.appraiser_fee_cents IS DISTINCT FROM NEW.appraiser_fee_cents
         OR OLD.submitted_at IS DISTINCT FROM NEW.submitted_at
         OR OLD.revised IS DISTINCT FROM NEW.revised)
      EXECUTE FUNCTION panel_order_changed();

    -- The products of an order someone accepted: its fee is the last one for each of them.
    CREATE FUNCTION panel_order_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM panel_appraiser_changed(o.appraiser_id)
         FROM orders o
        WHERE o.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.order_id ELSE NEW.order_id END
          AND o.appraiser_id IS NOT NULL AND o.assigned_at IS NOT NULL;
      RETURN NULL;
    END $$;
    CREATE TRIGGER order_products_panel AFTER INSERT OR DELETE ON order_products
      FOR EACH ROW EXECUTE FUNCTION panel_order_products_changed();

    -- An offer: the tie-break reads when each appraiser was last offered an order.
    CREATE FUNCTION panel_offer_made() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.details->>'appraiser_id' ~ '^[0-9a-fA-F-]{36}$' THEN
        PERFORM panel_appraiser_changed((NEW.details->>'appraiser_id')::uuid);
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER order_history_panel AFTER INSERT ON order_history
      FOR EACH ROW WHEN (NEW.action IN ('assign', 'auto_assign_completed'))
      EXECUTE FUNCTION panel_offer_made();

    -- The appraiser's user: a new appraiser, a name, an email, a deactivation, a move.
    CREATE FUNCTION panel_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' AND OLD.role = 'appraiser' THEN
        INSERT INTO panel_changes (company_id, appraiser_id) VALUES (OLD.organization_id, OLD.id);
      END IF;
      IF TG_OP <> 'DELETE' AND NEW.role = 'appraiser' THEN
        INSERT INTO panel_changes (company_id, appraiser_id) VALUES (NEW.organization_id, NEW.id);
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER users_panel AFTER INSERT OR DELETE OR UPDATE OF organization_id, role, first_name,
        last_name, email, deactivated_at ON users
      FOR EACH ROW EXECUTE FUNCTION panel_user_changed();

    -- A standard fee (no appraiser) is the company's; an appraiser's own line, theirs.
    CREATE FUNCTION panel_fee_line_noted(company uuid, appraiser uuid) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      IF appraiser IS NULL THEN
        INSERT INTO panel_changes (company_id, appraiser_id) VALUES (company, NULL);
      ELSE
        PERFORM panel_appraiser_changed(appraiser);
      END IF;
    END $$;
    CREATE FUNCTION panel_fee_line_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN PERFORM panel_fee_line_noted(OLD.company_id, OLD.appraiser_id); END IF;
      IF TG_OP <> 'DELETE' THEN PERFORM panel_fee_line_noted(NEW.company_id, NEW.appraiser_id); END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER appraiser_fee_schedule_panel AFTER INSERT OR UPDATE OR DELETE ON appraiser_fee_schedule
      FOR EACH ROW EXECUTE FUNCTION panel_fee_line_changed();

    -- The registry is replaced in bulk, rarely: every panel is read again.
    CREATE FUNCTION panel_registry_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO panel_changes (company_id, appraiser_id) VALUES (NULL, NULL);
      RETURN NULL;
    END $$;
    CREATE TRIGGER registry_licenses_panel AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON registry_licenses
      FOR EACH STATEMENT EXECUTE FUNCTION panel_registry_changed();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER registry_licenses_panel ON registry_licenses;
    DROP TRIGGER appraiser_fee_schedule_panel ON appraiser_fee_schedule;
    DROP TRIGGER users_panel ON users;
    DROP TRIGGER order_history_panel ON order_history;
    DROP TRIGGER order_products_panel ON order_products;
    DROP TRIGGER orders_panel_update ON orders;
    DROP TRIGGER orders_panel ON orders;
    DROP TRIGGER client_appraiser_exclusions_panel ON client_appraiser_exclusions;
    DROP TRIGGER appraiser_time_off_panel ON appraiser_time_off;
    DROP TRIGGER appraiser_products_panel ON appraiser_products;
    DROP TRIGGER appraiser_coverage_panel ON appraiser_coverage;
    DROP TRIGGER appraiser_profiles_panel ON appraiser_profiles;
    DROP TRIGGER appraiser_eo_policies_panel ON appraiser_eo_policies;
    DROP TRIGGER appraiser_licenses_panel ON appraiser_licenses;
    DROP FUNCTION panel_registry_changed();
    DROP FUNCTION panel_fee_line_changed();
    DROP FUNCTION panel_fee_line_noted(uuid, uuid);
    DROP FUNCTION panel_user_changed();
    DROP FUNCTION panel_offer_made();
    DROP FUNCTION panel_order_products_changed();
    DROP FUNCTION panel_order_changed();
    DROP FUNCTION panel_row_changed();
    DROP FUNCTION panel_appraiser_changed(uuid);
    DROP INDEX client_appraiser_exclusions_appraiser_idx;
    DROP TABLE panel_changes;
  `.execute(db);
}
