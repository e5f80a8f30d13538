import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/auth/principal.ts';
import { findUserById } from '../../src/auth/auth-user.repository.ts';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { recordOrderChange } from '../../src/orders/order.store.ts';
import { useTestApp } from '../helpers/app.ts';
import { placeOrder } from '../helpers/orders.ts';

/**
 * recordOrderChange writes a change's history, events, webhook deliveries with their outbox
 * messages, and status notices in one statement: every row is there, in the order of the
 * changes, and each subscription gets the events it asked for.
 */
const t = useTestApp();
let demo: DemoWorld;

beforeAll(async () => {
  demo = await seedDemo(t.db);
});

async function subscribe(organizationId: string, eventTypes: string[]) {
  return t.db
    .insertInto('webhook_subscriptions')
    .values({
      organization_id: organizationId,
      url: 'https://receiver.example/hook',
      event_types: eventTypes,
      secret: 'whsec_test',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe('recording a change of an order', () => {
  it('writes history and events in the order of the changes, with a delivery per wanting subscription', async () => {
    const order = await placeOrder(t.app, t.db, demo);
    const everything = await subscribe(demo.client_id, []);
    const statusOnly = await subscribe(demo.company_id, ['order.status_changed']);
    const user = (await findUserById(t.db, demo.users.staff.id))!;
    const principal: Principal = { user, keyOwner: user, credentialId: 'test' };
    const stored = await t.db
      .selectFrom('orders')
      .select(['id', 'file_number', 'client_id', 'company_id', 'appraiser_id'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();

    await t.db.transaction().execute((trx) =>
      // The appraiser is named so that the appraiser's notices (on hold, resumed) are raised.
      recordOrderChange(trx, { ...stored, appraiser_id: demo.users.appraiser.id }, principal, [
        {
          action: 'hold',
          from: 'Unassigned',
          to: 'On hold',
          reason: 'waiting on the borrower',
          details: { step: 1 },
          event: { type: 'order.note_added', data: { step: 1 } },
        },
        { action: 'resume', from: 'On hold', to: 'Unassigned', details: { step: 2 } },
        { action: 'update_subject_address', from: 'Unassigned', to: 'Unassigned', details: { step: 3 } },
      ]),
    );

    const history = await t.db
      .selectFrom('order_history')
      .select(['action', 'from_status', 'to_status', 'reason', 'details', 'user_id', 'key_owner_id'])
      .where('order_id', '=', order.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(history.map((h) => h.action)).toEqual(['create', 'hold', 'resume', 'update_subject_address']);
    expect(history[1]).toEqual({
      action: 'hold',
      from_status: 'Unassigned',
      to_status: 'On hold',
      reason: 'waiting on the borrower',
      details: { step: 1 },
      user_id: demo.users.staff.id,
      key_owner_id: demo.users.staff.id,
    });

    const events = await t.db
      .selectFrom('events')
      .select(['id', 'type', 'data', 'organization_ids', 'created_at'])
      .where('order_id', '=', order.id)
      .where('type', '!=', 'order.created')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(events.map((e) => [e.type, (e.data as { to?: string }).to ?? null])).toEqual([
      ['order.note_added', null],
      ['order.status_changed', 'On hold'],
      ['order.status_changed', 'Unassigned'],
    ]);
    expect(events[1]!.data).toEqual({
      order_id: order.id,
      file_number: order.file_number,
      from: 'Unassigned',
      to: 'On hold',
      action: 'hold',
      actor: { id: demo.users.staff.id, name: 'Sam Staffer' },
      acting_for: null,
      reason: 'waiting on the borrower',
    });
    expect(events[0]!.organization_ids).toEqual([demo.client_id, demo.company_id]);
    // Strictly increasing times, to the microsecond, within the one statement.
    const { rows: ties } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM (SELECT created_at FROM events WHERE order_id = ${order.id}
                                  GROUP BY created_at HAVING count(*) > 1) t`.execute(t.db);
    expect(Number(ties[0]!.n)).toBe(0);

    const deliveries = await t.db
      .selectFrom('webhook_deliveries')
      .innerJoin('events', 'events.id', 'webhook_deliveries.event_id')
      .select(['webhook_deliveries.id', 'webhook_deliveries.subscription_id', 'events.type'])
      .where('events.order_id', '=', order.id)
      .where('events.type', '!=', 'order.created')
      .execute();
    const typesFor = (id: string) =>
      deliveries
        .filter((d) => d.subscription_id === id)
        .map((d) => d.type)
        .sort();
    expect(typesFor(everything.id)).toEqual([
      'order.note_added',
      'order.status_changed',
      'order.status_changed',
    ]);
    expect(typesFor(statusOnly.id)).toEqual(['order.status_changed', 'order.status_changed']);
    const messages = await t.db
      .selectFrom('outbox_messages')
      .select(['kind', 'payload', 'max_attempts'])
      .where(sql<boolean>`payload->>'delivery_id' = ANY(${sql.val(deliveries.map((d) => d.id))}::text[])`)
      .execute();
    expect(messages).toHaveLength(5);
    expect(messages.every((m) => m.kind === 'webhook' && m.max_attempts === 36)).toBe(true);

    const notices = await t.db
      .selectFrom('outbox_messages')
      .select(['payload', 'max_attempts'])
      .where('kind', '=', 'notice')
      .where(sql<boolean>`payload->>'order_id' = ${order.id}`)
      .execute();
    // The create's new_order is written whoever asked for it: who gets it is read when it is sent.
    expect(notices.map((n) => (n.payload as { kind: string }).kind).sort()).toEqual([
      'new_order',
      'order_on_hold',
      'order_resumed',
    ]);
    const onHold = notices.find((n) => (n.payload as { kind: string }).kind === 'order_on_hold')!;
    expect(onHold.max_attempts).toBe(30);
    expect(onHold.payload).toMatchObject({ order_id: order.id, appraiser_id: demo.users.appraiser.id });
  });

  it("writes the create's records with the order: its file number in the history and the events", async () => {
    const subscription = await subscribe(demo.client_id, ['order.created']);
    const order = await placeOrder(t.app, t.db, demo);
    const history = await t.db
      .selectFrom('order_history')
      .select(['action', 'from_status', 'to_status', 'details', 'user_id'])
      .where('order_id', '=', order.id)
      .execute();
    expect(history).toEqual([
      {
        action: 'create',
        from_status: null,
        to_status: 'Unassigned',
        details: { file_number: order.file_number },
        user_id: demo.users.client.id,
      },
    ]);
    const events = await t.db
      .selectFrom('events')
      .select(['id', 'type', 'data'])
      .where('order_id', '=', order.id)
      .execute();
    expect(events.map((e) => e.type)).toEqual(['order.created']);
    expect(events[0]!.data).toMatchObject({
      order_id: order.id,
      file_number: order.file_number,
      status: 'Unassigned',
      client_id: demo.client_id,
      company_id: demo.company_id,
    });
    const delivery = await t.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('event_id', '=', events[0]!.id)
      .where('subscription_id', '=', subscription.id)
      .executeTakeFirst();
    expect(delivery).toBeDefined();
  });

  it('rolls every row back with the change', async () => {
    const order = await placeOrder(t.app, t.db, demo);
    const count = async () =>
      Number(
        (
          await sql<{ n: string }>`SELECT (SELECT count(*) FROM order_history WHERE order_id = ${order.id})
                                        + (SELECT count(*) FROM events WHERE order_id = ${order.id}) AS n`.execute(
            t.db,
          )
        ).rows[0]!.n,
      );
    const before = await count();
    const stored = { ...order, client_id: demo.client_id, company_id: demo.company_id };
    await expect(
      t.db.transaction().execute(async (trx) => {
        await recordOrderChange(trx, stored, null, [{ action: 'hold', from: 'Unassigned', to: 'On hold' }]);
        throw new Error('the change fails after its records');
      }),
    ).rejects.toThrow('the change fails');
    expect(await count()).toBe(before);
  });
});
