import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { isRoutingNumber, nachaFile } from '../../src/payables/nacha.ts';
import { threshold1099Cents } from '../../src/payables/tax-forms.service.ts';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { createUserWithKey } from '../helpers/factories.ts';
import { parseNacha } from '../support/nacha-parser.ts';

/**
 * What the company owes its appraisers (docs/money.md, "Payables" and "Payouts"): a payable earned
 * at the delivery, less submission fees; due at the delivery or at the lender's payment; batches
 * approved, paid by an ACH file a strict reader accepts, marked paid; the year's 1099-NEC figures.
 */
const t = useTestApp();
const world = useDemoWorld(t);

type Payable = {
  id: string;
  order_id: string;
  fee: string;
  deducted: string;
  paid: string;
  owed: string;
  state: string;
  due_on: string | null;
};
type Batch = {
  id: string;
  number: string;
  status: string;
  total: string;
  lines: { appraiser: { id: string }; amount: string; payables: number }[];
};

const api = (
  key: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { 'X-Api-Key': key },
    ...(payload ? { payload } : {}),
  });

const ACH = {
  bank_name: 'Frost Bank',
  routing_number: '114000093',
  company_name: 'Lone Star Apprsl',
  company_id: '1741234567',
};
const ACCOUNT = {
  holder_name: 'Avery Appraiser',
  routing_number: '111000025',
  account_number: '000123456789',
  account_type: 'checking',
};

async function deliveredOrder(): Promise<string> {
  const order = await world.toInReview({ payment_method: 'invoice' });
  await world.step(world.staff, order.id, 'request_completion', 'Completed');
  return order.id;
}

async function payableOf(orderId: string): Promise<Payable> {
  const list = await api(world.staff, 'GET', '/payables?state=all&per_page=100');
  expect(list.statusCode, list.body).toBe(200);
  const found = list.json<{ payables: Payable[] }>().payables.find((p) => p.order_id === orderId);
  expect(found, 'a payable for the order').toBeDefined();
  return found!;
}

describe('routing numbers and the ACH file', () => {
  it('checks routing numbers by their check digit', () => {
    expect(isRoutingNumber('111000025')).toBe(true);
    expect(isRoutingNumber('114000093')).toBe(true);
    expect(isRoutingNumber('111000026')).toBe(false);
    expect(isRoutingNumber('11100002')).toBe(false);
  });

  it('writes a file the strict reader accepts, with its control totals, blocked by ten', () => {
    const credits = [
      {
        routingNumber: '111000025',
        accountNumber: '123456789',
        accountType: 'checking' as const,
        amountCents: 37_500n,
        individualId: 'A1',
        name: 'Avery Appraiser',
      },
      {
        routingNumber: '114000093',
        accountNumber: '987654321',
        accountType: 'savings' as const,
        amountCents: 123_456n,
        individualId: 'B2',
        name: 'Zoë Ñúñez-O’Brien, Certified Residential',
      },
    ];
    const text = nachaFile({
      originator: {
        bankName: 'Frost Bank',
        routingNumber: '114000093',
        companyName: 'Lone Star',
        companyId: '1741234567',
      },
      credits,
      effectiveOn: '2026-12-04',
      createdAt: new Date('2026-12-03T15:04:00Z'),
      batchNumber: 3,
    });
    const file = parseNacha(text);
    expect(file.blockCount).toBe(1);
    expect(file.totalCredit).toBe(160_956n);
    const batch = file.batches[0]!;
    expect(batch).toMatchObject({
      serviceClass: '220',
      secCode: 'PPD',
      effectiveDate: '261204',
      companyId: '1741234567',
    });
    expect(batch.entries.map((e) => [e.transactionCode, e.accountNumber, e.amountCents])).toEqual([
      ['22', '123456789', 37_500n],
      ['32', '987654321', 123_456n],
    ]);
    expect(batch.entries[1]!.name).toBe('ZOE NUNEZ-OBRIEN, CERT');
    // The reader is strict: a changed amount breaks the control totals.
    expect(() => parseNacha(text.replace('0000037500', '0000037501'))).toThrow(/total credit/);
  });
});

