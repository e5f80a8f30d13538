import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { orderBody, placeOrder } from '../helpers/orders.ts';

/**
 * An order's details reach whoever may see them: the access contact (who lets the appraiser
 * in) and the special instructions on the detail, the appraiser's offer and agenda, and the
 * calendar feed; the loan amount for the lender and the company, never the appraiser. Every
 * new input is checked: a phone number that cannot be dialled, an email that is not one, a due
 * date in the past.
 */
const t = useTestApp({ PUBLIC_BASE_URL: 'https://app.example.com', TIME_ZONE: 'America/Chicago' });
const world = useDemoWorld(t);

const ACCESS = {
  name: 'Tina Tenant',
  phone: '(512) 555-0103',
  email: 'Tina@Tenant.example',
  note: 'tenant, call after 5 pm',
};
const INSTRUCTIONS = '<p>Gate code <b>1234</b>; beware of the dog</p>';

function railsForm(value: unknown, prefix = ''): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((item) => railsForm(item, `${prefix}[]`));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) =>
      railsForm(item, prefix ? `${prefix}[${key}]` : key),
    );
  return [[prefix, String(value)]];
}

const get = (url: string, key?: string) =>
  t.app.inject({ method: 'GET', url, headers: key ? { 'X-Api-Key': key } : {} });

async function create(overrides: Record<string, unknown>, encoding: 'json' | 'form' = 'json') {
  const body = await orderBody(t.db, world.demo, overrides);
  return encoding === 'json'
    ? t.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        headers: { 'X-Api-Key': world.client },
        payload: body,
      })
    : t.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        headers: { 'X-Api-Key': world.client, 'Content-Type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(railsForm(body)).toString(),
      });
}

describe('the access contact and the order details', () => {
  it('is taken as JSON and as form fields, written one way, and shown on the detail', async () => {
    for (const encoding of ['json', 'form'] as const) {
      const response = await create({ access_contact: ACCESS, special_instructions: INSTRUCTIONS }, encoding);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().access_contact).toEqual({
        name: 'Tina Tenant',
        phone: '512-555-0103',
        email: 'tina@tenant.example',
        note: 'tenant, call after 5 pm',
      });
    }
    const none = await create({});
    expect(none.json().access_contact).toBeNull();
  });

  it('shows the appraiser the instructions, the property, the contract price and the access contact; the loan amount only to the lender and the company', async () => {
    const order = await placeOrder(t.app, t.db, world.demo, {
      access_contact: ACCESS,
      special_instructions: INSTRUCTIONS,
      occupancy_type: 'investment',
      closing_date: '2038-01-15',
      address: { street_1: '1100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', county: 'Travis' },
    });
    await world.step(world.staff, order.id, 'assign', 'Pending assignment', {
      appraiser_id: world.demo.users.appraiser.id,
    });
    const seen = async (key: string) =>
      (await get(`/api/v1/orders/${order.id}`, key)).json<Record<string, unknown>>();
    const lender = await seen(world.client);
    const staff = await seen(world.staff);
    const appraiser = await seen(world.appraiser);
    for (const detail of [lender, staff, appraiser]) {
      expect(detail).toMatchObject({
        special_instructions: expect.stringContaining('Gate code'),
        access_contact: { name: 'Tina Tenant', phone: '512-555-0103' },
        property_type: { slug: 'single_family' },
        contract_price: 420000,
        occupancy_type: 'investment',
        closing_date: '01/15/2038',
        address: { county: 'Travis County', county_id: '48453' },
        version: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
    }
    expect(lender.loan_amount).toBe('350000.00');
    expect(staff.loan_amount).toBe('350000.00');
    expect(appraiser.loan_amount).toBeNull();
  });

  it("puts the instructions and the access contact on the appraiser's offer, agenda and calendar event", async () => {
    const order = await placeOrder(t.app, t.db, world.demo, {
      access_contact: ACCESS,
      special_instructions: INSTRUCTIONS,
    });
    await world.step(world.staff, order.id, 'assign', 'Pending assignment', {
      appraiser_id: world.demo.users.appraiser.id,
    });
    const offers = (await get('/api/v1/me/work?next_step=answer_offer', world.appraiser)).json().data;
    expect(offers.find((w: { id: string }) => w.id === order.id)).toMatchObject({
      access_contact: { name: 'Tina Tenant', phone: '512-555-0103', note: 'tenant, call after 5 pm' },
      special_instructions: expect.stringContaining('Gate code'),
    });
    await world.step(world.appraiser, order.id, 'accept_assignment', 'Assigned');
    await world.step(world.appraiser, order.id, 'schedule_inspection', 'Inspection scheduled', {
      inspection_scheduled_at: '2037-12-20T10:30:00-06:00',
    });
    const agenda = (await get('/api/v1/me/work?next_step=inspect', world.appraiser)).json().data;
    expect(agenda.find((w: { id: string }) => w.id === order.id)).toMatchObject({
      access_contact: { name: 'Tina Tenant' },
      special_instructions: expect.stringContaining('Gate code'),
    });

    const feed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/calendar_feed',
      headers: { 'X-Api-Key': world.appraiser },
    });
    const text = (await get(new URL(feed.json<{ url: string }>().url).pathname)).body;
    const calendar = new ICAL.Component(ICAL.parse(text));
    const event = calendar
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v))
      .find((e) => e.uid.includes(order.id))!;
    expect(event.description).toContain(
      'Access: Tina Tenant, 512-555-0103, tina@tenant.example (tenant, call after 5 pm)',
    );
    expect(event.description).toContain('Instructions: Gate code 1234; beware of the dog');
    expect(event.location).toBe('1100 Congress Ave, Austin, TX 78701');
  });
});

