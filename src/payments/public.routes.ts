import { Type } from 'typebox';
import type { FastifyReply } from 'fastify';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { renderPayPage } from './hosted-page.ts';
import {
  invoicePdf,
  receiptPdf,
  showPayPage,
  submitPayPage,
  type PageAnswer,
  type PdfAnswer,
  type Refusal,
} from './payment-pages.service.ts';
import type { PaymentDeps } from './payment.service.ts';

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
  // Nothing of the page's address (its signature) leaves for another site; the page's own form
  // post names its origin, as the check of other sites' posts asks (http/same-origin.ts).
  'referrer-policy': 'same-origin',
  'cache-control': 'no-store',
};

const PayForm = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 100 })),
  number: Type.Optional(Type.String({ maxLength: 40 })),
  exp_month: Type.Optional(Type.String({ maxLength: 4 })),
  exp_year: Type.Optional(Type.String({ maxLength: 4 })),
  cvc: Type.Optional(Type.String({ maxLength: 8 })),
});

export function registerPaymentPages(app: AppInstance, deps: AppDeps & PaymentDeps): void {
  const page = (reply: FastifyReply, answer: PageAnswer | Refusal) => {
    if ('refused' in answer) return refused(reply, answer.refused);
    if (answer.retryAfterSeconds !== undefined) void reply.header('retry-after', answer.retryAfterSeconds);
    return reply.status(answer.status).headers(PAGE_HEADERS).send(renderPayPage(answer.model));
  };
  const pdf = (reply: FastifyReply, answer: PdfAnswer | Refusal) => {
    if ('refused' in answer) return refused(reply, answer.refused);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${answer.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(answer.pdf));
  };

  const params = Type.Object({ order_id: Type.String() });
  app.get('/pay/:order_id', { schema: { hide: true, params, querystring: Signed } }, async (request, reply) =>
    page(reply, await showPayPage(deps, request.params.order_id, request.query, request.url)),
  );
  app.post(
    '/pay/:order_id',
    { schema: { hide: true, params, querystring: Signed, body: PayForm } },
    async (request, reply) =>
      page(
        reply,
        await submitPayPage(deps, request.params.order_id, request.query, request.url, request.body),
      ),
  );
  app.get(
    '/invoices/:order_id',
    { schema: { hide: true, params, querystring: Signed } },
    async (request, reply) => pdf(reply, await invoicePdf(deps, request.params.order_id, request.query)),
  );
  app.get(
    '/receipts/:payment_id',
    { schema: { hide: true, params: Type.Object({ payment_id: Type.String() }), querystring: Signed } },
    async (request, reply) => pdf(reply, await receiptPdf(deps, request.params.payment_id, request.query)),
  );
}

function refused(reply: FastifyReply, verdict: 'expired' | 'invalid') {
  return reply
    .status(403)
    .headers(PAGE_HEADERS)
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Link not valid</title></head><body><h1>This payment link ${verdict === 'expired' ? 'has expired' : 'is not valid'}</h1><p>Ask for a new payment link.</p></body></html>`,
    );
}
