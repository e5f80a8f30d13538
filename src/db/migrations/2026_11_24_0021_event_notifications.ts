import { sql, type Kysely } from 'kysely';

/**
 * Live updates (GET /api/v1/events/stream): every order event, once committed, is announced on
 * the channel `aoms_events` with its id as the payload. A trigger rather than a NOTIFY in the
 * code that inserts: whoever writes an event (the API, the timers, the CLI), it is announced,
 * and only if its transaction commits (PostgreSQL delivers notifications at commit, in commit
 * order). Replaying what a reconnecting stream missed reads events by time: hence the index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION announce_event() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('aoms_events', NEW.id::text);
      RETURN NULL;
    END
    $$;
    CREATE TRIGGER events_announce AFTER INSERT ON events
      FOR EACH ROW WHEN (NEW.order_id IS NOT NULL) EXECUTE FUNCTION announce_event();
    CREATE INDEX events_created_idx ON events (created_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER events_announce ON events;
    DROP FUNCTION announce_event();
    DROP INDEX events_created_idx;
  `.execute(db);
}
