import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxWorker } from '../../src/outbox/worker.ts';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { REPORT_PDF, sendMultipart } from '../helpers/multipart.ts';
import { placeOrder } from '../helpers/orders.ts';
import { payByCard } from '../helpers/payments.ts';
import { emailWorker, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

/**
 * GET /orders/{id}/timeline: the history, notes, files, emails and payments of an order in one
 * list, each reader seeing exactly what their own lists show them; paged, sorted, its query
 * checked, another's order not found.
 */
const t = useTestApp({ PUBLIC_BASE_URL: 'https://app.example.com' });
const world = useDemoWorld(t);
let smtp: TestSmtpServer;
let worker: OutboxWorker;

interface Item {
  id: string;
  type: string;
  at: string;
  actor: { id: string; name: string } | null;
  acting_for: { id: string; name: string } | null;
  summary: string;
  audience: string;
  change: { action: string; from: string | null; to: string } | null;
  note: { subject: string | null } | null;
  file: { filename: string } | null;
  email: { topic: string; subject: string; to: string[]; status: string; sent_at: string | null } | null;
  payment: { amount: string } | null;
}
interface Page {
  data: Item[];
  pagination: {
    current_page: number;
    total_pages: number;
    total_count: number;
    per_page: number;
    has_next_page: boolean;
    has_prev_page: boolean;
  };
}

const timeline = (key: string, orderId: string, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/orders/${orderId}/timeline${query}`,
    headers: { 'X-Api-Key': key },
  });
const everything = async (key: string, orderId: string) => {
  const response = await timeline(key, orderId, '?per_page=100');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page>().data;
};
const note = (key: string, orderId: string, body: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${orderId}/notes`,
    headers: { 'X-Api-Key': key },
    payload: body,
  });

let order: { id: string; file_number: string };

