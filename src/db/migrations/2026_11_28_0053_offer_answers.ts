import { sql, type Kysely } from 'kysely';

/**
 * How each appraiser answered the offers made to them (docs/assignment.md, "The engine"): the
 * acceptance factor reads, per appraiser and over the last year, the offers they accepted (their
 * own `accept_assignment`) and those they declined or let lapse (`reject_assignment`,
 * `offer_timeout`, which name them in details). One short index range each, read for thousands
 * of appraisers when a panel is read whole. An answer is noted as a change of the appraiser's
 * panel facts (migration 0050), like the offer it answers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX order_history_accepts_idx ON order_history (user_id, created_at)
      WHERE action = 'accept_assignment';
    CREATE INDEX order_history_declines_idx ON order_history ((details->>'appraiser_id'), created_at)
      WHERE action IN ('reject_assignment', 'offer_timeout');
    CREATE FUNCTION panel_offer_answered() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.action = 'accept_assignment' AND NEW.user_id IS NOT NULL THEN
        PERFORM panel_appraiser_changed(NEW.user_id);
      ELSIF NEW.details->>'appraiser_id' ~ '^[0-9a-fA-F-]{36}$' THEN
        PERFORM panel_appraiser_changed((NEW.details->>'appraiser_id')::uuid);
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER order_history_answer_panel AFTER INSERT ON order_history
      FOR EACH ROW WHEN (NEW.action IN ('accept_assignment', 'reject_assignment', 'offer_timeout'))
      EXECUTE FUNCTION panel_offer_answered();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER order_history_answer_panel ON order_history;
    DROP FUNCTION panel_offer_answered();
    DROP INDEX order_history_accepts_idx, order_history_declines_idx;
  `.execute(db);
}
