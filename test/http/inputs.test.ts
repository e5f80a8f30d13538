import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findClientTypeId } from '../../src/organizations/organization.repository.ts';
import { seedDemo } from '../../src/seed/demo.ts';
import { createClient } from '../helpers/factories.ts';
import type { OutboxWorker } from '../../src/outbox/worker.ts';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { orderBody, placeOrder } from '../helpers/orders.ts';
import { emailWorker, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

/**
 * Inputs as integrators send them: Rails-style form bodies with arrays and nested fields on
 * every route that takes a body, dates in the format the API writes, titles and phone types in
 * people's words, the interface's own create example; and bodies no route should take
 * (unknown fields, deep nesting, huge arrays), which answer 4xx and change nothing.
 */
const t = useTestApp({ TIME_ZONE: 'America/Chicago' });
const world = useDemoWorld(t);
let smtp: TestSmtpServer;
let worker: OutboxWorker;

beforeAll(async () => {
  smtp = await startSmtpServer();
  worker = emailWorker(t.db, t.config, smtp);
});
afterAll(async () => {
  await worker.stop();
  await smtp.stop();
});

/** A Rails-style form body: `a[]=x&a[b]=y`, as Rails and Ransack clients send it. */
function railsForm(value: unknown, prefix = ''): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((item) => railsForm(item, `${prefix}[]`));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) =>
      railsForm(item, prefix ? `${prefix}[${key}]` : key),
    );
  return [[prefix, String(value)]];
}

const form = (method: 'POST' | 'PUT' | 'PATCH', url: string, key: string, body: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { 'X-Api-Key': key, 'Content-Type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(railsForm(body)).toString(),
  });

async function deliverEmails(): Promise<void> {
  for (let i = 0; i < 10; i++) await worker.runOnce();
}

