import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { placeOrder } from '../helpers/orders.ts';
import { payByCard } from '../helpers/payments.ts';

/**
 * The ledgers balance (docs/money.md): after random workflows (orders placed, paid by card ahead,
 * delivered, cancelled at a stage, checks applied in part, credit notes, write-offs, payout batches
 * made, approved and paid), every invoice's entries add up to its order's total, paid and credited
 * amounts; every client's entries to its orders' balances and to its aging; every receipt to its
 * payments; every appraiser's payable entries to their fees less deductions and payouts, and every
 * paid batch to the payouts posted.
 */
const t = useTestApp();
const world = useDemoWorld(t);

type Op =
  | { kind: 'place'; card: boolean }
  | { kind: 'deliver'; card: boolean }
  | { kind: 'cancel_assigned'; card: boolean }
  | { kind: 'receipt'; pick: number; percent: number }
  | { kind: 'credit'; pick: number; percent: number; writeOff: boolean }
  | { kind: 'payout' };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('place' as const), card: fc.boolean() }),
  fc.record({ kind: fc.constant('deliver' as const), card: fc.boolean() }),
  fc.record({ kind: fc.constant('cancel_assigned' as const), card: fc.boolean() }),
  fc.record({
    kind: fc.constant('receipt' as const),
    pick: fc.nat(),
    percent: fc.integer({ min: 1, max: 100 }),
  }),
  fc.record({
    kind: fc.constant('credit' as const),
    pick: fc.nat(),
    percent: fc.integer({ min: 1, max: 100 }),
    writeOff: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('payout' as const) }),
);

const call = (key: string, method: 'POST' | 'PUT', url: string, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { 'X-Api-Key': key }, payload });

let references = 0;

