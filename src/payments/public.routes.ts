import { Type } from 'typebox';
import type { FastifyReply } from 'fastify';
import type { AppDeps, AppInstance } from '../app-types.ts';
import { formatDate } from '../format/dates.ts';
import { centsToCurrency } from '../format/money.ts';
import { fullAddress } from '../orders/order.mapper.ts';
import { invoiceStrategy } from '../orders/order.enums.ts';
import { payableOrderQuery } from './payment.repository.ts';
import { invoiceLines, paidBy, payBalance, type PaymentDeps } from './payment.service.ts';
import { renderPayPage, type PayPageModel } from './hosted-page.ts';
import { renderPdf } from './pdf.ts';
import { passesLuhn, type CardDetails } from './provider.ts';

/**
 * The pages and documents behind signed links: the hosted payment page, the invoice PDF and
 * the payment receipts. The link's signature is the credential; no API key.
 */
const Signed = Type.Object({
  expires: Type.Optional(Type.String()),
  signature: Type.Optional(Type.String()),
});
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

const PayForm = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 100 })),
  number: Type.Optional(Type.String({ maxLength: 40 })),
  exp_month: Type.Optional(Type.String({ maxLength: 4 })),
  exp_year: Type.Optional(Type.String({ maxLength: 4 })),
  cvc: Type.Optional(Type.String({ maxLength: 8 })),
});

function readCard(form: Record<string, string | undefined>): { card: CardDetails } | { error: string } {
  const number = (form.number ?? '').replace(/[\s-]/g, '');
  const month = Number(form.exp_month);
  const yearText = (form.exp_year ?? '').trim();
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  const name = (form.name ?? '').trim();
  if (!name) return { error: 'Enter the name on the card.' };
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number)) return { error: 'The card number is not valid.' };
  if (!Number.isInteger(month) || month < 1 || month > 12 || !/^\d{2}(\d{2})?$/.test(yearText))
    return { error: 'Enter the expiry as month and year.' };
  const now = new Date();
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1))
    return { error: 'The card has expired.' };
  if (!/^\d{3,4}$/.test((form.cvc ?? '').trim())) return { error: 'The CVC is 3 or 4 digits.' };
  return { card: { number, expMonth: month, expYear: year, cvc: form.cvc!.trim(), name } };
}

