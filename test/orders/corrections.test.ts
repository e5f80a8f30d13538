import { describe, expect, it } from 'vitest';
import { CORRECTABLE_FIELDS } from '../../src/orders/order.correctable.ts';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { placeOrder } from '../helpers/orders.ts';
import { createClient, createUserWithKey } from '../helpers/factories.ts';

/**
 * Correcting an order (PATCH /orders/{order_id}): who may, which fields when, every field
 * checked before anything changes, the history with each field before and after as each side
 * may see it, the order.updated event, and If-Match against a stale read.
 */
const t = useTestApp({ TIME_ZONE: 'America/Chicago' });
const world = useDemoWorld(t);

type Detail = Record<string, unknown> & {
  version: string;
  borrower: Record<string, unknown>;
  correctable_fields: string[];
};
/** Every field of a correction: what staff and, before an appraiser accepts, the client may correct. */
const EVERY_FIELD = [...CORRECTABLE_FIELDS];
type History = { action: string; reason: string | null; details: { changes?: Record<string, unknown> } }[];

const patch = (orderId: string, key: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/orders/${orderId}`,
    headers: { 'X-Api-Key': key, ...headers },
    payload: body as Record<string, unknown>,
  });
const detail = async (orderId: string, key: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/v1/orders/${orderId}`, headers: { 'X-Api-Key': key } })
  ).json<Detail>();
