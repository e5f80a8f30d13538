import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseDateTime } from '../../src/format/dates.ts';
import { issueInvoice } from '../../src/ledger/ledger.ts';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { createUserWithKey } from '../helpers/factories.ts';
import { placeOrder } from '../helpers/orders.ts';
import { payByCard } from '../helpers/payments.ts';
import { atInstant } from '../helpers/fake-clock.ts';

/**
 * What lenders owe (docs/money.md, "Receivables"): invoices numbered without gaps when issued,
 * the ledger of each, checks applied, credit notes and write-offs, aging, and who may see what.
 */
const t = useTestApp();
const world = useDemoWorld(t);

afterEach(() => vi.useRealTimers());

type Invoice = {
  id: string;
  number: string;
  balance: string;
  total: string;
  paid: string;
  credited: string;
  state: string;
  due_on: string;
  days_past_due: number;
  aging: string | null;
};

const api = (key: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { 'X-Api-Key': key },
    ...(payload ? { payload } : {}),
  });

const at = <T>(moment: string, act: () => Promise<T>): Promise<T> =>
  atInstant(parseDateTime(moment, t.config.timeZone)!, act);

/** An invoiced order walked to Completed: its invoice issued at the delivery. */
async function delivered(moment = '2026-11-20T10:00'): Promise<{ orderId: string; invoice: Invoice }> {
  const order = await world.toInReview({ payment_method: 'invoice' });
  await at(moment, () => world.step(world.staff, order.id, 'request_completion', 'Completed'));
  const row = await t.db
    .selectFrom('invoices')
    .select('id')
    .where('order_id', '=', order.id)
    .executeTakeFirstOrThrow();
  const answer = await api(world.staff, 'GET', `/invoices/${row.id}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return { orderId: order.id, invoice: answer.json<{ invoice: Invoice }>().invoice };
}

describe('invoice numbers', () => {
  it('are given without gaps when many are issued at once, some of them rolled back', async () => {
    const { demo } = world;
    const orders = await Promise.all(Array.from({ length: 12 }, () => placeOrder(t.app, t.db, demo)));
    const rows = await t.db
      .selectFrom('orders')
      .select(['id', 'company_id', 'client_id', 'total_fee_cents'])
      .where(
        'id',
        'in',
        orders.map((o) => o.id),
      )
      .execute();
    const before = await t.db
      .selectFrom('document_sequences')
      .select('last_number')
      .where('company_id', '=', demo.company_id)
      .where('kind', '=', 'invoice')
      .executeTakeFirst();
    const start = BigInt(before?.last_number ?? 0);
    // Every third transaction fails after taking its number: its number goes back.
    const outcomes = await Promise.allSettled(
      rows.map((order, index) =>
        t.db.transaction().execute(async (trx) => {
          const issued = await issueInvoice(trx, order, 'delivery', { now: new Date(), timeZone: 'UTC' });
          await sql`SELECT pg_sleep(0.01)`.execute(trx);
          if (index % 3 === 0) throw new Error('rolled back');
          return issued.number;
        }),
      ),
    );
    const kept = outcomes.filter((o) => o.status === 'fulfilled').map((o) => o.value);
    expect(kept).toHaveLength(8);
    const numbers = (
      await t.db
        .selectFrom('invoices')
        .select('number')
        .where('company_id', '=', demo.company_id)
        .where('number', '>', start.toString())
        .orderBy('number')
        .execute()
    ).map((r) => BigInt(r.number));
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => start + BigInt(i + 1)));
    expect([...kept].sort((a, b) => (a < b ? -1 : 1))).toEqual(numbers);
  });

  it('the delivery issues the invoice once, due after the client’s terms; a card payment first issues it at the payment', async () => {
    const { invoice } = await delivered('2026-11-30T10:00');
    expect(invoice).toMatchObject({ state: 'open', due_on: '2026-12-30', paid: '0.00', credited: '0.00' });
    expect(invoice.number).toMatch(/^INV-\d{8}$/);
    expect(invoice.balance).toBe(invoice.total);

    const paidFirst = await placeOrder(t.app, t.db, world.demo, { payment_method: 'credit_card' });
    expect(await payByCard(t.app, world.client, paidFirst.id)).toBe(200);
    const issued = await t.db
      .selectFrom('invoices')
      .select(['issued_on'])
      .where('order_id', '=', paidFirst.id)
      .executeTakeFirstOrThrow();
    expect(issued.issued_on).toBe('payment');
  });
});

describe('receipts, credit notes and write-offs', () => {
  it('applies one check to two invoices, credits and writes off the rest, and the ledger adds up', async () => {
    const a = await delivered();
    const b = await delivered();
    const totalA = a.invoice.total;
    const receipt = await api(world.staff, 'POST', `/companies/${world.demo.company_id}/receipts`, {
      client_id: world.demo.client_id,
      method: 'check',
      reference: `CHK-${Date.now()}`,
      received_on: new Date().toISOString().slice(0, 10),
      amount: (Number(totalA) + 100).toFixed(2),
      applications: [
        { invoice_id: a.invoice.id, amount: totalA },
        { invoice_id: b.invoice.id, amount: '100.00' },
      ],
    });
    expect(receipt.statusCode, receipt.body).toBe(201);
    const applied = receipt.json<{ applications: { balance: string }[] }>().applications;
    expect(applied[0]!.balance).toBe('0.00');

    const afterA = (await api(world.staff, 'GET', `/invoices/${a.invoice.id}`)).json<{
      invoice: Invoice;
      entries: { kind: string; amount: string; payment: { method: string; reference: string } | null }[];
    }>();
    expect(afterA.invoice).toMatchObject({ state: 'paid', balance: '0.00', aging: null });
    expect(afterA.entries.map((e) => e.kind)).toEqual(['charge', 'payment']);
    expect(afterA.entries[1]!.payment!.method).toBe('check');

    const credit = await api(world.staff, 'POST', `/invoices/${b.invoice.id}/credit_notes`, {
      amount: '25.00',
      reason: 'Inspection rescheduled twice',
    });
    expect(credit.statusCode, credit.body).toBe(200);
    const credited = credit.json<{ invoice: Invoice; entries: { credit_note_number: string | null }[] }>();
    expect(credited.invoice.credited).toBe('25.00');
    expect(credited.entries.at(-1)!.credit_note_number).toMatch(/^CN-\d{8}$/);

    const writeOff = await api(world.staff, 'POST', `/invoices/${b.invoice.id}/write_offs`, {
      reason: 'Lender closed its doors',
    });
    expect(writeOff.statusCode, writeOff.body).toBe(200);
    expect(writeOff.json<{ invoice: Invoice }>().invoice).toMatchObject({ balance: '0.00', state: 'paid' });
    // Nothing is owed any more: a second write-off has nothing to write off.
    const again = await api(world.staff, 'POST', `/invoices/${b.invoice.id}/write_offs`, { reason: 'again' });
    expect(again.statusCode).toBe(409);
  });

  it('refuses bad receipts and credits by their fields, and keeps nothing', async () => {
    const a = await delivered();
    const counts = async () =>
      Promise.all(
        ['receipts', 'receivable_entries', 'payments'].map(async (table) =>
          Number(
            (await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(t.db)).rows[0]!
              .n,
          ),
        ),
      );
    const before = await counts();
    const base = {
      client_id: world.demo.client_id,
      method: 'ach',
      reference: `ACH-${Date.now()}`,
      received_on: new Date().toISOString().slice(0, 10),
      amount: '10.00',
      applications: [{ invoice_id: a.invoice.id, amount: '10.00' }],
    };
    const company = `/companies/${world.demo.company_id}/receipts`;
    for (const [change, field] of [
      [{ amount: '12.00' }, 'applications'],
      [{ received_on: '2999-01-01' }, 'received_on'],
      [{ method: 'cash' }, 'method'],
      [{ client_id: '00000000-0000-4000-8000-000000000000' }, 'client_id'],
      [{ amount: '0.00', applications: [{ invoice_id: a.invoice.id, amount: '0.00' }] }, 'amount'],
      [
        { applications: [{ invoice_id: '00000000-0000-4000-8000-000000000000', amount: '10.00' }] },
        'applications[0].invoice_id',
      ],
      [
        {
          amount: '20.00',
          applications: [
            { invoice_id: a.invoice.id, amount: '10.00' },
            { invoice_id: a.invoice.id, amount: '10.00' },
          ],
        },
        'applications[1].invoice_id',
      ],
      [
        { amount: '99999.00', applications: [{ invoice_id: a.invoice.id, amount: '99999.00' }] },
        'applications[0].amount',
      ],
    ] as const) {
      const answer = await api(world.staff, 'POST', company, { ...base, ...change });
      expect(answer.statusCode, `${field}: ${answer.body}`).toBe(422);
      expect(
        answer.json<{ error: { details: { field: string }[] } }>().error.details.map((d) => d.field),
      ).toContain(field);
    }
    const tooMuch = await api(world.staff, 'POST', `/invoices/${a.invoice.id}/credit_notes`, {
      amount: '99999.00',
      reason: 'x',
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json<{ error: { details: { field: string }[] } }>().error.details[0]!.field).toBe(
      'amount',
    );
    const noAmount = await api(world.staff, 'POST', `/invoices/${a.invoice.id}/credit_notes`, {
      reason: 'x',
    });
    expect(noAmount.statusCode).toBe(422);
    const noReason = await api(world.staff, 'POST', `/invoices/${a.invoice.id}/write_offs`, { reason: '' });
    expect(noReason.statusCode).toBe(422);
    expect(await counts()).toEqual(before);

    // The same reference twice is the same check: 409, kept once.
    expect((await api(world.staff, 'POST', company, base)).statusCode).toBe(201);
    const twice = await api(world.staff, 'POST', company, base);
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ error: { details: { field: string }[] } }>().error.details[0]!.field).toBe(
      'reference',
    );
  });

  it('lets the lender read its invoices, the company’s admins change them, and no appraiser see them', async () => {
    const a = await delivered();
    const mine = await api(world.client, 'GET', '/invoices?state=open&per_page=100');
    expect(mine.statusCode).toBe(200);
    expect(mine.json<{ invoices: Invoice[] }>().invoices.map((i) => i.id)).toContain(a.invoice.id);
    expect((await api(world.client, 'GET', `/invoices/${a.invoice.id}`)).statusCode).toBe(200);
    expect((await api(world.appraiser, 'GET', `/invoices/${a.invoice.id}`)).statusCode).toBe(403);
    expect((await api(world.appraiser, 'GET', '/invoices')).statusCode).toBe(403);
    expect(
      (await api(world.client, 'POST', `/invoices/${a.invoice.id}/write_offs`, { reason: 'please' }))
        .statusCode,
    ).toBe(403);
    const clerk = await createUserWithKey(t.db, 'staff', { id: world.demo.company_id, name: 'x' });
    expect(
      (
        await api(clerk.key, 'POST', `/invoices/${a.invoice.id}/credit_notes`, {
          amount: '1.00',
          reason: 'x',
        })
      ).statusCode,
    ).toBe(403);
    // Another company's staff: as for none.
    const { createCompany } = await import('../helpers/factories.ts');
    const other = await createUserWithKey(t.db, 'staff', await createCompany(t.db), { admin: true });
    expect((await api(other.key, 'GET', `/invoices/${a.invoice.id}`)).statusCode).toBe(404);
    expect(
      (await api(other.key, 'GET', `/companies/${world.demo.company_id}/receivables/aging`)).statusCode,
    ).toBe(404);
  });
});

describe('aging', () => {
  it('moves an unpaid invoice through the buckets as the days pass, on a fake clock', async () => {
    const { invoice } = await delivered('2026-01-05T10:00');
    expect(invoice.due_on).toBe('2026-02-04');
    const aging = (day: string) =>
      at(`${day}T12:00`, async () => {
        const answer = await api(world.staff, 'GET', `/companies/${world.demo.company_id}/receivables/aging`);
        expect(answer.statusCode, answer.body).toBe(200);
        return answer.json<{
          as_of: string;
          clients: Record<string, unknown>[];
          totals: Record<string, string>;
        }>();
      });
    const seen = async (day: string) => {
      const detail = await at(`${day}T12:00`, () => api(world.staff, 'GET', `/invoices/${invoice.id}`));
      return detail.json<{ invoice: Invoice }>().invoice;
    };
    for (const [day, bucket, late] of [
      ['2026-02-04', 'current', 0],
      ['2026-02-05', 'days_1_30', 1],
      ['2026-03-06', 'days_1_30', 30],
      ['2026-03-07', 'days_31_60', 31],
      ['2026-04-06', 'days_61_90', 61],
      ['2026-05-06', 'days_over_90', 91],
    ] as const) {
      const view = await seen(day);
      expect([view.aging, view.days_past_due], day).toEqual([bucket, late]);
      const figures = await aging(day);
      expect(figures.as_of).toBe(day);
      expect(Number(figures.totals[bucket]), day).toBeGreaterThanOrEqual(Number(invoice.balance));
    }
    // A day before it was issued, the ledger held nothing of it.
    const before = await api(
      world.staff,
      'GET',
      `/companies/${world.demo.company_id}/receivables/aging?as_of=2026-01-04`,
    );
    expect(before.statusCode).toBe(200);
    const bad = await api(
      world.staff,
      'GET',
      `/companies/${world.demo.company_id}/receivables/aging?as_of=2026-02-30`,
    );
    expect(bad.statusCode).toBe(422);
  });
});

describe('the ledger', () => {
  it('adds up, for every invoice, to the order’s total, paid and credited amounts', async () => {
    const { rows } = await sql<{ order_id: string; problem: string }>`
      SELECT i.order_id,
             format('charged %s of %s, paid %s of %s, credited %s of %s',
                    s.charged, o.total_fee_cents, s.paid, o.paid_cents, s.credited, o.credited_cents) AS problem
        FROM invoices i JOIN orders o ON o.id = i.order_id
        CROSS JOIN LATERAL (
          SELECT coalesce(sum(amount_cents) FILTER (WHERE kind IN ('charge', 'adjustment')), 0) AS charged,
                 coalesce(-sum(amount_cents) FILTER (WHERE kind = 'payment'), 0) AS paid,
                 coalesce(-sum(amount_cents) FILTER (WHERE kind IN ('credit_note', 'write_off')), 0) AS credited
            FROM receivable_entries e WHERE e.invoice_id = i.id) s
       WHERE s.charged <> o.total_fee_cents OR s.paid <> o.paid_cents OR s.credited <> o.credited_cents`.execute(
      t.db,
    );
    expect(rows).toEqual([]);
    const invoices = await t.db
      .selectFrom('invoices')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(invoices.n)).toBeGreaterThan(5);
  });
});