describe('payables and payouts', () => {
  it('earns the fee at the delivery less the submission fee, batches it, pays it by ACH and marks it paid', async () => {
    const { demo } = world;
    const company = `/companies/${demo.company_id}`;
    const appraiserId = demo.users.appraiser.id;
    // The company charges a submission fee; the appraiser keeps a card for it.
    expect(
      (await api(world.staff, 'PATCH', `${company}/settings`, { submission_fee: '15.00' })).statusCode,
    ).toBe(200);
    expect(
      (
        await api(world.appraiser, 'PUT', '/me/payment_card', {
          name: 'Avery Appraiser',
          number: '4242 4242 4242 4242',
          exp_month: '12',
          exp_year: '2031',
          cvc: '123',
        })
      ).statusCode,
    ).toBe(200);
    const orderId = await deliveredOrder();
    expect(
      (await api(world.staff, 'PATCH', `${company}/settings`, { submission_fee: null })).statusCode,
    ).toBe(200);
    const order = await t.db
      .selectFrom('orders')
      .select('appraiser_fee_cents')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const payable = await payableOf(orderId);
    const fee = (Number(order.appraiser_fee_cents) / 100).toFixed(2);
    expect(payable).toMatchObject({ fee, deducted: '15.00', paid: '0.00', state: 'due' });
    expect(payable.owed).toBe((Number(fee) - 15).toFixed(2));

    // Bank accounts: the appraiser's alone to set, checked, sealed, shown by the last four digits.
    for (const [change, field] of [
      [{ routing_number: '111000026' }, 'routing_number'],
      [{ account_number: '12' }, 'account_number'],
      [{ account_type: 'brokerage' }, 'account_type'],
    ] as const) {
      const bad = await api(world.appraiser, 'PUT', `/appraisers/${appraiserId}/bank_account`, {
        ...ACCOUNT,
        ...change,
      });
      expect(bad.statusCode, field).toBe(422);
      expect(JSON.stringify(bad.json())).toContain(field);
    }
    expect(
      (await api(world.staff, 'PUT', `/appraisers/${appraiserId}/bank_account`, ACCOUNT)).statusCode,
    ).toBe(403);
    const kept = await api(world.appraiser, 'PUT', `/appraisers/${appraiserId}/bank_account`, ACCOUNT);
    expect(kept.statusCode, kept.body).toBe(200);
    const seen = await api(world.staff, 'GET', `/appraisers/${appraiserId}/bank_account`);
    expect(seen.json()).toMatchObject({ account_last4: '6789', routing_number: '111000025' });
    expect(seen.body).not.toContain('000123456789');
    const stored = await t.db
      .selectFrom('bank_accounts')
      .select('account_number_sealed')
      .where('appraiser_id', '=', appraiserId)
      .executeTakeFirstOrThrow();
    expect(stored.account_number_sealed).not.toContain('123456789');

    // The company's originator: a bad routing number is refused by its field.
    const badAch = await api(world.staff, 'PUT', `${company}/payout_settings`, {
      ach: { ...ACH, routing_number: '114000094' },
    });
    expect(badAch.statusCode).toBe(422);
    expect(JSON.stringify(badAch.json())).toContain('ach.routing_number');
    expect((await api(world.staff, 'PUT', `${company}/payout_settings`, { ach: ACH })).statusCode).toBe(200);

    const created = await api(world.staff, 'POST', `${company}/payout_batches`, {});
    expect(created.statusCode, created.body).toBe(201);
    const batch = created.json<Batch>();
    expect(batch.status).toBe('draft');
    expect(batch.number).toMatch(/^PAY-\d{8}$/);
    const line = batch.lines.find((l) => l.appraiser.id === appraiserId)!;
    expect(Number(line.amount)).toBeGreaterThanOrEqual(Number(payable.owed));
    expect((await payableOf(orderId)).state).toBe('in_batch');
    // Nothing else is due: a second batch now has nothing to take.
    expect((await api(world.staff, 'POST', `${company}/payout_batches`, {})).statusCode).toBe(409);
    expect((await api(world.staff, 'GET', `/payout_batches/${batch.id}/nacha`)).statusCode).toBe(409);
    expect((await api(world.staff, 'POST', `/payout_batches/${batch.id}/mark_paid`)).statusCode).toBe(409);

    // The company's list of batches: the draft among the open ones, a bad filter refused by its name.
    const open = await api(world.staff, 'GET', `${company}/payout_batches?status=open`);
    expect(open.json()).toMatchObject({
      payout_batches: [{ id: batch.id, number: batch.number, status: 'draft', total: batch.total }],
      total_count: 1,
    });
    expect(
      (await api(world.staff, 'GET', `${company}/payout_batches?status=paid`)).json<{ total_count: number }>()
        .total_count,
    ).toBe(0);
    const badFilter = await api(world.staff, 'GET', `${company}/payout_batches?status=sent`);
    expect(badFilter.statusCode).toBe(422);
    expect(JSON.stringify(badFilter.json())).toContain('status');

    const approved = await api(world.staff, 'POST', `/payout_batches/${batch.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const ach = await api(world.staff, 'GET', `/payout_batches/${batch.id}/nacha`);
    expect(ach.statusCode, ach.body).toBe(200);
    const file = parseNacha(ach.body);
    const entry = file.batches[0]!.entries.find((e) => e.accountNumber === '000123456789')!;
    expect(entry.amountCents).toBe(BigInt(Math.round(Number(line.amount) * 100)));
    expect(file.totalCredit).toBe(BigInt(Math.round(Number(batch.total) * 100)));
    const csv = await api(world.staff, 'GET', `/payout_batches/${batch.id}/export`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[0]).toBe(
      'batch,pay_on,appraiser_id,appraiser,account_holder,routing_number,account_type,account_last4,payables,amount',
    );
    expect(csv.body).toContain(`${line.amount}\r\n`);

    const paid = await api(world.staff, 'POST', `/payout_batches/${batch.id}/mark_paid`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<Batch>().status).toBe('paid');
    expect(await payableOf(orderId)).toMatchObject({ owed: '0.00', state: 'paid', paid: payable.owed });

    // The appraiser's own statement, and the year's 1099-NEC figures.
    const mine = await api(world.appraiser, 'GET', '/payables?state=paid');
    expect(mine.json<{ payables: Payable[] }>().payables.map((p) => p.order_id)).toContain(orderId);
    const year = new Date().getUTCFullYear();
    const tax = await api(world.staff, 'GET', `${company}/tax_forms/1099_nec?year=${year}`);
    expect(tax.statusCode).toBe(200);
    const row = tax.body.split('\r\n').find((r) => r.startsWith(appraiserId))!;
    // The demo appraiser's W-9 is on file (the panel); the amount is under 2026's $2,000.
    expect(row.split(',').slice(3)).toEqual(['yes', line.amount, '1', 'no']);
    expect((await api(world.staff, 'GET', `${company}/tax_forms/1099_nec?year=1999`)).statusCode).toBe(422);

    // The appraiser's statement of this month: the fee earned, the payout, and what is owed after.
    const month = new Date().toLocaleDateString('en-CA', { timeZone: t.config.timeZone }).slice(0, 7);
    const statement = await api(world.appraiser, 'GET', `/appraisers/${appraiserId}/statements/${month}`);
    expect(statement.statusCode, statement.body).toBe(200);
    const mineThisMonth = statement.json<{
      opening_owed: string;
      earned: string;
      deducted: string;
      paid: string;
      closing_owed: string;
      lines: { kind: string; file_number: string; description: string; amount: string }[];
    }>();
    const cents = (decimal: string) => Math.round(Number(decimal) * 100);
    const linesOf = mineThisMonth.lines;
    expect(
      cents(mineThisMonth.opening_owed) + linesOf.reduce((sum, line) => sum + cents(line.amount), 0),
    ).toBe(cents(mineThisMonth.closing_owed));
    expect(cents(mineThisMonth.earned) + cents(mineThisMonth.deducted) + cents(mineThisMonth.paid)).toBe(
      linesOf.reduce((sum, line) => sum + cents(line.amount), 0),
    );
    expect(linesOf).toContainEqual(
      expect.objectContaining({ kind: 'payout', description: `Payout ${batch.number}` }),
    );
    const statementCsv = await api(
      world.staff,
      'GET',
      `/appraisers/${appraiserId}/statements/${month}/export`,
    );
    expect(statementCsv.statusCode).toBe(200);
    expect(statementCsv.headers['content-type']).toContain('text/csv');
    expect(statementCsv.body.split('\r\n')[1]).toBe(`,,Owed at the start,${mineThisMonth.opening_owed}`);
    expect(statementCsv.body).toContain(`Payout ${batch.number},-`);
    for (const bad of ['2026-13', 'november', '1999-12']) {
      const refused = await api(world.appraiser, 'GET', `/appraisers/${appraiserId}/statements/${bad}`);
      expect(refused.statusCode, bad).toBe(422);
      expect(refused.json().error.details[0].field).toBe('month');
    }
    expect(
      (await api(world.client, 'GET', `/appraisers/${appraiserId}/statements/${month}`)).statusCode,
    ).toBe(403);
  });

  it('waits for the lender’s payment when the company pays on it', async () => {
    const company = `/companies/${world.demo.company_id}`;
    expect(
      (await api(world.staff, 'PUT', `${company}/payout_settings`, { pay_on: 'client_payment' })).statusCode,
    ).toBe(200);
    const orderId = await deliveredOrder();
    expect(await payableOf(orderId)).toMatchObject({ state: 'waiting', due_on: null });
    const invoice = await t.db
      .selectFrom('invoices')
      .select('id')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    const detail = (await api(world.staff, 'GET', `/invoices/${invoice.id}`)).json<{
      invoice: { balance: string };
    }>();
    const receipt = await api(world.staff, 'POST', `${company}/receipts`, {
      client_id: world.demo.client_id,
      method: 'wire',
      reference: `WIRE-${Date.now()}`,
      received_on: new Date().toISOString().slice(0, 10),
      amount: detail.invoice.balance,
      applications: [{ invoice_id: invoice.id, amount: detail.invoice.balance }],
    });
    expect(receipt.statusCode, receipt.body).toBe(201);
    expect(await payableOf(orderId)).toMatchObject({ state: 'due' });
    expect(
      (await api(world.staff, 'PUT', `${company}/payout_settings`, { pay_on: 'delivery' })).statusCode,
    ).toBe(200);
  });

  it('pays on the company’s pay days when it pays on a cycle, and refuses a cycle without its day', async () => {
    const company = `/companies/${world.demo.company_id}`;
    for (const [body, field] of [
      [{ pay_on: 'pay_cycle' }, 'pay_cycle'],
      [{ pay_on: 'pay_cycle', pay_cycle: { frequency: 'weekly', day: 9 } }, 'pay_cycle.day'],
      [{ pay_on: 'pay_cycle', pay_cycle: { frequency: 'weekly', day: null } }, 'pay_cycle.day'],
      [{ pay_on: 'pay_cycle', pay_cycle: { frequency: 'semimonthly', day: 15 } }, 'pay_cycle.day'],
      [{ pay_on: 'pay_cycle', pay_cycle: { frequency: 'fortnightly', day: 1 } }, 'pay_cycle.frequency'],
    ] as const) {
      const refused = await api(world.staff, 'PUT', `${company}/payout_settings`, body);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect((await api(world.staff, 'GET', `${company}/payout_settings`)).json()).toMatchObject({
      pay_on: 'delivery',
      pay_cycle: null,
    });

    const weekly = await api(world.staff, 'PUT', `${company}/payout_settings`, {
      pay_on: 'pay_cycle',
      pay_cycle: { frequency: 'weekly', day: 5 },
    });
    expect(weekly.json()).toMatchObject({ pay_on: 'pay_cycle', pay_cycle: { frequency: 'weekly', day: 5 } });
    // Another change keeps the cycle it does not name.
    const kept = await api(world.staff, 'PUT', `${company}/payout_settings`, { ach: ACH });
    expect(kept.json()).toMatchObject({ pay_cycle: { frequency: 'weekly', day: 5 } });
    const orderId = await deliveredOrder();
    // The next Friday on or after today in the company's zone.
    const today = new Date(new Date().toLocaleDateString('en-CA', { timeZone: t.config.timeZone }));
    const friday = new Date(today);
    friday.setUTCDate(today.getUTCDate() + ((5 - today.getUTCDay() + 7) % 7));
    const payable = await payableOf(orderId);
    expect(payable.due_on).toBe(friday.toISOString().slice(0, 10));
    expect(payable.state).toBe(friday.getTime() === today.getTime() ? 'due' : 'waiting');

    // Back to each delivery: the cycle goes with it.
    const back = await api(world.staff, 'PUT', `${company}/payout_settings`, { pay_on: 'delivery' });
    expect(back.json()).toMatchObject({ pay_on: 'delivery', pay_cycle: null });
  });

  it('adds an extra the company approves to what the appraiser is owed, with its reason, and refuses a bad one', async () => {
    const orderId = await deliveredOrder();
    const before = await payableOf(orderId);
    const url = `/payables/${before.id}/extras`;
    for (const [body, field] of [
      [{ amount: '0.00', reason: 'Second trip' }, 'amount'],
      [{ amount: '-5.00', reason: 'Second trip' }, 'amount'],
      [{ amount: 'lots', reason: 'Second trip' }, 'amount'],
      [{ amount: '75.00', reason: '' }, 'reason'],
      [{ amount: '75.00', reason: '   ' }, 'reason'],
      [{ amount: '75.00' }, 'reason'],
    ] as const) {
      const refused = await api(world.staff, 'POST', url, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
      expect(refused.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect((await api(world.appraiser, 'POST', url, { amount: '75.00', reason: 'Mine' })).statusCode).toBe(
      403,
    );
    const clerk = await createUserWithKey(t.db, 'staff', { id: world.demo.company_id, name: 'x' });
    expect((await api(clerk.key, 'POST', url, { amount: '75.00', reason: 'Mine' })).statusCode).toBe(403);
    expect(await payableOf(orderId)).toEqual(before);

    const added = await api(world.staff, 'POST', url, {
      amount: '75.00',
      reason: 'Second trip: the lockbox code was wrong',
    });
    expect(added.statusCode, added.body).toBe(200);
    const cents = (decimal: string) => Math.round(Number(decimal) * 100);
    expect(added.json<Payable & { extras: string }>()).toMatchObject({ extras: '75.00' });
    expect(cents(added.json<Payable>().owed)).toBe(cents(before.owed) + 7500);
    // In the order's history for the company; never for the lender.
    const history = async (key: string) =>
      (await api(key, 'GET', `/orders/${orderId}/history`)).json<
        { action: string; reason: string | null }[]
      >();
    expect(await history(world.staff)).toContainEqual(
      expect.objectContaining({ action: 'payable_extra', reason: 'Second trip: the lockbox code was wrong' }),
    );
    expect((await history(world.client)).map((entry) => entry.action)).not.toContain('payable_extra');
    // On the appraiser's statement, in words.
    const month = new Date().toLocaleDateString('en-CA', { timeZone: t.config.timeZone }).slice(0, 7);
    const statement = await api(
      world.appraiser,
      'GET',
      `/appraisers/${world.demo.users.appraiser.id}/statements/${month}`,
    );
    expect(statement.json<{ lines: { description: string; amount: string }[] }>().lines).toContainEqual(
      expect.objectContaining({
        description: 'Extra: Second trip: the lockbox code was wrong',
        amount: '75.00',
      }),
    );
  });

  it('keeps the appraiser’s pay from the lender, and another company’s staff out', async () => {
    expect((await api(world.client, 'GET', '/payables')).statusCode).toBe(403);
    const clerk = await createUserWithKey(t.db, 'staff', { id: world.demo.company_id, name: 'x' });
    expect(
      (await api(clerk.key, 'POST', `/companies/${world.demo.company_id}/payout_batches`, {})).statusCode,
    ).toBe(403);
    const { createCompany } = await import('../helpers/factories.ts');
    const other = await createUserWithKey(t.db, 'staff', await createCompany(t.db), { admin: true });
    expect(
      (await api(other.key, 'GET', `/appraisers/${world.demo.users.appraiser.id}/bank_account`)).statusCode,
    ).toBe(404);
    const mine = await api(other.key, 'GET', '/payables');
    expect(mine.json<{ total_count: number }>().total_count).toBe(0);
  });

  it('holds a payable from payment with a reason, for the company’s eyes, and releases it', async () => {
    const orderId = await deliveredOrder();
    const payable = await payableOf(orderId);
    const hold = (key: string, reason?: string) =>
      api(key, 'POST', `/payables/${payable.id}/hold`, reason === undefined ? {} : { reason });
    expect((await hold(world.staff, '  ')).statusCode).toBe(422);
    expect((await hold(world.client, 'x')).statusCode).toBe(403);
    expect((await hold(world.appraiser, 'x')).statusCode).toBe(403);
    const held = await hold(world.staff, 'The lender disputes the report');
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toMatchObject({ state: 'held', held_reason: 'The lender disputes the report' });
    const company = `/companies/${world.demo.company_id}`;
    // A batch made now leaves it out (or finds nothing else due: 409).
    expect([201, 409]).toContain(
      (await api(world.staff, 'POST', `${company}/payout_batches`, {})).statusCode,
    );
    const inBatch = await t.db
      .selectFrom('payout_lines')
      .select('id')
      .where('payable_id', '=', payable.id)
      .execute();
    expect(inBatch).toEqual([]);
    expect((await payableOf(orderId)).state).toBe('held');
    const entry = await t.db
      .selectFrom('order_history')
      .select(['audience', 'reason'])
      .where('order_id', '=', orderId)
      .where('action', '=', 'payable_held')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ audience: 'internal', reason: 'The lender disputes the report' });
    const released = await api(world.staff, 'POST', `/payables/${payable.id}/release`);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json<Payable>().state).not.toBe('held');
    expect((await api(world.staff, 'POST', `/payables/${payable.id}/release`)).statusCode).toBe(409);
  });

  it('knows the 1099-NEC threshold of each year', () => {
    expect(threshold1099Cents(2025)).toBe(60_000n);
    expect(threshold1099Cents(2026)).toBe(200_000n);
  });

  it('adds up, for every payable, to its fee and extras less deductions and payouts', async () => {
    const { rows } = await sql<{ id: string }>`
      SELECT p.id FROM payables p
       WHERE (SELECT coalesce(sum(amount_cents), 0) FROM payable_entries e WHERE e.payable_id = p.id)
          <> (SELECT coalesce(sum(amount_cents) FILTER (WHERE kind IN ('fee', 'adjustment', 'extra')), 0)
                   + coalesce(sum(amount_cents) FILTER (WHERE kind IN ('submission_fee', 'payout')), 0)
                FROM payable_entries e WHERE e.payable_id = p.id)
          OR EXISTS (SELECT 1 FROM payout_lines l JOIN payout_batches b ON b.id = l.batch_id
                      WHERE l.payable_id = p.id AND b.status = 'paid'
                        AND NOT EXISTS (SELECT 1 FROM payable_entries e WHERE e.payable_id = p.id AND e.payout_batch_id = b.id
                                           AND e.amount_cents = -l.amount_cents))`.execute(t.db);
    expect(rows).toEqual([]);
  });
});