const history = async (orderId: string, key: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${orderId}/history`,
      headers: { 'X-Api-Key': key },
    })
  ).json<History>();
const corrections = async (orderId: string, key: string) =>
  (await history(orderId, key)).filter((entry) => entry.action === 'correct_order');

async function offered() {
  const order = await placeOrder(t.app, t.db, world.demo);
  await world.step(world.staff, order.id, 'assign', 'Pending assignment', {
    appraiser_id: world.demo.users.appraiser.id,
  });
  return order;
}

describe('correcting an order', () => {
  it('lets the client correct the borrower, loan, due date, instructions and access contact, recorded before and after', async () => {
    const order = await placeOrder(t.app, t.db, world.demo);
    const response = await patch(order.id, world.client, {
      borrower: { phone: '(512) 555-0111', email: 'Bea.New@Borrower.example' },
      loan_number: 'HC-2026-0042-A',
      due_date: '12/18/2037',
      special_instructions: '<p>Dog in the yard</p><script>alert(1)</script>',
      access_contact: { name: 'Tina Tenant', phone: '512 555 0103', note: 'tenant, call after 5 pm' },
      reason: 'The closing moved',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      borrower: { first_name: 'Bea', phone: '512-555-0111', email: 'bea.new@borrower.example' },
      loan_number: 'HC-2026-0042-A',
      due_date: '12/18/2037',
      special_instructions: '<p>Dog in the yard</p>',
      access_contact: {
        name: 'Tina Tenant',
        phone: '512-555-0103',
        email: null,
        note: 'tenant, call after 5 pm',
      },
    });
    const [entry] = await corrections(order.id, world.client);
    expect(entry).toMatchObject({
      reason: 'The closing moved',
      details: {
        changes: {
          'borrower.phone': { from: '512-555-0101', to: '512-555-0111' },
          'borrower.email': { from: 'bea@borrower.example', to: 'bea.new@borrower.example' },
          loan_number: { from: null, to: 'HC-2026-0042-A' },
          due_date: { from: '2037-12-15T23:00:00.000Z', to: '2037-12-18T06:00:00.000Z' },
          access_contact: { from: null, to: { name: 'Tina Tenant', phone: '512-555-0103' } },
        },
      },
    });
    const events = await t.db
      .selectFrom('events')
      .select(['type', 'data'])
      .where('order_id', '=', order.id)
      .where('type', '=', 'order.updated')
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({
      changes: { loan_number: { to: 'HC-2026-0042-A' } },
      reason: 'The closing moved',
    });
  });

  it('finds a corrected borrower by the new name in the search box, and no longer by the old', async () => {
    const order = await placeOrder(t.app, t.db, world.demo);
    const renamed = await patch(order.id, world.client, {
      borrower: { first_name: 'Quentin', last_name: 'Zabriskie' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const found = async (words: string) => {
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders?q[keywords_cont]=${encodeURIComponent(words)}`,
        headers: { 'X-Api-Key': world.client },
      });
      expect(list.statusCode, list.body).toBe(200);
      return list.json<{ data: { id: string }[] }>().data.map((row) => row.id);
    };
    expect(await found('Zabriskie')).toContain(order.id);
    expect(await found('Bea Borrower')).not.toContain(order.id);
  });

  it('takes form fields too, and staff correct as the client does', async () => {
    const order = await placeOrder(t.app, t.db, world.demo);
    const form = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/orders/${order.id}`,
      headers: { 'X-Api-Key': world.staff, 'Content-Type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams([
        ['loan_number', 'LN-77'],
        ['access_contact[name]', 'Al Agent'],
        ['access_contact[phone]', '+1 512 555 0104'],
      ]).toString(),
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json()).toMatchObject({
      loan_number: 'LN-77',
      access_contact: { name: 'Al Agent', phone: '512-555-0104' },
    });
  });

  it('answers the appraiser 403 and another tenant 404, and changes nothing', async () => {
    const order = await offered();
    const before = await detail(order.id, world.staff);
    // The detail says so beforehand: the appraiser may correct nothing.
    expect((await detail(order.id, world.appraiser)).correctable_fields).toEqual([]);
    expect(before.correctable_fields).toEqual(EVERY_FIELD);
    expect((await patch(order.id, world.appraiser, { loan_number: 'X' })).statusCode).toBe(403);
    const stranger = await createUserWithKey(t.db, 'client', await createClient(t.db));
    expect((await patch(order.id, stranger.key, { loan_number: 'X' })).statusCode).toBe(404);
    expect((await detail(order.id, world.staff)).version).toBe(before.version);
  });

  it('lets the client correct the address only until an appraiser accepts; staff after; nobody once closed', async () => {
    const order = await offered();
    expect((await detail(order.id, world.client)).correctable_fields).toEqual(EVERY_FIELD);
    const moved = await patch(order.id, world.client, { address: { address_two: 'Unit 5' } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Detail>().full_address).toBe('1100 Congress Ave, Unit 5, Austin, TX 78701');
    await world.step(world.appraiser, order.id, 'accept_assignment', 'Assigned');
    // The detail tells the client beforehand that the address is no longer theirs to correct.
    expect((await detail(order.id, world.client)).correctable_fields).not.toContain('address');
    expect((await detail(order.id, world.staff)).correctable_fields).toContain('address');
    const late = await patch(order.id, world.client, { address: { address_two: 'Unit 6' } });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: { details: [{ field: 'address' }] } });
    expect((await patch(order.id, world.staff, { address: { address_two: 'Unit 6' } })).statusCode).toBe(200);
    // The appraiser reads the move in their history.
    const seen = await corrections(order.id, world.appraiser);
    expect(seen.at(-1)?.details.changes).toEqual({
      address: {
        from: '1100 Congress Ave, Unit 5, Austin, TX 78701',
        to: '1100 Congress Ave, Unit 6, Austin, TX 78701',
      },
    });
    await world.step(world.staff, order.id, 'cancel', 'Cancelled', { reason: 'The loan was withdrawn' });
    const closed = await patch(order.id, world.staff, { loan_number: 'LN-1' });
    expect(closed.statusCode).toBe(409);
    expect((await detail(order.id, world.staff)).correctable_fields).toEqual([]);
  });

  it('refuses bad input with 422 naming each field in a sentence, and changes nothing', async () => {
    const order = await placeOrder(t.app, t.db, world.demo);
    const before = await detail(order.id, world.client);
    const refused = async (body: unknown, field: string, message: RegExp) => {
      const response = await patch(order.id, world.client, body);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json<{ error: { details: unknown[] } }>().error.details).toContainEqual({
        field,
        message: expect.stringMatching(message),
      });
    };
    await refused({ borrower: { phone: '12' } }, 'borrower.phone', /^Enter a 10-digit phone number/);
    await refused(
      { access_contact: { name: 'Tina', phone: '012-555-0103' } },
      'access_contact.phone',
      /area code/,
    );
    await refused(
      { access_contact: { name: 'Tina', phone: '512-555-0103', email: 'nope' } },
      'access_contact.email',
      /^Enter an email address/,
    );
    await refused({ due_date: '2020-01-02' }, 'due_date', /^Enter a due date that is today or later\.$/);
    await refused({ due_date: 'next tuesday' }, 'due_date', /^Enter a date/);
    await refused({ address: { state: 'Atlantis' } }, 'address.state', /not a US state/);
    await refused({ loan_amount: 'lots' }, 'loan_amount', /decimal amount/);
    await refused({}, 'body', /^Name at least one field to correct\.$/);
    await refused({ reason: 'nothing else' }, 'body', /at least one field/);
    // One good field with one bad: neither is applied.
    await refused({ loan_number: 'LN-9', borrower: { phone: '12' } }, 'borrower.phone', /10-digit/);
    const after = await detail(order.id, world.client);
    expect(after.version).toBe(before.version);
    expect(after.loan_number).toBe(before.loan_number);
    expect(await corrections(order.id, world.client)).toEqual([]);
  });

  it('refuses a correction made on a stale read (If-Match), and takes the current version', async () => {
    const order = await placeOrder(t.app, t.db, world.demo);
    const read = await detail(order.id, world.client);
    expect((await patch(order.id, world.staff, { loan_number: 'LN-1' })).statusCode).toBe(200);
    const stale = await patch(
      order.id,
      world.client,
      { loan_number: 'LN-2' },
      { 'If-Match': `"${read.version}"` },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: { code: 'conflict', details: [{ field: 'If-Match' }] } });
    const fresh = await detail(order.id, world.client);
    const ok = await patch(order.id, world.client, { loan_number: 'LN-2' }, { 'If-Match': fresh.version });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<Detail>().version).not.toBe(fresh.version);
  });

  it("keeps the lender's loan amount from the appraiser's history, and the correction of it alone out of sight", async () => {
    const order = await offered();
    expect((await patch(order.id, world.client, { loan_amount: '360000' })).statusCode).toBe(200);
    expect(
      (await patch(order.id, world.client, { loan_amount: '365000', loan_number: 'LN-5' })).statusCode,
    ).toBe(200);
    const lender = await corrections(order.id, world.client);
    expect(lender.map((e) => e.details.changes)).toEqual([
      { loan_amount: { from: '350000.00', to: '360000.00' } },
      { loan_amount: { from: '360000.00', to: '365000.00' }, loan_number: { from: null, to: 'LN-5' } },
    ]);
    const appraiser = await corrections(order.id, world.appraiser);
    expect(appraiser.map((e) => e.details.changes)).toEqual([{ loan_number: { from: null, to: 'LN-5' } }]);
    expect(JSON.stringify(await detail(order.id, world.appraiser))).not.toContain('365000');
  });
});