beforeAll(async () => {
  smtp = await startSmtpServer();
  worker = emailWorker(t.db, t.config, smtp);
  order = await placeOrder(t.app, t.db, world.demo, { payment_method: 'payment_link' });
  const staffNote = await note(world.staff, order.id, {
    content: '<p>INTERNAL-MARKER: this lender pays late</p>',
    subject: 'Between us',
    audience: 'internal',
  });
  expect(staffNote.statusCode, staffNote.body).toBe(201);
  const lenderNote = await note(world.client, order.id, {
    content: '<p>The gate code is 1234</p>',
    subject: 'Access',
    additional_emails: ['agent@realty.example'],
  });
  expect(lenderNote.statusCode, lenderNote.body).toBe(201);
  const appraiserFile = await sendMultipart(t.app, 'POST', `/api/v1/orders/${order.id}/files`, world.staff, [
    ['file_type', 'engagement_letter'],
    ['audience', 'appraiser'],
    ['attachment', { ...REPORT_PDF, filename: 'engagement-terms.pdf' }],
  ]);
  expect(appraiserFile.statusCode, appraiserFile.body).toBe(201);
  await world.step(world.staff, order.id, 'assign', 'Pending assignment', {
    appraiser_id: world.demo.users.appraiser.id,
    fee: '325.17',
  });
  await world.step(world.appraiser, order.id, 'accept_assignment', 'Assigned');
  const linkSent = await t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${order.id}/send_payment_link`,
    headers: { 'X-Api-Key': world.client },
    payload: { emails: ['payer@borrower.example'] },
  });
  expect(linkSent.statusCode, linkSent.body).toBe(200);
  expect(await payByCard(t.app, world.client, order.id)).toBe(200);
  for (let i = 0; i < 5; i++) await worker.runOnce();
});
afterAll(async () => {
  await worker.stop();
  await smtp.stop();
});

describe('the order timeline', () => {
  it('shows the company every kind of record, newest first, each with an ISO date-time, actor and summary', async () => {
    const items = await everything(world.staff, order.id);
    expect(new Set(items.map((i) => i.type))).toEqual(
      new Set(['status_change', 'order_change', 'note', 'file', 'email', 'payment']),
    );
    for (const item of items) expect(item.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const ats = items.map((i) => i.at);
    expect(ats).toEqual([...ats].sort().reverse());

    const created = items.at(-1)!;
    expect(created).toMatchObject({
      type: 'status_change',
      actor: { id: world.demo.users.client.id },
      change: { action: 'create', from: null, to: 'Unassigned' },
      summary: 'Create: Unassigned',
    });
    expect(items.find((i) => i.change?.action === 'assign')).toMatchObject({
      actor: { id: world.demo.users.staff.id },
      summary: 'Assign: Unassigned → Pending assignment',
    });
    expect(items.find((i) => i.type === 'note' && i.note?.subject === 'Between us')).toMatchObject({
      audience: 'internal',
      summary: expect.stringContaining('Between us'),
    });
    expect(items.find((i) => i.file?.filename === 'engagement-terms.pdf')).toMatchObject({
      audience: 'appraiser',
      actor: { id: world.demo.users.staff.id },
    });
    const payment = items.find((i) => i.type === 'payment')!;
    expect(payment.payment!.amount).toMatch(/^\d+\.\d{2}$/);
    expect(payment.summary).toContain('Paid with **** 4242');
    // The payment is one item, not also a history entry that moved no status.
    expect(items.filter((i) => i.change?.action === 'payment_received')).toEqual([]);

    // Emails: to whom, what, how their delivery went; the company reads them all.
    const offer = items.find((i) => i.email?.topic === 'new_offer')!;
    expect(offer).toMatchObject({
      audience: 'appraiser',
      email: {
        subject: `New offer: order ${order.file_number}, Austin`,
        to: [world.demo.users.appraiser.email],
        status: 'sent',
      },
    });
    expect(offer.email!.sent_at).toMatch(/Z$/);
    expect(items.find((i) => i.email?.topic === 'note')).toMatchObject({
      audience: 'client',
      email: { to: ['agent@realty.example'] },
    });
    expect(items.find((i) => i.email?.topic === 'payment_received')).toMatchObject({ audience: 'internal' });
    expect(items.find((i) => i.email?.topic === 'appraiser_assigned')).toMatchObject({ audience: 'client' });
    expect(items.find((i) => i.email?.topic === 'payment_link')).toMatchObject({
      audience: 'client',
      email: { to: ['payer@borrower.example'] },
    });
    expect(items.find((i) => i.type === 'order_change')).toMatchObject({
      change: { action: 'send_payment_link' },
      summary: 'Send payment link',
    });
  });

  it('shows the lender only what its lists show it: no internal note, appraiser file or email, or appraiser fee', async () => {
    const items = await everything(world.client, order.id);
    const text = JSON.stringify(items);
    expect(text).not.toContain('Between us');
    expect(text).not.toContain('engagement-terms.pdf');
    expect(text).not.toContain('325.17');
    expect(items.filter((i) => i.email && i.audience !== 'client' && i.audience !== 'everyone')).toEqual([]);
    expect(items.find((i) => i.email?.topic === 'new_offer')).toBeUndefined();
    expect(items.find((i) => i.email?.topic === 'payment_received')).toBeUndefined();
    expect(items.find((i) => i.email?.topic === 'appraiser_assigned')).toBeDefined();
    expect(items.find((i) => i.type === 'payment')).toBeDefined();
    expect(items.find((i) => i.note?.subject === 'Access')).toBeDefined();
    // Its notes and files lists say the same.
    const notes = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${order.id}/notes`,
        headers: { 'X-Api-Key': world.client },
      })
    ).json<{ id: string }[]>();
    expect(
      items
        .filter((i) => i.type === 'note')
        .map((i) => i.id)
        .sort(),
    ).toEqual(notes.map((n) => n.id).sort());
  });

  it("shows the appraiser their own side from the offer on: no payments, the lender's emails or notes", async () => {
    const items = await everything(world.appraiser, order.id);
    const text = JSON.stringify(items);
    expect(items.find((i) => i.type === 'payment')).toBeUndefined();
    expect(text).not.toContain('Between us');
    expect(text).not.toContain('agent@realty.example');
    expect(text).not.toContain('payer@borrower.example');
    expect(items.find((i) => i.email?.topic === 'appraiser_assigned')).toBeUndefined();
    expect(items.find((i) => i.email?.topic === 'new_offer')).toBeDefined();
    expect(items.find((i) => i.file?.filename === 'engagement-terms.pdf')).toBeDefined();
    // Their history starts with the offer to them: the order's creation is not theirs.
    expect(items.find((i) => i.change?.action === 'create')).toBeUndefined();
    expect(items.filter((i) => i.change).at(-1)!.change!.action).toBe('assign');
  });

  it('names whom a change was made for when someone acted for them, and no one otherwise', async () => {
    const acted = await placeOrder(t.app, t.db, world.demo);
    const held = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${acted.id}/hold`,
      headers: { 'X-Api-Key': world.staff, 'X-Api-Email': world.demo.users.client.email },
      payload: { reason: 'Asked by phone' },
    });
    expect(held.statusCode, held.body).toBe(200);
    const items = await everything(world.staff, acted.id);
    expect(items.find((i) => i.change?.action === 'hold')).toMatchObject({
      actor: { id: world.demo.users.staff.id },
      acting_for: { id: world.demo.users.client.id },
    });
    expect(items.find((i) => i.change?.action === 'create')!.acting_for).toBeNull();
    const records = items.filter((i) => i.type !== 'status_change' && i.type !== 'order_change');
    for (const record of records) expect(record.acting_for).toBeNull();
  });

  it('pages newest or oldest first', async () => {
    const all = await everything(world.staff, order.id);
    const first = (await timeline(world.staff, order.id, '?per_page=3')).json<Page>();
    expect(first.data.map((i) => i.id)).toEqual(all.slice(0, 3).map((i) => i.id));
    expect(first.pagination).toMatchObject({
      current_page: 1,
      per_page: 3,
      total_count: all.length,
      total_pages: Math.ceil(all.length / 3),
      has_next_page: true,
      has_prev_page: false,
    });
    const second = (await timeline(world.staff, order.id, '?per_page=3&page=2')).json<Page>();
    expect(second.data.map((i) => i.id)).toEqual(all.slice(3, 6).map((i) => i.id));
    expect(second.pagination.has_prev_page).toBe(true);
    const oldest = (await timeline(world.staff, order.id, '?sort=oldest&per_page=100')).json<Page>();
    expect(oldest.data.map((i) => i.id)).toEqual(all.map((i) => i.id).reverse());
    const beyond = (await timeline(world.staff, order.id, '?page=99')).json<Page>();
    expect(beyond.data).toEqual([]);
  });

  it('answers 422 naming the bad field, and 404 for an order the reader cannot see', async () => {
    for (const [query, field] of [
      ['?page=0', 'page'],
      ['?per_page=abc', 'per_page'],
      ['?sort=sideways', 'sort'],
    ] as const) {
      const response = await timeline(world.staff, order.id, query);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    const unassigned = await placeOrder(t.app, t.db, world.demo);
    expect((await timeline(world.appraiser, unassigned.id)).statusCode).toBe(404);
    expect((await timeline(world.staff, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await timeline(world.staff, 'not-an-id')).statusCode).toBe(404);
  });
});
