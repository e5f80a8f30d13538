import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { LinkSigner } from '../../src/storage/signed-links.ts';
import { useTestApp } from '../helpers/app.ts';
import { placeOrder, statusOf } from '../helpers/orders.ts';
import { pdfText } from '../helpers/pdf.ts';
import { emailWorker, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

const t = useTestApp();
let demo: DemoWorld;
let other: DemoWorld;
let smtp: TestSmtpServer;

beforeAll(async () => {
  demo = await seedDemo(t.db);
  other = await seedDemo(t.db);
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.stop();
});

const summary = async (orderId: string, key = demo.users.client.api_key) =>
  t.app.inject({ method: 'GET', url: `/api/v1/orders/${orderId}/payments`, headers: { 'X-Api-Key': key } });
const pathOf = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};
const payForm = (card: string, extra: Record<string, string> = {}) =>
  new URLSearchParams({
    name: 'Bea Borrower',
    number: card,
    exp_month: '12',
    exp_year: String(new Date().getUTCFullYear() + 2),
    cvc: '123',
    ...extra,
  }).toString();
const pay = (link: string, card: string, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: pathOf(link),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: payForm(card, extra),
  });

describe('the payments summary and paying by card on the hosted page', () => {
  it('pays the balance with a sandbox card: the summary shows it, the receipt PDF carries the amount', async () => {
    const order = await placeOrder(t.app, t.db, demo, { payment_method: 'payment_link' });
    const before = (await summary(order.id)).json();
    expect(before).toMatchObject({
      balance: expect.stringMatching(/^\$\d{1,3}(,\d{3})*\.\d{2}$/),
      total_paid: '$0.00',
      items: [{ amount: expect.stringMatching(/^\$/), product_name: expect.any(String) }],
      payments: [],
      input_credit_card_link: expect.stringMatching(/^http:\/\/localhost:3000\/pay\//),
      pdf_link: expect.stringMatching(/^http:\/\/localhost:3000\/invoices\//),
    });
    expect(before.total).toBe(before.balance);

    const page = await t.app.inject({ method: 'GET', url: pathOf(before.input_credit_card_link) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(page.body).toContain('SANDBOX');
    expect(page.body).toContain(`Pay ${before.balance}`);

    const declined = await pay(before.input_credit_card_link, '4000000000000002');
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toMatch(/declined/);
    expect((await summary(order.id)).json()).toMatchObject({ balance: before.balance, payments: [] });

    const retry = await pay(before.input_credit_card_link, '4000000000000119');
    expect(retry.statusCode).toBe(503);
    expect((await summary(order.id)).json().balance).toBe(before.balance);

    const paid = await pay(before.input_credit_card_link, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('**** 4242');
    // The card number is never echoed back into the page (only the sandbox's list of test cards shows numbers).
    expect(paid.body).not.toMatch(/name="number"[^>]*value=/);

    const after = (await summary(order.id)).json();
    expect(after).toMatchObject({ balance: '$0.00', total: before.total, total_paid: before.total });
    expect(after.payments).toEqual([
      {
        amount: before.total,
        confirmed_at: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
        created_at: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
        method: 'credit_card',
        paid_by: 'Paid with **** 4242',
        receipt_link: expect.stringMatching(/^http:\/\/localhost:3000\/receipts\//),
      },
    ]);
    const receipt = await t.app.inject({ method: 'GET', url: pathOf(after.payments[0].receipt_link) });
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const receiptText = await pdfText(receipt.rawPayload);
    expect(receiptText).toContain(before.total);
    expect(receiptText).toContain('**** 4242');
    expect(receiptText).not.toContain('4242424242424242');

    const invoice = await t.app.inject({ method: 'GET', url: pathOf(after.pdf_link) });
    const invoiceText = await pdfText(invoice.rawPayload);
    expect(invoiceText).toContain('Invoice');
    expect(invoiceText).toContain(before.items[0].product_name);
    expect(invoiceText).toContain(before.total);

    const stored = await t.db.selectFrom('payments').selectAll().where('order_id', '=', order.id).execute();
    expect(JSON.stringify(stored)).not.toMatch(/4242424242424242|4000000000000002/);
    expect(stored.map((p) => p.status).sort()).toEqual(['declined', 'failed', 'succeeded']);

    const again = await pay(before.input_credit_card_link, '4242424242424242');
    expect(again.statusCode).toBe(409);
    expect(
      await t.db
        .selectFrom('payments')
        .select('id')
        .where('order_id', '=', order.id)
        .where('status', '=', 'succeeded')
        .execute(),
    ).toHaveLength(1);
  });

  it('moves an order waiting for payment on, and records it in the history', async () => {
    const order = await placeOrder(t.app, t.db, demo, { payment_method: 'payment_link' });
    await t.db
      .updateTable('orders')
      .set({ status: 'Completion payment hold' })
      .where('id', '=', order.id)
      .execute();
    const link = (await summary(order.id)).json().input_credit_card_link;
    expect((await pay(link, '4242424242424242')).statusCode).toBe(200);
    expect(await statusOf(t.app, demo.users.client.api_key, order.id)).toBe('Completed');
    const history = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${order.id}/history`,
        headers: { 'X-Api-Key': demo.users.staff.api_key },
      })
    ).json();
    expect(history.at(-1)).toMatchObject({
      action: 'payment_received',
      from: 'Completion payment hold',
      to: 'Completed',
      details: { amount: expect.any(String) },
    });

    const upfront = await placeOrder(t.app, t.db, demo, { payment_method: 'credit_card' });
    await t.db
      .updateTable('orders')
      .set({ status: 'Completion requested' })
      .where('id', '=', upfront.id)
      .execute();
    const cardLink = (await summary(upfront.id)).json().input_credit_card_link;
    expect((await pay(cardLink, '4000000000009995')).statusCode).toBe(402);
    expect(await statusOf(t.app, demo.users.client.api_key, upfront.id)).toBe('Completion payment hold');
  });

  it('refuses bad card details, tampered and expired links', async () => {
    const order = await placeOrder(t.app, t.db, demo);
    const link = (await summary(order.id)).json().input_credit_card_link;
    for (const [card, extra] of [
      ['4242424242424241', {}],
      ['4242', {}],
      ['4242424242424242', { exp_year: '2001' }],
      ['4242424242424242', { exp_month: '13' }],
      ['4242424242424242', { cvc: '1' }],
      ['4242424242424242', { name: ' ' }],
    ] as const) {
      const response = await pay(link, card, extra);
      expect(response.statusCode, `${card} ${JSON.stringify(extra)}`).toBe(422);
    }
    expect(
      await t.db.selectFrom('payments').select('id').where('order_id', '=', order.id).execute(),
    ).toHaveLength(0);
    const tampered = link.replace(
      /signature=(.)/,
      (_m: string, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`,
    );
    expect((await t.app.inject({ method: 'GET', url: pathOf(tampered) })).statusCode).toBe(403);
    expect((await pay(tampered, '4242424242424242')).statusCode).toBe(403);
    const expired = await new LinkSigner(t.db, t.config.publicBaseUrl, 60).link(
      'pay',
      order.id,
      Date.now() - 3_600_000,
    );
    expect((await t.app.inject({ method: 'GET', url: pathOf(expired) })).statusCode).toBe(403);
    expect((await summary(order.id)).json().balance).not.toBe('$0.00');
  });

  it('is for the client, the company and operators: appraisers 403, other tenants 404', async () => {
    const order = await placeOrder(t.app, t.db, demo);
    await t.db
      .updateTable('orders')
      .set({ appraiser_id: demo.users.appraiser.id })
      .where('id', '=', order.id)
      .execute();
    expect((await summary(order.id, demo.users.staff.api_key)).statusCode).toBe(200);
    expect((await summary(order.id, demo.users.appraiser.api_key)).statusCode).toBe(403);
    expect((await summary(order.id, other.users.client.api_key)).statusCode).toBe(404);
  });
});

describe('POST /api/v1/orders/{id}/send_payment_link', () => {
  const send = (orderId: string, payload: unknown, key = demo.users.client.api_key) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${orderId}/send_payment_link`,
      headers: { 'X-Api-Key': key, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  it('emails each recipient a working link', async () => {
    const order = await placeOrder(t.app, t.db, demo, { payment_method: 'payment_link' });
    const response = await send(order.id, { emails: ['bea@borrower.example', 'Cody@Borrower.example'] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true });

    const worker = emailWorker(t.db, t.config, smtp);
    await worker.runOnce();
    const messages = await smtp.waitForMessages(2);
    const recipients = messages.map((m) => (Array.isArray(m.to) ? m.to[0] : m.to)!.value[0]!.address).sort();
    expect(recipients).toEqual(['bea@borrower.example', 'cody@borrower.example']);
    for (const message of messages) {
      expect(message.subject).toBe(`Payment requested: appraisal ${order.file_number}`);
      const link = /(http:\/\/localhost:3000\/pay\/\S+)/.exec(message.text!)![1]!;
      const page = await t.app.inject({ method: 'GET', url: pathOf(link) });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(order.file_number);
    }
    const history = await t.db
      .selectFrom('order_history')
      .select('action')
      .where('order_id', '=', order.id)
      .execute();
    expect(history.map((h) => h.action)).toContain('send_payment_link');
  });

  it('takes the recipients under email too, or as a bare array', async () => {
    const order = await placeOrder(t.app, t.db, demo);
    expect((await send(order.id, { email: ['a@x.example'] })).statusCode).toBe(200);
    expect((await send(order.id, { email: 'b@x.example' })).statusCode).toBe(200);
    expect((await send(order.id, ['c@x.example'])).statusCode).toBe(200);
  });

  it('names each invalid address, sends nothing; refuses appraisers and strangers', async () => {
    const order = await placeOrder(t.app, t.db, demo);
    const outbox = async () => (await t.db.selectFrom('outbox_messages').select('id').execute()).length;
    const before = await outbox();
    const bad = await send(order.id, { emails: ['ok@x.example', 'not-an-email', 42] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.details.map((d: { field: string }) => d.field)).toEqual([
      'emails[1]',
      'emails[2]',
    ]);
    expect((await send(order.id, {})).statusCode).toBe(422);
    expect((await send(order.id, { emails: [] })).statusCode).toBe(422);
    await t.db
      .updateTable('orders')
      .set({ appraiser_id: demo.users.appraiser.id })
      .where('id', '=', order.id)
      .execute();
    expect((await send(order.id, { emails: ['a@x.example'] }, demo.users.appraiser.api_key)).statusCode).toBe(
      403,
    );
    expect((await send(order.id, { emails: ['a@x.example'] }, other.users.staff.api_key)).statusCode).toBe(
      404,
    );
    expect(await outbox()).toBe(before);
  });
});

describe('PATCH /api/v1/orders/{id}/update_payment_method', () => {
  const patch = (orderId: string, payload: unknown, key = demo.users.client.api_key) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/orders/${orderId}/update_payment_method`,
      headers: { 'X-Api-Key': key },
      payload: payload as object,
    });

  it('changes the method and with it the invoice strategy; anything else answers 422', async () => {
    const order = await placeOrder(t.app, t.db, demo);
    expect((await patch(order.id, { payment_method: 'credit_card' })).json()).toEqual({ success: true });
    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${order.id}`,
        headers: { 'X-Api-Key': demo.users.client.api_key },
      })
    ).json();
    expect(detail).toMatchObject({
      payment_method: 'credit_card',
      invoice_strategy: 'invoice_client_credit_card',
    });
    for (const payload of [{ payment_method: 'cash' }, {}, { payment_method: 3 }]) {
      const response = await patch(order.id, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json().error.details[0].field).toBe('payment_method');
    }
    await t.db
      .deleteFrom('company_payment_methods')
      .where('company_id', '=', demo.company_id)
      .where('method', '=', 'invoice')
      .execute();
    expect((await patch(order.id, { payment_method: 'invoice' })).statusCode).toBe(422);
    expect(
      (await patch(order.id, { payment_method: 'payment_link' }, other.users.client.api_key)).statusCode,
    ).toBe(404);
  });
});

describe('money', () => {
  it('sums fees exactly: 0.10 + 0.20 is $0.30', async () => {
    const products = await t.db
      .insertInto('products')
      .values([
        { company_id: demo.company_id, name: 'Ten cents', fee_cents: 10 },
        { company_id: demo.company_id, name: 'Twenty cents', fee_cents: 20 },
      ])
      .returning('id')
      .execute();
    await t.db
      .insertInto('client_products')
      .values(products.map((p) => ({ client_id: demo.client_id, product_id: p.id })))
      .execute();
    const order = await placeOrder(t.app, t.db, demo, {
      product_ids: products.map((p) => p.id),
      payment_method: 'payment_link',
    });
    const paymentsSummary = (await summary(order.id)).json();
    expect(paymentsSummary.total).toBe('$0.30');
    expect(paymentsSummary.items.map((i: { amount: string }) => i.amount)).toEqual(['$0.10', '$0.20']);
    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${order.id}`,
        headers: { 'X-Api-Key': demo.users.client.api_key },
      })
    ).json();
    expect(detail.total_fee).toBe('0.30');
    expect(detail.decimal_balance).toBe('0.30');
  });
});