describe('form bodies with arrays and nested fields, route by route', () => {
  it('POST /orders: address[...], borrower[...], product_ids[], client_user_ids[]', async () => {
    const body = await orderBody(t.db, world.demo);
    const response = await form('POST', '/api/v1/orders', world.client, body);
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json();
    expect(order.products.map((p: { id: string }) => p.id)).toEqual(body.product_ids);
    expect(order.full_address).toBe('1100 Congress Ave, Austin, TX 78701');
    expect(order.borrower.first_name).toBe('Bea');
    expect(order.parties.some((p: { role_key: string }) => p.role_key === 'loan_officer')).toBe(true);
  });

  it('POST /notes: additional_emails[] are stored and each receives the note', async () => {
    const order = await placeOrder(t.app, t.db, world.demo);
    const response = await form('POST', `/api/v1/orders/${order.id}/notes`, world.client, {
      content: 'Gate code 1234',
      subject: 'Access',
      additional_emails: ['agent@realty.example', 'Owner@Home.example'],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().additional_emails).toEqual(['agent@realty.example', 'owner@home.example']);
    await deliverEmails();
    const to = smtp.messages.filter((m) => m.subject?.endsWith(': Access')).flatMap((m) => m.to);
    expect(JSON.stringify(to)).toContain('agent@realty.example');
    expect(JSON.stringify(to)).toContain('owner@home.example');
  });

  it('POST /send_payment_link: emails[] go out, one email each', async () => {
    const order = await placeOrder(t.app, t.db, world.demo);
    const response = await form('POST', `/api/v1/orders/${order.id}/send_payment_link`, world.client, {
      emails: ['payer.one@example.com', 'payer.two@example.com'],
    });
    expect(response.statusCode, response.body).toBe(200);
    await deliverEmails();
    const payment = smtp.messages.filter(
      (m) => m.subject === `Payment requested: appraisal ${order.file_number}`,
    );
    expect(payment.map((m) => (m.to as { text: string }).text).sort()).toEqual([
      'payer.one@example.com',
      'payer.two@example.com',
    ]);
  });

  it('POST /parties: party[name], party[emails][], party[phones][]', async () => {
    const order = await placeOrder(t.app, t.db, world.demo);
    const response = await form('POST', `/api/v1/orders/${order.id}/parties`, world.staff, {
      party: {
        name: 'Hal Hoa',
        role: 'HOA Contact',
        poc: true,
        emails: ['hal@hoa.example'],
        phones: ['512-555-0111'],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      role: 'HOA Contact',
      role_key: 'hoa_contact',
      emails: ['hal@hoa.example'],
      phones: ['512-555-0111'],
      poc: true,
    });
  });

  it('POST /clients: organization[contacts_attributes][][phones_attributes][] with phone types in any case', async () => {
    const response = await form('POST', '/api/v1/clients', world.staff, {
      organization: {
        name: 'Form Federal Credit Union',
        client_type_id: (await findClientTypeId(t.db, 'Bank'))!,
        add_all_products: true,
        address_attributes: { address_one: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
        contacts_attributes: [
          {
            name: 'Fran Form',
            emails: ['fran@ffcu.example'],
            phones_attributes: [
              { phone_number: '512-555-0120', phone_type: 'Office' },
              { phone_number: '512-555-0121', phone_type: 'MOBILE' },
              { phone_number: '512-555-0122', phone_type: 'cell' },
            ],
          },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const phones = await t.db
      .selectFrom('contact_phones')
      .innerJoin('contacts', 'contacts.id', 'contact_phones.contact_id')
      .select(['contact_phones.phone_number', 'contact_phones.phone_type'])
      .where('contacts.organization_id', '=', response.json().client.id)
      .orderBy('contact_phones.position')
      .execute();
    expect(phones.map((p) => p.phone_type)).toEqual(['work', 'mobile', 'mobile']);
  });

  it('POST /webhooks: event_types[]', async () => {
    const response = await form('POST', '/api/v1/webhooks', world.staff, {
      url: 'https://hooks.example.com/form',
      event_types: ['order.created', 'order.status_changed'],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().event_types).toEqual(['order.created', 'order.status_changed']);
  });

  it('PUT /{action}: nested and indexed fields, e.g. accept_assignment', async () => {
    const order = await placeOrder(t.app, t.db, world.demo);
    await world.step(world.staff, order.id, 'assign', 'Pending assignment', {
      appraiser_id: world.demo.users.appraiser.id,
    });
    const response = await form('PUT', `/api/v1/orders/${order.id}/accept_assignment`, world.appraiser, {
      fee_condition: '1,250.00',
      due_date_condition: '12/28/2037',
      comments: 'Two units',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status.name).toBe('Assignment accepted with condition');
  });
});

describe('dates as the API writes them (MM/DD/YYYY) and ISO 8601', () => {
  it('reads due_date, due_date_condition, closing_date and list filters in either form', async () => {
    const us = await placeOrder(t.app, t.db, world.demo, {
      due_date: '12/15/2037 17:00',
      closing_date: '01/15/2038',
    });
    const iso = await placeOrder(t.app, t.db, world.demo, {
      due_date: '2037-12-15T17:00',
      closing_date: '2038-01-15',
    });
    const read = async (id: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/orders/${id}`,
          headers: { 'X-Api-Key': world.client },
        })
      ).json<Record<string, any>>();
    for (const order of [await read(us.id), await read(iso.id)]) {
      expect(order.due_date).toBe('12/15/2037');
      expect(order.closing_date).toBe('01/15/2038');
    }
    const stored = await t.db
      .selectFrom('orders')
      .select(['due_date'])
      .where('id', 'in', [us.id, iso.id])
      .execute();
    expect(new Set(stored.map((o) => o.due_date.toISOString())).size).toBe(1);

    const list = async (query: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/orders?${query}`,
          headers: { 'X-Api-Key': world.client },
        })
      ).json<Record<string, any>>();
    const byUs = await list('q[due_date_lteq]=12/15/2037&q[due_date_gteq]=12/15/2037&per_page=100');
    const byIso = await list('q[due_date_lteq]=2037-12-15&q[due_date_gteq]=2037-12-15&per_page=100');
    expect(byUs.pagination.total_count).toBe(byIso.pagination.total_count);
    expect(byUs.data.map((o: { id: string }) => o.id)).toEqual(expect.arrayContaining([us.id, iso.id]));

    const bad = await list('q[due_date_lteq]=13/45/2026');
    expect(bad.error.details[0]).toMatchObject({ field: 'q[due_date_lteq]' });
  });
});

describe("the interface's create example", () => {
  it('places an order without client_user_ids: the calling client user joins as a party', async () => {
    const body: Record<string, unknown> = await orderBody(t.db, world.demo);
    delete body.client_user_ids;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { 'X-Api-Key': world.client },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(201);
    const parties = response.json().parties as { email: string; role: string; role_key: string }[];
    expect(parties).toContainEqual(
      expect.objectContaining({
        email: world.demo.users.client.email,
        role: 'Client Manager',
        role_key: 'client_manager',
      }),
    );
  });

  it('lets staff leave requested_by out when their company serves one client, and asks for it otherwise', async () => {
    const single = await seedDemo(t.db);
    const body: Record<string, unknown> = await orderBody(t.db, single);
    delete body.requested_by;
    delete body.client_user_ids;
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        headers: { 'X-Api-Key': single.users.staff.api_key },
        payload: body,
      });
    const response = await post();
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().client.id).toBe(single.client_id);
    await createClient(t.db, { servedBy: { id: single.company_id, name: 'Demo company' } });
    const ambiguous = await post();
    expect(ambiguous.statusCode).toBe(422);
    expect(ambiguous.json().error.details).toEqual([
      { field: 'requested_by.client_id', message: expect.stringMatching(/is required/) },
    ]);
  });
});

describe('authorization comes before validation', () => {
  it('answers 403 to a role a route is not for, whatever the body', async () => {
    const order = await placeOrder(t.app, t.db, world.demo);
    for (const [key, method, url] of [
      [world.client, 'POST', '/api/v1/clients'],
      [world.appraiser, 'POST', '/api/v1/orders'],
      [world.client, 'PUT', `/api/v1/orders/${order.id}/assign`],
      [world.appraiser, 'PUT', `/api/v1/orders/${order.id}/subject_address`],
      [world.appraiser, 'POST', `/api/v1/orders/${order.id}/parties`],
      [world.appraiser, 'POST', '/api/v1/webhooks'],
      [world.client, 'PATCH', `/api/v1/clients/${world.demo.client_id}/settings`],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: { 'X-Api-Key': key },
        payload: { nonsense: [1, 2, 3], organization: 42 },
      });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(403);
      expect(response.json().error.code).toBe('forbidden');
    }
  });
});

/** Every operation of the OpenAPI document that takes a body, with a caller of each demo role. */
async function operationsWithBodies() {
  const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
    paths: Record<string, Record<string, { requestBody?: unknown }>>;
  }>();
  const order = await placeOrder(t.app, t.db, world.demo);
  const ids: Record<string, string> = {
    order_id: order.id,
    client_id: world.demo.client_id,
    party_id: '00000000-0000-4000-8000-000000000000',
    webhook_id: '00000000-0000-4000-8000-000000000000',
    delivery_id: '00000000-0000-4000-8000-000000000000',
    key_id: '00000000-0000-4000-8000-000000000000',
  };
  const operations: { method: string; url: string }[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!operation.requestBody) continue;
      operations.push({
        method: method.toUpperCase(),
        url: path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name]!),
      });
    }
  }
  return operations;
}