describe('bad input on create', () => {
  const expectRefused = async (overrides: Record<string, unknown>, field: string, message: RegExp) => {
    const before = await t.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await create(overrides);
    expect(response.statusCode, response.body).toBe(422);
    const details = response.json<{ error: { details: { field: string; message: string }[] } }>().error
      .details;
    expect(details).toContainEqual({ field, message: expect.stringMatching(message) });
    const after = await t.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  };

  it('refuses an access contact phone that is not a possible NANP number, in a sentence naming the field', async () => {
    await expectRefused(
      { access_contact: { ...ACCESS, phone: '12' } },
      'access_contact.phone',
      /^Enter a 10-digit phone number/,
    );
    await expectRefused(
      { access_contact: { ...ACCESS, phone: '112-555-0103' } },
      'access_contact.phone',
      /area code starts with a digit from 2 to 9\.$/,
    );
    await expectRefused(
      { access_contact: { ...ACCESS, phone: '512-055-0103' } },
      'access_contact.phone',
      /exchange starts with a digit from 2 to 9\.$/,
    );
    await expectRefused(
      { access_contact: { ...ACCESS, phone: 'call me' } },
      'access_contact.phone',
      /^Enter a 10-digit/,
    );
    await expectRefused({ access_contact: { ...ACCESS, phone: '' } }, 'access_contact.phone', /^Enter/);
  });

  it('refuses an access contact without a name, with a bad email, and a bad borrower or contact phone', async () => {
    await expectRefused({ access_contact: { ...ACCESS, name: ' ' } }, 'access_contact.name', /blank/);
    await expectRefused(
      { access_contact: { ...ACCESS, email: 'tina at tenant' } },
      'access_contact.email',
      /^Enter an email address/,
    );
    await expectRefused(
      { borrower: { first_name: 'Bea', last_name: 'Borrower', phone: '555-0101' } },
      'borrower.phone',
      /^Enter a 10-digit phone number/,
    );
    await expectRefused(
      { point_of_contact: { name: 'Otto Occupant', phone: '12' } },
      'point_of_contact.phone',
      /^Enter a 10-digit phone number/,
    );
  });

  it('refuses a due date before today in the deployment time zone, and takes today', async () => {
    await expectRefused(
      { due_date: '2020-01-02' },
      'due_date',
      /^Enter a due date that is today or later\.$/,
    );
    // Today in Chicago, whatever the hour in UTC.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
    expect((await create({ due_date: `${today}T23:00` })).statusCode).toBe(201);
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await expectRefused({ due_date: `${yesterday}T23:59` }, 'due_date', /today or later/);
  });
});
