import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoiceNumber } from '../../src/ledger/document-numbers.ts';
import { invoiceContent, receiptContent } from '../../src/payments/payment-documents.ts';
import type { PaymentRow } from '../../src/payments/payment.repository.ts';
import { PAGE, renderPdf } from '../../src/payments/pdf.ts';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { useTestApp } from '../helpers/app.ts';
import { placeOrder } from '../helpers/orders.ts';
import { payByCard } from '../helpers/payments.ts';
import { pdfText, pdfTextPlaces } from '../helpers/pdf.ts';

/**
 * The invoice and the receipt (docs/payments.md, Documents): what they say (numbers, whom they
 * bill, the borrower, the loan, the property, the lines, the payments applied, the balance), in
 * human words and never an internal code; that they never show the appraiser's fee; and that no
 * text runs off the page, however long a name, an address or a product is.
 */
const t = useTestApp();
let demo: DemoWorld;

const LONG_STREET = '12345 North Lamar Boulevard Northbound Frontage Road Service Lane Building C';
const LONG_LAST = 'Montgomery-Villanueva-Featherstonehaugh-Worthington';
const LONG_PRODUCT =
  'Full Appraisal (1004) with Comparable Rent Schedule (1007), Operating Income Statement (216) and Market Conditions Addendum (1004MC)';
const LONG_CLIENT =
  'Gulf Coast Mortgage & Trust Company of Texas, a Division of Very Long Holdings Incorporated';
const APPRAISER_FEE = '317.45';