const counts = async () => {
  const tables = [
    'orders',
    'order_history',
    'notes',
    'order_parties',
    'organizations',
    'webhook_subscriptions',
    'api_keys',
  ] as const;
  const result: Record<string, number> = {};
  for (const table of tables)
    result[table] = Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return result;
};

describe('bodies no route takes', () => {
  it('answers 4xx, never 5xx, to unknown fields, deep nesting and huge arrays on every route, and stores nothing', async () => {
    const operations = await operationsWithBodies();
    expect(operations.length).toBeGreaterThan(30);
    let deep: unknown = 'x';
    for (let i = 0; i < 2000; i++) deep = [deep];
    let deepObject: unknown = 'x';
    for (let i = 0; i < 2000; i++) deepObject = { a: deepObject };
    const bodies = {
      'an unknown field': { zz_not_a_field: 'x' },
      'deep arrays': { content: deep, reason: deep },
      'deep objects': { party: deepObject, organization: deepObject },
      'a huge array': { product_ids: Array.from({ length: 150_000 }, (_, i) => i), emails: ['a@b.example'] },
    };
    const before = await counts();
    const problems: string[] = [];
    let requests = 0;
    for (const { method, url } of operations) {
      for (const [what, payload] of Object.entries(bodies)) {
        for (const key of [world.client, world.staff, world.appraiser]) {
          const response = await t.app.inject({
            method: method as 'POST',
            url,
            headers: { 'X-Api-Key': key, 'Content-Type': 'application/json' },
            payload: JSON.stringify(payload),
          });
          requests += 1;
          if (response.statusCode < 400 || response.statusCode >= 500)
            problems.push(
              `${method} ${url} with ${what}: ${response.statusCode} ${response.body.slice(0, 200)}`,
            );
        }
      }
    }
    expect(problems).toEqual([]);
    expect(await counts()).toEqual(before);
    expect(requests).toBe(operations.length * 4 * 3);
  }, 120_000);

  it('names an unknown field, at any depth, and records nothing in the history', async () => {
    const order = await placeOrder(t.app, t.db, world.demo);
    const entries = async () =>
      (await t.db.selectFrom('order_history').select('id').where('order_id', '=', order.id).execute()).length;
    const before = await entries();
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${order.id}/subject_address`,
      headers: { 'X-Api-Key': world.client },
      payload: { address_two: 'Suite 5', injected: '<script>' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details).toEqual([{ field: 'injected', message: 'is not a known field' }]);
    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { 'X-Api-Key': world.client },
      payload: {
        ...(await orderBody(t.db, world.demo)),
        borrower: { first_name: 'A', last_name: 'B', middle_name: 'C' },
      },
    });
    expect(nested.statusCode).toBe(422);
    expect(nested.json().error.details).toContainEqual({
      field: 'borrower.middle_name',
      message: 'is not a known field',
    });
    expect(await entries()).toBe(before);
  });
});
