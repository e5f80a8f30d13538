import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseDateTime } from '../../src/format/dates.ts';
import { PAGE } from '../../src/payments/pdf.ts';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { createUserWithKey } from '../helpers/factories.ts';
import { pdfText, pdfTextPlaces } from '../helpers/pdf.ts';
import { atInstant } from '../helpers/fake-clock.ts';

/**
 * Monthly statements of account (docs/money.md, "Statements"): the opening balance, the month's
 * entries, the closing balance and its aging, as JSON, CSV and PDF, and every client's at once.
 */
const t = useTestApp();
const world = useDemoWorld(t);

afterEach(() => vi.useRealTimers());

const at = <T>(moment: string, act: () => Promise<T>): Promise<T> =>
  atInstant(parseDateTime(moment, t.config.timeZone)!, act);

const get = (key: string, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { 'X-Api-Key': key } });
const post = (key: string, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { 'X-Api-Key': key }, payload });

type Statement = {
  opening_balance: string;
  charges: string;
  payments: string;
  credits: string;
  closing_balance: string;
  aging: Record<string, string>;
  lines: { kind: string; description: string; amount: string; invoice_number: string }[];
};

describe('statements of account', () => {
  it('carry the balance from month to month, list the month’s entries and age the rest', async () => {
    const order = await world.toInReview({ payment_method: 'invoice', loan_number: 'HC-STMT-0001' });
    await at('2026-10-10T15:00', () => world.step(world.staff, order.id, 'request_completion', 'Completed'));
    const invoice = await t.db
      .selectFrom('invoices as i')
      .innerJoin('orders as o', 'o.id', 'i.order_id')
      .select(['i.id', 'o.total_fee_cents'])
      .where('i.order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    const total = Number(invoice.total_fee_cents) / 100;
    await at('2026-11-05T15:00', () =>
      post(world.staff, `/companies/${world.demo.company_id}/receipts`, {
        client_id: world.demo.client_id,
        method: 'check',
        reference: '10452',
        received_on: '2026-11-05',
        amount: '100.00',
        applications: [{ invoice_id: invoice.id, amount: '100.00' }],
      }),
    ).then((r) => expect(r.statusCode, r.body).toBe(201));
    await at('2026-11-20T15:00', () =>
      post(world.staff, `/invoices/${invoice.id}/credit_notes`, { amount: '20.00', reason: 'Late report' }),
    ).then((r) => expect(r.statusCode, r.body).toBe(200));

    const statement = async (month: string) => {
      const answer = await get(world.client, `/clients/${world.demo.client_id}/statements/${month}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<Statement>();
    };
    const october = await statement('2026-10');
    const november = await statement('2026-11');
    // Other tests' orders of this file may add to the balances: compare the differences.
    expect(Number(october.closing_balance) - Number(october.opening_balance)).toBeCloseTo(
      Number(october.charges),
      2,
    );
    expect(october.lines.map((l) => l.kind)).toContain('charge');
    expect(november.opening_balance).toBe(october.closing_balance);
    expect(november).toMatchObject({ payments: '-100.00', credits: '-20.00', charges: '0.00' });
    expect(november.lines.map((l) => [l.kind, l.description, l.amount])).toEqual([
      ['payment', 'Payment, Check 10452', '-100.00'],
      ['credit_note', expect.stringMatching(/^Credit note CN-\d{8}: Late report$/), '-20.00'],
    ]);
    expect(Number(november.closing_balance)).toBeCloseTo(Number(october.closing_balance) - 120, 2);
    // Due 9 November (net 30 from 10 October): 21 days past due on 30 November.
    expect(Number(november.aging.days_1_30)).toBeGreaterThanOrEqual(total - 120 - 0.001);

    const csv = await get(world.client, `/clients/${world.demo.client_id}/statements/2026-11/export`);
    expect(csv.statusCode).toBe(200);
    const rows = csv.body.trimEnd().split('\r\n');
    expect(rows[0]).toBe('date,invoice,file_number,borrower,loan_number,description,amount');
    expect(rows[1]).toBe(`,,,,,Opening balance,${november.opening_balance}`);
    expect(rows.at(-1)).toBe(`,,,,,Closing balance,${november.closing_balance}`);
    expect(rows[2]).toContain('HC-STMT-0001,"Payment, Check 10452",-100.00');

    const pdf = await get(world.staff, `/clients/${world.demo.client_id}/statements/2026-11/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    for (const expected of [
      'Statement of account',
      'Statement for',
      'Opening balance',
      'Closing balance',
      'Check 10452',
      'HC-STMT-0001',
      'Late report',
    ])
      expect(text, expected).toContain(expected);
    const outside = (await pdfTextPlaces(pdf.rawPayload)).filter(
      (p) => p.left < PAGE.margin - 0.5 || p.right > p.pageWidth - PAGE.margin + 0.5,
    );
    expect(outside).toEqual([]);
    if (['/usr/bin/pdftoppm', '/usr/local/bin/pdftoppm'].some((p) => existsSync(p))) {
      const file = path.join(os.tmpdir(), 'statement-2026-11.pdf');
      writeFileSync(file, pdf.rawPayload);
      execFileSync('pdftoppm', ['-png', '-r', '60', '-singlefile', file, file.replace(/\.pdf$/, '')]);
    }

    const all = await get(world.staff, `/companies/${world.demo.company_id}/statements/2026-11/export`);
    expect(all.statusCode).toBe(200);
    const line = all.body.split('\r\n').find((r) => r.startsWith(world.demo.client_id))!;
    expect(line.split(',').slice(3, 8)).toEqual([
      november.opening_balance,
      november.charges,
      november.payments,
      november.credits,
      november.closing_balance,
    ]);
  });

  it('are for those who see all of the client’s orders, and the company that serves it', async () => {
    const url = `/clients/${world.demo.client_id}/statements/2026-11`;
    expect((await get(world.appraiser, url)).statusCode).toBe(403);
    const own = await createUserWithKey(t.db, 'client', { id: world.demo.client_id, name: 'x' });
    await t.db
      .updateTable('organizations')
      .set({ order_visibility: 'own' })
      .where('id', '=', world.demo.client_id)
      .execute();
    try {
      expect((await get(own.key, url)).statusCode).toBe(403);
    } finally {
      await t.db
        .updateTable('organizations')
        .set({ order_visibility: 'all' })
        .where('id', '=', world.demo.client_id)
        .execute();
    }
    const { createCompany } = await import('../helpers/factories.ts');
    const other = await createUserWithKey(t.db, 'staff', await createCompany(t.db), { admin: true });
    expect((await get(other.key, url)).statusCode).toBe(404);
    expect(
      (await get(other.key, `/companies/${world.demo.company_id}/statements/2026-11/export`)).statusCode,
    ).toBe(404);
    for (const month of ['2026-13', 'November']) {
      const answer = await get(world.staff, `/clients/${world.demo.client_id}/statements/${month}`);
      expect(answer.statusCode, month).toBe(422);
      expect(answer.json<{ error: { details: { field: string }[] } }>().error.details[0]!.field).toBe(
        'month',
      );
    }
  });
});
