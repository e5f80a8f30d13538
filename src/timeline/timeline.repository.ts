import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { Audience } from '../policy/audience.ts';

/**
 * The emails the service wrote about an order (outbox messages that name it), for the
 * audiences given: who they went to, what they are, and how their delivery stands. Their
 * text is not read: the timeline shows that an email went, not what it said.
 */
export async function findOrderEmails(db: Db, orderId: string, audiences: readonly Audience[]) {
  return db
    .selectFrom('outbox_messages')
    .select([
      'id',
      'topic',
      'audience',
      'status',
      'created_at',
      'delivered_at',
      sql<string>`payload->>'subject'`.as('subject'),
      sql<string[]>`payload->'to'`.as('recipients'),
    ])
    .where('order_id', '=', orderId)
    .where('kind', '=', 'email')
    .where('audience', 'in', audiences)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export type OrderEmailRow = Awaited<ReturnType<typeof findOrderEmails>>[number];
