import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/db/connection.ts';
import { localDay } from '../../src/format/dates.ts';
import { forgetOldPanelChanges } from '../../src/panel/panel-memory.repository.ts';
import { panelForOrder } from '../../src/panel/panel-memory.ts';
import { findSelectionOrder } from '../../src/panel/selection.repository.ts';
import { seedDemoAppraiserCredentials } from '../../src/seed/demo-credentials.ts';
import { seedDemo } from '../../src/seed/demo.ts';
import { useTestApp } from '../helpers/app.ts';
import { createUserWithKey } from '../helpers/factories.ts';
import { placeOrder } from '../helpers/orders.ts';

/**
 * The panel kept in memory (src/panel/panel-memory.ts) against the truth: after each kind of
 * write the engine's facts depend on, what a process that read the panel before gives for an
 * order is what a process reading it afresh gives. The fresh one is another pool on the same
 * database: each pool has its own memory.
 */
const t = useTestApp();
const TIME_ZONE = 'America/Chicago';

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function ranked(db: Db, orderId: string) {
  const now = new Date();
  const order = (await findSelectionOrder(db, orderId))!;
  const { panel, tracks } = await panelForOrder(db, order, {
    today: localDay(now, TIME_ZONE),
    now,
    licensedInState: false,
  });
  return panel.map((row) => ({ ...everyFact(row), track: tracks.get(row.id) ?? null }));
}

/** A row's own facts and those it reads through from the kept appraiser (its class's getters). */
const everyFact = <Row extends object>(row: Row): Row =>
  Object.fromEntries(
    [
      ...Object.keys(row),
      ...Object.getOwnPropertyNames(Object.getPrototypeOf(row)).filter((key) => key !== 'constructor'),
    ].map((key) => [key, (row as Record<string, unknown>)[key]]),
  ) as Row;

/** The kept memory's answer and a fresh reading's, side by side. */
async function keptAndFresh(orderId: string) {
  const fresh = createDb(t.url, { max: 2 });
  try {
    return { kept: await ranked(t.db, orderId), fresh: await ranked(fresh, orderId) };
  } finally {
    await fresh.destroy();
  }
}

async function world() {
  const demo = await seedDemo(t.db);
  const others = [];
  for (let n = 0; n < 3; n += 1) {
    const appraiser = await createUserWithKey(t.db, 'appraiser', { id: demo.company_id, name: '' });
    await seedDemoAppraiserCredentials(t.db, appraiser.id, demo.users.staff.id, new Date());
    others.push(appraiser);
  }
  const order = await placeOrder(t.app, t.db, demo);
  return { demo, others, order };
}

const productOf = async (orderId: string) =>
  (
    await t.db
      .selectFrom('orders')
      .select('first_product_id')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
  ).first_product_id!;