export function registerPaymentPages(app: AppInstance, deps: AppDeps & PaymentDeps): void {
  const { db, links, config } = deps;

  const verify = (kind: string, id: string, query: { expires?: string; signature?: string }) =>
    links.verify(kind, id, query.expires, query.signature);
  const page = (reply: FastifyReply, status: number, model: PayPageModel) =>
    reply.status(status).headers(PAGE_HEADERS).send(renderPayPage(model));
  const refused = (reply: FastifyReply, verdict: 'expired' | 'invalid') =>
    reply
      .status(403)
      .headers(PAGE_HEADERS)
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Link not valid</title></head><body><h1>This payment link ${verdict === 'expired' ? 'has expired' : 'is not valid'}</h1><p>Ask for a new payment link.</p></body></html>`,
      );

  async function model(orderId: string, action: string) {
    const order = await payableOrderQuery(db).where('orders.id', '=', orderId).executeTakeFirst();
    if (!order) return null;
    const balance = BigInt(order.total_fee_cents) - BigInt(order.paid_cents);
    return {
      order,
      balance,
      base: {
        companyName: order.company_name,
        fileNumber: order.file_number,
        address: fullAddress(order),
        balance: centsToCurrency(balance),
        sandbox: deps.payments.sandbox,
        action,
      },
    };
  }

  const params = Type.Object({ order_id: Type.String() });
  app.get(
    '/pay/:order_id',
    { schema: { hide: true, params, querystring: Signed } },
    async (request, reply) => {
      const verdict = await verify('pay', request.params.order_id, request.query);
      if (verdict !== 'ok') return refused(reply, verdict);
      const found = await model(request.params.order_id, request.url);
      if (!found) return refused(reply, 'invalid');
      const due = found.balance > 0n && found.order.status !== 'Cancelled';
      return page(reply, 200, {
        ...found.base,
        showForm: due,
        ...(due ? {} : { message: { kind: 'info', text: 'Nothing is due on this order.' } }),
      });
    },
  );

  app.post(
    '/pay/:order_id',
    { schema: { hide: true, params, querystring: Signed, body: PayForm } },
    async (request, reply) => {
      const verdict = await verify('pay', request.params.order_id, request.query);
      if (verdict !== 'ok') return refused(reply, verdict);
      const found = await model(request.params.order_id, request.url);
      if (!found) return refused(reply, 'invalid');
      const values = { name: request.body.name ?? '' };
      const read = readCard(request.body);
      if ('error' in read)
        return page(reply, 422, {
          ...found.base,
          showForm: true,
          values,
          message: { kind: 'error', text: read.error },
        });
      const result = await payBalance(deps, found.order.id, read.card);
      switch (result.outcome) {
        case 'paid':
          return page(reply, 200, {
            ...found.base,
            balance: centsToCurrency(0),
            showForm: false,
            message: {
              kind: 'success',
              text: `Thank you: ${centsToCurrency(result.amountCents)} was paid with ${result.brand} **** ${result.last4}.`,
            },
            receiptLink: await links.link('receipts', result.paymentId),
          });
        case 'nothing_due':
          return page(reply, 409, {
            ...found.base,
            showForm: false,
            message: { kind: 'info', text: 'Nothing is due on this order: it has already been paid.' },
          });
        case 'declined':
          return page(reply, 402, {
            ...found.base,
            showForm: true,
            values,
            message: { kind: 'error', text: `${result.message}. Nothing was charged.` },
          });
        case 'retry':
          return page(reply, 503, {
            ...found.base,
            showForm: true,
            values,
            message: { kind: 'error', text: result.message },
          });
      }
    },
  );

  app.get(
    '/invoices/:order_id',
    { schema: { hide: true, params, querystring: Signed } },
    async (request, reply) => {
      const verdict = await verify('invoices', request.params.order_id, request.query);
      if (verdict !== 'ok') return refused(reply, verdict);
      const order = await payableOrderQuery(db)
        .where('orders.id', '=', request.params.order_id)
        .executeTakeFirst();
      if (!order) return refused(reply, 'invalid');
      const lines = await invoiceLines(db, order);
      const pdf = await renderPdf({
        title: 'Invoice',
        subtitle: `${order.company_name} to ${order.client_name}, order ${order.file_number}, ${fullAddress(order)}`,
        lines: lines.map((l) => [l.name, centsToCurrency(l.cents)]),
        totals: [
          ['Total', centsToCurrency(order.total_fee_cents)],
          ['Paid', centsToCurrency(order.paid_cents)],
          ['Balance due', centsToCurrency(BigInt(order.total_fee_cents) - BigInt(order.paid_cents))],
        ],
        footer: `Invoice strategy: ${invoiceStrategy(order.payment_method)}. Issued ${formatDate(new Date(), config.timeZone)}.`,
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="invoice-${order.file_number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );

  app.get(
    '/receipts/:payment_id',
    { schema: { hide: true, params: Type.Object({ payment_id: Type.String() }), querystring: Signed } },
    async (request, reply) => {
      const verdict = await verify('receipts', request.params.payment_id, request.query);
      if (verdict !== 'ok') return refused(reply, verdict);
      const payment = await db
        .selectFrom('payments')
        .selectAll()
        .where('id', '=', request.params.payment_id)
        .where('status', '=', 'succeeded')
        .executeTakeFirst();
      if (!payment) return refused(reply, 'invalid');
      const order = await payableOrderQuery(db)
        .where('orders.id', '=', payment.order_id)
        .executeTakeFirstOrThrow();
      const pdf = await renderPdf({
        title: 'Receipt',
        subtitle: `${order.company_name}, order ${order.file_number}, ${fullAddress(order)}`,
        lines: [
          ['Paid on', formatDate(payment.confirmed_at ?? payment.created_at, config.timeZone)!],
          ['Method', `${payment.card_brand ?? 'Card'}, ${paidBy(payment)}`],
          ['Payer', payment.payer_name ?? ''],
          ['Reference', payment.provider_reference ?? payment.id],
        ],
        totals: [['Amount paid', centsToCurrency(payment.amount_cents)]],
        footer: payment.provider === 'sandbox' ? 'Sandbox payment: no real card was charged.' : undefined,
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="receipt-${order.file_number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );
}