beforeAll(async () => {
  demo = await seedDemo(t.db);
  await t.db
    .updateTable('organizations')
    .set({ name: LONG_CLIENT })
    .where('id', '=', demo.client_id)
    .execute();
  await t.db
    .insertInto('organization_addresses')
    .values([
      {
        organization_id: demo.client_id,
        address_one: '1200 Smith Street',
        address_two:
          'Suite 2400, Attention: Appraisal Desk, Mortgage Operations Department, Mail Stop 24-117',
        city: 'Houston',
        state: 'TX',
        zip: '77002',
      },
      {
        organization_id: demo.company_id,
        address_one: '9600 Great Hills Trail',
        address_two: 'Suite 150W',
        city: 'Austin',
        state: 'TX',
        zip: '78759',
      },
    ])
    .execute();
  const product = await t.db
    .insertInto('products')
    .values({ company_id: demo.company_id, name: LONG_PRODUCT, fee_cents: 69500 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('client_products')
    .values({ client_id: demo.client_id, product_id: product.id })
    .execute();
});

const pathOf = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};

/** Every run of text lies between the page's margins. */
async function expectInsideMargins(pdf: Uint8Array) {
  const placed = await pdfTextPlaces(pdf);
  expect(placed.length).toBeGreaterThan(10);
  const outside = placed.filter(
    (p) => p.left < PAGE.margin - 0.5 || p.right > p.pageWidth - PAGE.margin + 0.5,
  );
  expect(outside).toEqual([]);
}

/** With poppler's pdftoppm at hand (apt-get install poppler-utils), a PNG of the first page to look at. */
function pictureOf(pdf: Uint8Array, name: string) {
  if (!['/usr/bin/pdftoppm', '/usr/local/bin/pdftoppm'].some((p) => existsSync(p))) return;
  const file = path.join(os.tmpdir(), `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '60', '-singlefile', file, file.replace(/\.pdf$/, '')]);
}

describe('the invoice and receipt PDFs', () => {
  it('bill the lender for its order, name the borrower, loan and property, apply payments, and stay on the page', async () => {
    const order = await placeOrder(t.app, t.db, demo, {
      address: { street_1: LONG_STREET, street_2: 'Unit 4417-B', city: 'Austin', state: 'TX', zip: '78701' },
      borrower: { first_name: 'Bartholomew', last_name: LONG_LAST, email: 'bart@borrower.example' },
      loan_number: 'HCHL-2026-0042917',
      payment_method: 'credit_card',
      product_ids: [
        (
          await t.db
            .selectFrom('products')
            .select('id')
            .where('name', '=', LONG_PRODUCT)
            .executeTakeFirstOrThrow()
        ).id,
      ],
    });
    const staff = { 'X-Api-Key': demo.users.staff.api_key };
    const assigned = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${order.id}/assign`,
      headers: staff,
      payload: { appraiser_id: demo.users.appraiser.id, fee: APPRAISER_FEE },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(await payByCard(t.app, demo.users.client.api_key, order.id)).toBe(200);
    // The first payment issued the invoice: the company's next number, without gaps.
    const issued = invoiceNumber(
      (
        await t.db
          .selectFrom('invoices')
          .select('number')
          .where('order_id', '=', order.id)
          .executeTakeFirstOrThrow()
      ).number,
    );

    const summary = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${order.id}/payments`,
        headers: { 'X-Api-Key': demo.users.client.api_key },
      })
    ).json<{ pdf_link: string; payments: { receipt_link: string }[] }>();
    const invoice = await t.app.inject({ method: 'GET', url: pathOf(summary.pdf_link) });
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers['content-disposition']).toContain(`${issued}.pdf`);
    const text = (await pdfText(invoice.rawPayload)).replace(/\s+/g, ' ');
    for (const expected of [
      'Invoice',
      `Invoice number ${issued}`,
      'Bill to',
      'Gulf Coast Mortgage & Trust Company of Texas',
      '1200 Smith Street',
      'Houston, TX 77002',
      'Bartholomew',
      'Featherstonehaugh',
      'HCHL-2026-0042917',
      '12345 North Lamar Boulevard',
      'Market Conditions Addendum',
      '$695.00',
      'Total $695.00',
      'Payments applied',
      'Visa **** 4242',
      '-$695.00',
      'Balance due $0.00',
      'Paid in full',
      "The lender's card",
      '9600 Great Hills Trail',
    ])
      expect(text, expected).toContain(expected);
    // Human words only: no payment method, strategy or status code, and never the appraiser's fee.
    for (const internal of [
      'credit_card',
      'invoice_client',
      'invoice_borrower',
      'payment_link',
      APPRAISER_FEE,
      '317',
    ])
      expect(text, internal).not.toContain(internal);
    await expectInsideMargins(invoice.rawPayload);
    pictureOf(invoice.rawPayload, 'invoice-long-fields');

    const receipt = await t.app.inject({ method: 'GET', url: pathOf(summary.payments[0]!.receipt_link) });
    expect(receipt.statusCode).toBe(200);
    const receiptText = (await pdfText(receipt.rawPayload)).replace(/\s+/g, ' ');
    for (const expected of [
      'Receipt',
      `RCT-${issued.slice(4)}-1`,
      issued,
      'Received from Bea Borrower',
      'Gulf Coast Mortgage & Trust Company of Texas',
      'HCHL-2026-0042917',
      'Featherstonehaugh',
      '12345 North Lamar Boulevard',
      'Visa **** 4242',
      'Amount paid $695.00',
      'Sandbox payment',
    ])
      expect(receiptText, expected).toContain(expected);
    expect(receiptText).not.toContain('4242424242424242');
    expect(receiptText).not.toContain(APPRAISER_FEE);
    await expectInsideMargins(receipt.rawPayload);
    pictureOf(receipt.rawPayload, 'receipt-long-fields');
  });

  it('breaks words wider than a line and goes on to a new page rather than off the bottom', async () => {
    const order = {
      id: 'x',
      file_number: 'AOM-00000042',
      status: 'Completed' as const,
      client_id: 'c',
      company_id: 'co',
      appraiser_id: null,
      updated_at: new Date(),
      payment_method: 'invoice',
      total_fee_cents: '4500000',
      paid_cents: '0',
      credited_cents: '0',
      address_one: 'A'.repeat(150),
      address_two: null,
      city: 'Austin',
      state_id: '48',
      zip: '78701',
      company_name: 'W'.repeat(120),
      client_name: 'Lender',
    };
    const facts = {
      loanNumber: '9'.repeat(90),
      placedAt: new Date(),
      borrowers: ['M'.repeat(100)],
      companyAddress: null,
      clientAddress: null,
      invoice: { number: '42', issued_at: new Date(), due_on: '2026-12-31' },
      credits: [],
    };
    const lines = Array.from({ length: 60 }, (_, i) => ({ name: `${LONG_PRODUCT} ${i}`, cents: 75000n }));
    const pdf = await renderPdf(
      invoiceContent({ order, facts, lines, payments: [], timeZone: 'UTC', issuedAt: new Date() }),
    );
    const placed = await pdfTextPlaces(pdf);
    expect(new Set(placed.map((p) => p.page)).size).toBeGreaterThan(1);
    await expectInsideMargins(pdf);
    const payment = {
      id: 'p',
      amount_cents: '4500000',
      method: 'credit_card',
      card_brand: 'Visa',
      card_last4: '4242',
      payer_name: 'P'.repeat(140),
      provider: 'sandbox',
      provider_reference: 'sandbox_' + 'r'.repeat(120),
      created_at: new Date(),
      confirmed_at: new Date(),
    } as unknown as PaymentRow;
    const receipt = await renderPdf(
      receiptContent({ order, facts, payment, place: 1, timeZone: 'UTC', sandbox: true }),
    );
    await expectInsideMargins(receipt);
  });
});
