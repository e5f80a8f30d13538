import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { OutboxKind } from './outbox.ts';

/**
 * What waits in the outbox, for /metrics: messages pending and given up, by kind, and how long
 * the oldest due message has waited for a worker. Counted on partial indexes (pending, failed),
 * never over the delivered history.
 */
export interface OutboxBacklogRow {
  kind: OutboxKind;
  status: 'pending' | 'failed';
  count: number;
  oldestDueSeconds: number | null;
}

export async function outboxBacklog(db: Db): Promise<OutboxBacklogRow[]> {
  const { rows } = await sql<{
    kind: OutboxKind;
    status: 'pending' | 'failed';
    count: string;
    oldest_due_seconds: number | null;
  }>`
    SELECT kind, 'pending' AS status, count(*) AS count,
           extract(epoch FROM now() - min(next_attempt_at) FILTER (WHERE next_attempt_at <= now()))::float8
             AS oldest_due_seconds
      FROM outbox_messages WHERE status = 'pending' GROUP BY kind
    UNION ALL
    SELECT kind, 'failed', count(*), NULL FROM outbox_messages WHERE status = 'failed' GROUP BY kind`.execute(
    db,
  );
  return rows.map((row) => ({
    kind: row.kind,
    status: row.status,
    count: Number(row.count),
    oldestDueSeconds: row.oldest_due_seconds,
  }));
}