async function openInvoices() {
  return t.db
    .selectFrom('invoices as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select(['i.id', sql<string>`o.total_fee_cents - o.paid_cents - o.credited_cents`.as('balance')])
    .where('i.company_id', '=', world.demo.company_id)
    .where(sql<boolean>`o.total_fee_cents - o.paid_cents - o.credited_cents > 0`)
    .orderBy('i.number')
    .execute();
}

const share = (cents: bigint, percent: number) => {
  const part = (cents * BigInt(percent)) / 100n;
  return part > 0n ? part : cents;
};
const decimal = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;

async function run(step: Op): Promise<void> {
  const { demo } = world;
  const method = 'card' in step && step.card ? 'credit_card' : 'invoice';
  switch (step.kind) {
    case 'place': {
      const order = await placeOrder(t.app, t.db, demo, { payment_method: method });
      if (step.card) expect(await payByCard(t.app, world.client, order.id)).toBe(200);
      return;
    }
    case 'deliver': {
      const order = await world.toInReview({ payment_method: method });
      if (step.card) expect(await payByCard(t.app, world.client, order.id)).toBe(200);
      await world.step(world.staff, order.id, 'request_completion', 'Completed');
      return;
    }
    case 'cancel_assigned': {
      // Paid by card ahead, the cancellation fee leaves the lender owed the rest back.
      const order = await placeOrder(t.app, t.db, demo, { payment_method: method });
      if (step.card) expect(await payByCard(t.app, world.client, order.id)).toBe(200);
      await world.step(world.staff, order.id, 'assign', 'Pending assignment', {
        appraiser_id: demo.users.appraiser.id,
      });
      await world.step(world.appraiser, order.id, 'accept_assignment', 'Assigned');
      await world.step(world.staff, order.id, 'cancel', 'Cancelled');
      return;
    }
    case 'receipt': {
      const open = await openInvoices();
      if (open.length === 0) return;
      const invoice = open[step.pick % open.length]!;
      const amount = decimal(share(BigInt(invoice.balance), step.percent));
      const answer = await call(world.staff, 'POST', `/companies/${demo.company_id}/receipts`, {
        client_id: demo.client_id,
        method: 'check',
        reference: `PROP-${++references}-${Date.now()}`,
        received_on: new Date().toISOString().slice(0, 10),
        amount,
        applications: [{ invoice_id: invoice.id, amount }],
      });
      expect(answer.statusCode, answer.body).toBe(201);
      return;
    }
    case 'credit': {
      const open = await openInvoices();
      if (open.length === 0) return;
      const invoice = open[step.pick % open.length]!;
      const amount = decimal(share(BigInt(invoice.balance), step.percent));
      const answer = await call(
        world.staff,
        'POST',
        `/invoices/${invoice.id}/${step.writeOff ? 'write_offs' : 'credit_notes'}`,
        { amount, reason: 'Property test' },
      );
      expect(answer.statusCode, answer.body).toBe(200);
      return;
    }
    case 'payout': {
      const made = await call(world.staff, 'POST', `/companies/${demo.company_id}/payout_batches`, {});
      if (made.statusCode === 409) return;
      expect(made.statusCode, made.body).toBe(201);
      const id = made.json<{ id: string }>().id;
      expect((await call(world.staff, 'POST', `/payout_batches/${id}/approve`)).statusCode).toBe(200);
      expect((await call(world.staff, 'POST', `/payout_batches/${id}/mark_paid`)).statusCode).toBe(200);
      return;
    }
  }
}

async function imbalances(): Promise<string[]> {
  const { rows } = await sql<{ problem: string }>`
    SELECT 'invoice ' || i.id || ': ledger ' || s.charged || '/' || s.paid || '/' || s.credited
           || ', order ' || o.total_fee_cents || '/' || o.paid_cents || '/' || o.credited_cents AS problem
      FROM invoices i JOIN orders o ON o.id = i.order_id
     CROSS JOIN LATERAL (
       SELECT coalesce(sum(amount_cents) FILTER (WHERE kind IN ('charge', 'adjustment')), 0) AS charged,
              coalesce(-sum(amount_cents) FILTER (WHERE kind = 'payment'), 0) AS paid,
              coalesce(-sum(amount_cents) FILTER (WHERE kind IN ('credit_note', 'write_off')), 0) AS credited
         FROM receivable_entries e WHERE e.invoice_id = i.id) s
     WHERE s.charged <> o.total_fee_cents OR s.paid <> o.paid_cents OR s.credited <> o.credited_cents
    UNION ALL
    SELECT 'client ' || c.client_id || ': entries ' || c.ledger || ', orders ' || c.orders
      FROM (SELECT i.client_id,
                   (SELECT sum(amount_cents) FROM receivable_entries e WHERE e.client_id = i.client_id
                       AND e.company_id = i.company_id) AS ledger,
                   sum(o.total_fee_cents - o.paid_cents - o.credited_cents) AS orders
              FROM invoices i JOIN orders o ON o.id = i.order_id
             GROUP BY i.client_id, i.company_id) c
     WHERE c.ledger <> c.orders
    UNION ALL
    SELECT 'payments of order ' || o.id || ': ' || coalesce(p.sum, 0) || ' <> paid ' || o.paid_cents
      FROM orders o LEFT JOIN LATERAL (SELECT sum(amount_cents) AS sum FROM payments
                                         WHERE order_id = o.id AND status = 'succeeded') p ON true
     WHERE coalesce(p.sum, 0) <> o.paid_cents
    UNION ALL
    SELECT 'receipt ' || r.id || ': ' || r.amount_cents || ' <> ' || coalesce(sum(p.amount_cents), 0)
      FROM receipts r LEFT JOIN payments p ON p.receipt_id = r.id
     GROUP BY r.id, r.amount_cents HAVING r.amount_cents <> coalesce(sum(p.amount_cents), 0)
    UNION ALL
    SELECT 'batch ' || b.id || ': lines ' || b.total_cents || ', posted ' || coalesce(-sum(e.amount_cents), 0)
      FROM payout_batches b LEFT JOIN payable_entries e ON e.payout_batch_id = b.id
     WHERE b.status = 'paid'
     GROUP BY b.id, b.total_cents HAVING b.total_cents <> coalesce(-sum(e.amount_cents), 0)
    UNION ALL
    SELECT 'batch ' || b.id || ': total ' || b.total_cents || ' <> lines ' || sum(l.amount_cents)
      FROM payout_batches b JOIN payout_lines l ON l.batch_id = b.id
     GROUP BY b.id, b.total_cents HAVING b.total_cents <> sum(l.amount_cents)
    UNION ALL
    SELECT 'payable ' || p.id || ' paid beyond its fee'
      FROM payables p
     WHERE (SELECT coalesce(-sum(amount_cents), 0) FROM payable_entries e WHERE e.payable_id = p.id AND e.kind = 'payout')
         > (SELECT coalesce(sum(amount_cents), 0) FROM payable_entries e WHERE e.payable_id = p.id AND e.kind <> 'payout')
    UNION ALL
    SELECT 'payable ' || p.id || ': owed ' || p.owed_cents || ' <> its entries ' || coalesce(sum(e.amount_cents), 0)
      FROM payables p LEFT JOIN payable_entries e ON e.payable_id = p.id
     GROUP BY p.id, p.owed_cents HAVING p.owed_cents <> coalesce(sum(e.amount_cents), 0)`.execute(t.db);
  return rows.map((row) => row.problem);
}

describe('the ledgers', () => {
  it('balance after random workflows', async () => {
    const productId = (
      await t.db
        .selectFrom('order_products as op')
        .innerJoin('orders as o', 'o.id', 'op.order_id')
        .select('op.product_id')
        .where('o.id', '=', (await placeOrder(t.app, t.db, world.demo)).id)
        .executeTakeFirstOrThrow()
    ).product_id;
    // Cancellation fees, so that cancellations charge and pay something.
    const fees = await call(world.staff, 'PUT', `/companies/${world.demo.company_id}/cancellation_fees`, {
      entries: [{ product_id: productId, stage: 'assigned', lender_fee: '60.00', appraiser_fee: '35.00' }],
    });
    expect(fees.statusCode, fees.body).toBe(200);
    const account = await call(
      world.appraiser,
      'PUT',
      `/appraisers/${world.demo.users.appraiser.id}/bank_account`,
      {
        holder_name: 'Avery Appraiser',
        routing_number: '111000025',
        account_number: '000123456789',
        account_type: 'checking',
      },
    );
    expect(account.statusCode, account.body).toBe(200);
    // One step of each kind first, so that every kind is taken whatever the draws; then random runs.
    for (const step of [
      { kind: 'deliver', card: false },
      { kind: 'deliver', card: true },
      { kind: 'cancel_assigned', card: true },
      { kind: 'cancel_assigned', card: false },
      { kind: 'receipt', pick: 0, percent: 40 },
      { kind: 'credit', pick: 0, percent: 30, writeOff: false },
      { kind: 'credit', pick: 0, percent: 100, writeOff: true },
      { kind: 'payout' },
    ] satisfies Op[])
      await run(step);
    expect(await imbalances()).toEqual([]);
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 6, maxLength: 12 }), async (ops) => {
        for (const step of ops) await run(step);
        expect(await imbalances()).toEqual([]);
      }),
      { numRuns: 6, seed: 20261129 },
    );
    const aging = await t.app.inject({
      method: 'GET',
      url: `/api/v1/companies/${world.demo.company_id}/receivables/aging`,
      headers: { 'X-Api-Key': world.staff },
    });
    const owed = await t.db
      .selectFrom('invoices as i')
      .innerJoin('orders as o', 'o.id', 'i.order_id')
      .select(
        sql<string>`coalesce(sum(o.total_fee_cents - o.paid_cents - o.credited_cents) FILTER (
        WHERE o.total_fee_cents - o.paid_cents - o.credited_cents > 0), 0)`.as('owed'),
      )
      .where('i.company_id', '=', world.demo.company_id)
      .executeTakeFirstOrThrow();
    expect(aging.json<{ totals: { total: string } }>().totals.total).toBe(decimal(BigInt(owed.owed)));
    // The runs did take every kind of step.
    const { rows } = await sql<Record<string, string>>`
      SELECT (SELECT count(*) FROM receipts) AS receipts,
             (SELECT count(*) FROM receivable_entries WHERE kind = 'credit_note') AS credit_notes,
             (SELECT count(*) FROM receivable_entries WHERE kind = 'write_off') AS write_offs,
             (SELECT count(*) FROM receivable_entries WHERE kind = 'adjustment') AS adjustments,
             (SELECT count(*) FROM payout_batches WHERE status = 'paid') AS paid_batches,
             (SELECT count(*) FROM payables p JOIN orders o ON o.id = p.order_id WHERE o.status = 'Cancelled') AS trip_fees`.execute(
      t.db,
    );
    for (const [kind, count] of Object.entries(rows[0]!)) expect(Number(count), kind).toBeGreaterThan(0);
  });
});