describe('the panel in memory', () => {
  it('after every kind of change the engine reads, answers as a fresh reading does', async () => {
    const { demo, others, order } = await world();
    const [first, second, third] = others.map((appraiser) => ({ id: appraiser.id })) as [
      { id: string },
      { id: string },
      { id: string },
    ];
    const product = await productOf(order.id);
    const before = await ranked(t.db, order.id);
    expect(before.length).toBeGreaterThanOrEqual(4);

    const changes: [string, (db: Db) => Promise<unknown>][] = [
      [
        'a license renewed',
        (db) =>
          db
            .updateTable('appraiser_licenses')
            .set({ expires_on: day(900) })
            .where('appraiser_id', '=', first.id)
            .execute(),
      ],
      [
        'an E&O policy lowered',
        (db) =>
          db
            .updateTable('appraiser_eo_policies')
            .set({ per_claim_cents: '25000000' })
            .where('appraiser_id', '=', first.id)
            .execute(),
      ],
      [
        'a capacity and a radius',
        (db) =>
          db
            .updateTable('appraiser_profiles')
            .set({ capacity: 1, radius_miles: 3 })
            .where('appraiser_id', '=', second.id)
            .execute(),
      ],
      [
        'an area dropped',
        (db) => db.deleteFrom('appraiser_coverage').where('appraiser_id', '=', second.id).execute(),
      ],
      [
        'a product listed',
        (db) =>
          db
            .insertInto('appraiser_products')
            .values({ appraiser_id: third.id, product_id: product })
            .execute(),
      ],
      [
        'time off from today',
        (db) =>
          db
            .insertInto('appraiser_time_off')
            .values({ appraiser_id: third.id, starts_on: day(-1), ends_on: day(3), note: null })
            .execute(),
      ],
      [
        "a lender's exclusion",
        (db) =>
          db
            .insertInto('client_appraiser_exclusions')
            .values({
              company_id: demo.company_id,
              client_id: demo.client_id,
              appraiser_id: first.id,
              reason: 'Late twice',
              excluded_by: demo.users.staff.id,
            })
            .execute(),
      ],
      [
        'an order accepted at a fee',
        (db) =>
          db
            .updateTable('orders')
            .set({
              appraiser_id: second.id,
              status: 'Assigned',
              assigned_at: new Date(),
              appraiser_fee_cents: '31500',
            })
            .where('id', '=', order.id)
            .execute(),
      ],
      [
        'its due date moved',
        (db) =>
          db
            .updateTable('orders')
            .set({ due_date: new Date(Date.now() - 86_400_000) })
            .where('id', '=', order.id)
            .execute(),
      ],
      [
        'an offer in the history',
        (db) =>
          sql`INSERT INTO order_history (order_id, action, from_status, to_status, user_id, key_owner_id, details)
          VALUES (${order.id}, 'assign', 'Unassigned', 'Pending assignment', ${demo.users.staff.id}, ${demo.users.staff.id}, ${JSON.stringify({ appraiser_id: third.id })}::jsonb)`.execute(
            db,
          ),
      ],
      [
        'a report submitted and the order closed',
        (db) =>
          db
            .updateTable('orders')
            .set({ status: 'Completed', submitted_at: new Date(), completed_at: new Date(), revised: true })
            .where('id', '=', order.id)
            .execute(),
      ],
      [
        'an own fee line',
        (db) =>
          db
            .insertInto('appraiser_fee_schedule')
            .values({
              company_id: demo.company_id,
              appraiser_id: first.id,
              product_id: product,
              state_id: null,
              county_id: null,
              fee_cents: '39900',
              rush_fee_cents: '0',
              rush_days: null,
              complexity_fee_cents: '0',
            })
            .execute(),
      ],
      [
        'the standard fees',
        (db) =>
          db
            .updateTable('appraiser_fee_schedule')
            .set({ fee_cents: '12300' })
            .where('company_id', '=', demo.company_id)
            .where('appraiser_id', 'is', null)
            .execute(),
      ],
      [
        'the registry',
        (db) =>
          sql`INSERT INTO registry_licenses (state_id, number, type, number_key, last_name, status, expires_on)
          SELECT l.state_id, l.number, 3, regexp_replace(upper(l.number), '[^A-Z0-9]', '', 'g'), 'Appraiser', 'I', ${day(30)}::date
            FROM appraiser_licenses l WHERE l.appraiser_id = ${third.id}`.execute(db),
      ],
      [
        'a name',
        (db) => db.updateTable('users').set({ last_name: 'Álvarez' }).where('id', '=', second.id).execute(),
      ],
      [
        'a deactivation',
        (db) =>
          db.updateTable('users').set({ deactivated_at: new Date() }).where('id', '=', third.id).execute(),
      ],
      [
        // The acceptance factor's record: an answer to an offer, in the history alone.
        'an offer declined',
        (db) =>
          db
            .insertInto('order_history')
            .values({
              order_id: order.id,
              action: 'reject_assignment',
              from_status: 'Pending assignment',
              to_status: 'Assignment rejected',
              user_id: second.id,
              key_owner_id: second.id,
              details: JSON.stringify({ appraiser_id: second.id }),
            })
            .execute(),
      ],
      ['a new appraiser', (db) => createUserWithKey(db, 'appraiser', { id: demo.company_id, name: '' })],
    ];
    for (const [change, write] of changes) {
      await write(t.db);
      const { kept, fresh } = await keptAndFresh(order.id);
      expect(kept, change).toEqual(fresh);
    }
    const after = await ranked(t.db, order.id);
    expect(after).not.toEqual(before);
    expect(after.find((row) => row.id === second.id)).toMatchObject({
      last_name: 'Álvarez',
      last_fee_cents: '31500',
      capacity: 1,
      has_areas: false,
    });
    expect(after.find((row) => row.id === third.id)).toMatchObject({
      active: false,
      registry_status: 'I',
      takes_product: true,
    });
    expect(after.find((row) => row.id === first.id)).toMatchObject({
      excluded_reason: 'Late twice',
      offer_fee_cents: '39900',
    });
  });

  it("never keeps a transaction's own writes: a ranking inside it reads what has committed", async () => {
    const { others, order } = await world();
    const appraiser = others[0]!;
    await ranked(t.db, order.id);
    class RollBack extends Error {}
    await t.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('appraiser_profiles')
          .set({ capacity: 0 })
          .where('appraiser_id', '=', appraiser.id)
          .execute();
        const inside = await ranked(trx, order.id);
        expect(inside.find((row) => row.id === appraiser.id)?.capacity).not.toBe(0);
        throw new RollBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RollBack)) throw error;
      });
    const { kept, fresh } = await keptAndFresh(order.id);
    expect(kept).toEqual(fresh);
    expect(kept.find((row) => row.id === appraiser.id)?.capacity).not.toBe(0);
  });

  it('keeps up with changes made while rankings run, and forgets notes older than two days', async () => {
    const { others, order } = await world();
    const writes = others.map((appraiser, n) =>
      (async () => {
        for (let capacity = 1; capacity <= 5; capacity += 1)
          await t.db
            .updateTable('appraiser_profiles')
            .set({ capacity: capacity + n })
            .where('appraiser_id', '=', appraiser.id)
            .execute();
      })(),
    );
    const rankings = Array.from({ length: 6 }, () => ranked(t.db, order.id));
    await Promise.all([...writes, ...rankings]);
    const { kept, fresh } = await keptAndFresh(order.id);
    expect(kept).toEqual(fresh);
    expect(others.map((appraiser) => kept.find((row) => row.id === appraiser.id)?.capacity)).toEqual([
      5, 6, 7,
    ]);

    await sql`UPDATE panel_changes SET changed_at = now() - interval '3 days'`.execute(t.db);
    await t.db
      .updateTable('appraiser_profiles')
      .set({ capacity: 9 })
      .where('appraiser_id', '=', others[0]!.id)
      .execute();
    await forgetOldPanelChanges(t.db);
    const { rows } = await sql<{ notes: string }>`SELECT count(*) AS notes FROM panel_changes`.execute(t.db);
    expect(Number(rows[0]!.notes)).toBeGreaterThan(0);
    expect((await ranked(t.db, order.id)).find((row) => row.id === others[0]!.id)?.capacity).toBe(9);
  });
});
