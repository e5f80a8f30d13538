import { expect } from 'vitest';
import { submitReport } from './multipart.ts';
import type { AppInstance } from '../../src/http/app-instance.ts';
import type { Db } from '../../src/db/connection.ts';
import type { DemoWorld } from '../../src/seed/demo.ts';

/** The ids of the demo company's products an order may be placed with (not follow-ups), by name. */
export async function orderableProducts(db: Db, demo: DemoWorld): Promise<string[]> {
  const products = await db
    .selectFrom('products')
    .select('id')
    .where('company_id', '=', demo.company_id)
    .where('follow_up', '=', false)
    .orderBy('name')
    .execute();
  return products.map((product) => product.id);
}

/** A valid POST /api/v1/orders body for the demo world, built from its configuration. */
export async function orderBody(db: Db, demo: DemoWorld, overrides: Record<string, unknown> = {}) {
  const products = await orderableProducts(db, demo);
  const officer = await db
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', demo.client_id)
    .where('title', '=', 'Loan Officer')
    .executeTakeFirstOrThrow();
  const propertyType = await db
    .selectFrom('property_types')
    .select('id')
    .where('slug', '=', 'single_family')
    .executeTakeFirstOrThrow();
  return {
    address: { street_1: '1100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
    borrower: {
      first_name: 'Bea',
      last_name: 'Borrower',
      email: 'bea@borrower.example',
      phone: '512-555-0101',
    },
    point_of_contact: { name: 'Otto Occupant', phone: '512-555-0102', emails: ['otto@occupant.example'] },
    due_date: '2037-12-15T17:00',
    green_certified: 'false',
    loan_type: 'conventional',
    transaction_type: 'purchase',
    loan_amount: '350000',
    contract_price: 420000,
    payment_method: 'invoice',
    product_ids: [products[0]!],
    client_user_ids: [officer.id],
    property_type_id: propertyType.id,
    company_id: demo.company_id,
    requested_by: { client_id: demo.client_id, lender_id: demo.client_id },
    ...overrides,
  };
}

export async function placeOrder(
  app: AppInstance,
  db: Db,
  demo: DemoWorld,
  overrides: Record<string, unknown> = {},
  key = demo.users.client.api_key,
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: { 'X-Api-Key': key },
    payload: await orderBody(db, demo, overrides),
  });
  if (response.statusCode !== 201)
    throw new Error(`order not created: ${response.statusCode} ${response.body}`);
  return response.json<{
    id: string;
    file_number: string;
    status: { name: string };
    allowed_transitions: string[];
  }>();
}

/**
 * PUT an action, as JSON or as a form. A request_submission without a body sends the
 * appraisal report as multipart, since a submission needs one.
 */
export function act(
  app: AppInstance,
  key: string,
  orderId: string,
  action: string,
  body?: Record<string, string>,
  encoding: 'json' | 'form' = 'json',
) {
  if (action === 'request_submission' && body === undefined) return submitReport(app, key, orderId);
  const headers: Record<string, string> = { 'X-Api-Key': key };
  let payload: string | undefined;
  if (body && encoding === 'form') {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(body).toString();
  } else if (body) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  return app.inject({
    method: 'PUT',
    url: `/api/v1/orders/${orderId}/${action}`,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
}

export async function statusOf(app: AppInstance, key: string, orderId: string): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/orders/${orderId}`,
    headers: { 'X-Api-Key': key },
  });
  return response.json<{ status: { name: string } }>().status.name;
}

/**
 * Takes an action and checks it landed: 200 with the new status, which a reader with
 * `observerKey` (staff) also sees.
 */
export type StepArgs = [
  key: string,
  orderId: string,
  action: string,
  expected: string,
  body?: Record<string, string>,
  encoding?: 'json' | 'form',
];

export async function expectStep(app: AppInstance, observerKey: string, ...args: StepArgs): Promise<void> {
  const [key, orderId, action, expected, body, encoding = 'json'] = args;
  const response = await act(app, key, orderId, action, body, encoding);
  expect(response.statusCode, `${action}: ${response.body}`).toBe(200);
  expect(response.json()).toEqual({
    success: true,
    status: { id: expect.any(String), name: expected, category: expect.any(String) },
  });
  expect(await statusOf(app, observerKey, orderId)).toBe(expected);
}
