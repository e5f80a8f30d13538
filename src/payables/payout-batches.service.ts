import { sql } from 'kysely';
import type { Principal } from '../auth/principal.ts';
import type { SecretBox } from '../auth/secret-box.ts';
import { localClock } from '../calendar/business-calendar.ts';
import { findCompanyCalendar } from '../calendar/calendar-settings.repository.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/connection.ts';
import { isUuid } from '../db/ids.ts';
import { AppError, invalid, notFound } from '../errors/app-error.ts';
import { centsToDecimal } from '../format/money.ts';
import { takeDocumentNumber } from '../ledger/ledger.repository.ts';
import { companyInReach, requireCompanyAdmin } from '../organizations/company-reach.ts';
import { nachaFile, type AchCredit } from './nacha.ts';
import { duePayables } from './payables.repository.ts';
import { bankAccountPurpose } from './payout-settings.service.ts';
import type { PayoutBatchView } from './payables.schemas.ts';

/**
 * Payout batches (docs/money.md, "Payouts"): the company's admins gather what is due into a batch
 * (draft), approve it, pay it by the ACH file (or however their bank takes the CSV), and mark it
 * paid, which posts each payout to the appraisers' ledgers. A payable is in one open batch at a time.
 */
const money = (cents: bigint | string) => centsToDecimal(cents)!;
const LINES_PER_INSERT = 5_000;
export const batchNumber = (number: bigint | string) => `PAY-${String(number).padStart(8, '0')}`;

async function batchRow(db: Db, principal: Principal, batchId: string) {
  const row = isUuid(batchId)
    ? await db
        .selectFrom('payout_batches')
        .selectAll()
        .where('id', '=', batchId.toLowerCase())
        .executeTakeFirst()
    : undefined;
  const { user } = principal;
  if (!row || (user.role !== 'operator' && user.organizationId !== row.company_id))
    throw notFound('payout batch');
  return row;
}

async function people(db: Db, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const rows = wanted.length
    ? await db
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name'])
        .where('id', 'in', wanted)
        .execute()
    : [];
  return new Map(rows.map((r) => [r.id, { id: r.id, name: `${r.first_name} ${r.last_name}` }]));
}

export async function viewBatch(db: Db, principal: Principal, batchId: string): Promise<PayoutBatchView> {
  const batch = await batchRow(db, principal, batchId);
  const lines = await db
    .selectFrom('payout_lines as l')
    .innerJoin('users as u', 'u.id', 'l.appraiser_id')
    .leftJoin('bank_accounts as ba', 'ba.appraiser_id', 'l.appraiser_id')
    .select(({ fn }) => [
      'l.appraiser_id',
      'u.first_name',
      'u.last_name',
      'ba.account_last4',
      fn.sum<string>('l.amount_cents').as('amount'),
      fn.count<string>('l.id').as('payables'),
    ])
    .where('l.batch_id', '=', batch.id)
    .groupBy(['l.appraiser_id', 'u.first_name', 'u.last_name', 'ba.account_last4'])
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .execute();
  const leftOut =
    batch.status === 'draft'
      ? (await duePayables(db, batch.company_id, batch.pay_on)).filter((p) => !p.has_account)
      : [];
  const byAppraiser = new Map<string, { name: string; owed: bigint }>();
  for (const p of leftOut) {
    const seen = byAppraiser.get(p.appraiser_id) ?? { name: p.appraiser_name, owed: 0n };
    seen.owed += BigInt(p.owed);
    byAppraiser.set(p.appraiser_id, seen);
  }
  const who = await people(db, [batch.created_by, batch.approved_by]);
  return {
    id: batch.id,
    number: batchNumber(batch.number),
    company_id: batch.company_id,
    pay_on: String(batch.pay_on),
    status: batch.status,
    total: money(batch.total_cents),
    lines: lines.map((line) => ({
      appraiser: { id: line.appraiser_id, name: `${line.first_name} ${line.last_name}` },
      amount: money(line.amount),
      payables: Number(line.payables),
      account_last4: line.account_last4,
    })),
    left_out: [...byAppraiser].map(([id, p]) => ({
      appraiser: { id, name: p.name },
      owed: money(p.owed),
      reason: 'No bank account: the appraiser adds one on their account page',
    })),
    created_by: batch.created_by ? (who.get(batch.created_by) ?? null) : null,
    created_at: batch.created_at.toISOString(),
    approved_by: batch.approved_by ? (who.get(batch.approved_by) ?? null) : null,
    approved_at: batch.approved_at?.toISOString() ?? null,
    paid_at: batch.paid_at?.toISOString() ?? null,
  };
}

export async function createBatch(
  db: Db,
  config: Config,
  principal: Principal,
  companyIdParam: string,
  input: { pay_on?: string | undefined },
): Promise<PayoutBatchView> {
  const companyId = await companyInReach(db, principal.user, companyIdParam);
  requireCompanyAdmin(principal.user, 'make payout batches');
  const { time_zone: zone } = await findCompanyCalendar(db, companyId, config.timeZone);
  const today = localClock(new Date(), zone).day;
  const payOn = input.pay_on ?? today;
  if (payOn < today) throw invalid('pay_on', `is in the past: ${today} or later`);
  const id = await db.transaction().execute(async (trx) => {
    // Taking the number first makes batches of one company one at a time: the second sees the
    // first one's lines and leaves them out.
    const number = await takeDocumentNumber(trx, companyId, 'payout_batch');
    const due = (await duePayables(trx, companyId, payOn)).filter((p) => p.has_account);
    if (due.length === 0)
      throw new AppError(
        'conflict',
        `Nothing is due to pay by ${payOn} to an appraiser with a bank account`,
        [{ field: 'pay_on', message: 'no payable is due by then' }],
      );
    const total = due.reduce((sum, p) => sum + BigInt(p.owed), 0n);
    const batch = await trx
      .insertInto('payout_batches')
      .values({
        company_id: companyId,
        number,
        pay_on: payOn,
        total_cents: total.toString(),
        created_by: principal.keyOwner.id,
        approved_by: null,
        approved_at: null,
        paid_by: null,
        paid_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // In slices: a batch of a large panel has tens of thousands of lines, and one statement may
    // carry at most 32,767 parameters through the driver.
    for (let start = 0; start < due.length; start += LINES_PER_INSERT)
      await trx
        .insertInto('payout_lines')
        .values(
          due.slice(start, start + LINES_PER_INSERT).map((p) => ({
            batch_id: batch.id,
            payable_id: p.id,
            appraiser_id: p.appraiser_id,
            amount_cents: p.owed,
          })),
        )
        .execute();
    return batch.id;
  });
  return viewBatch(db, principal, id);
}

export async function approveBatch(db: Db, principal: Principal, batchId: string): Promise<PayoutBatchView> {
  const batch = await batchRow(db, principal, batchId);
  requireCompanyAdmin(principal.user, 'approve payout batches');
  const moved = await db
    .updateTable('payout_batches')
    .set({ status: 'approved', approved_by: principal.keyOwner.id, approved_at: new Date() })
    .where('id', '=', batch.id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0)
    throw new AppError(
      'conflict',
      `Batch ${batchNumber(batch.number)} is ${batch.status}: only a draft is approved`,
      [{ field: 'status', message: `is ${batch.status}` }],
    );
  return viewBatch(db, principal, batch.id);
}

export async function markBatchPaid(db: Db, principal: Principal, batchId: string): Promise<PayoutBatchView> {
  const batch = await batchRow(db, principal, batchId);
  requireCompanyAdmin(principal.user, 'mark payout batches paid');
  await db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('payout_batches')
      .set({ status: 'paid', paid_by: principal.keyOwner.id, paid_at: new Date() })
      .where('id', '=', batch.id)
      .where('status', '=', 'approved')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0)
      throw new AppError(
        'conflict',
        `Batch ${batchNumber(batch.number)} is ${batch.status}: only an approved batch is marked paid`,
        [{ field: 'status', message: `is ${batch.status}` }],
      );
    // One statement, however many lines: each payout posted to its appraiser's ledger.
    const now = new Date();
    await trx
      .insertInto('payable_entries')
      .columns([
        'payable_id',
        'company_id',
        'appraiser_id',
        'kind',
        'amount_cents',
        'payout_batch_id',
        'reason',
        'recorded_by',
        'created_at',
      ])
      .expression((eb) =>
        eb
          .selectFrom('payout_lines as l')
          .innerJoin('payables as p', 'p.id', 'l.payable_id')
          .select([
            'l.payable_id',
            'p.company_id',
            'l.appraiser_id',
            sql<'payout'>`'payout'`.as('kind'),
            sql<string>`-l.amount_cents`.as('amount_cents'),
            'l.batch_id',
            sql<string>`${`Payout ${batchNumber(batch.number)}`}::text`.as('reason'),
            sql<string>`${principal.keyOwner.id}::uuid`.as('recorded_by'),
            sql<Date>`${now}::timestamptz`.as('created_at'),
          ])
          .where('l.batch_id', '=', batch.id),
      )
      .execute();
  });
  return viewBatch(db, principal, batch.id);
}

/** The ACH file of an approved (or paid) batch: one credit per appraiser. */
export async function batchNacha(
  db: Db,
  secrets: SecretBox,
  principal: Principal,
  batchId: string,
): Promise<{ filename: string; text: string }> {
  const batch = await batchRow(db, principal, batchId);
  if (batch.status === 'draft')
    throw new AppError('conflict', 'A draft batch has no ACH file: approve it first', [
      { field: 'status', message: 'is draft' },
    ]);
  const settings = await db
    .selectFrom('company_payout_settings')
    .selectAll()
    .where('company_id', '=', batch.company_id)
    .executeTakeFirst();
  if (!settings?.ach_routing_number || !settings.ach_company_id)
    throw new AppError('conflict', "The company's ACH originator is not set: set it in its payout settings", [
      { field: 'ach', message: 'is not set' },
    ]);
  const lines = await db
    .selectFrom('payout_lines as l')
    .innerJoin('bank_accounts as ba', 'ba.appraiser_id', 'l.appraiser_id')
    .select(({ fn }) => [
      'l.appraiser_id',
      'ba.holder_name',
      'ba.routing_number',
      'ba.account_number_sealed',
      'ba.account_type',
      fn.sum<string>('l.amount_cents').as('amount'),
    ])
    .where('l.batch_id', '=', batch.id)
    .groupBy([
      'l.appraiser_id',
      'ba.holder_name',
      'ba.routing_number',
      'ba.account_number_sealed',
      'ba.account_type',
    ])
    .orderBy('ba.holder_name')
    .execute();
  const credits: AchCredit[] = await Promise.all(
    lines.map(async (line) => ({
      routingNumber: line.routing_number,
      accountNumber: await secrets.open(line.account_number_sealed, bankAccountPurpose(line.appraiser_id)),
      accountType: line.account_type,
      amountCents: BigInt(line.amount),
      individualId: line.appraiser_id.replace(/-/g, '').slice(0, 15),
      name: line.holder_name,
    })),
  );
  const text = nachaFile({
    originator: {
      bankName: settings.ach_bank_name ?? '',
      routingNumber: settings.ach_routing_number,
      companyName: settings.ach_company_name ?? '',
      companyId: settings.ach_company_id,
    },
    credits,
    effectiveOn: String(batch.pay_on),
    createdAt: new Date(),
    batchNumber: Number(batch.number) % 10_000_000,
  });
  return { filename: `${batchNumber(batch.number)}.ach`, text };
}

/** The batch as a CSV file: a line per appraiser (for a bank that takes a file of its own kind). */
export async function batchCsv(db: Db, principal: Principal, batchId: string) {
  const view = await viewBatch(db, principal, batchId);
  const accounts = await db
    .selectFrom('payout_lines as l')
    .innerJoin('bank_accounts as ba', 'ba.appraiser_id', 'l.appraiser_id')
    .select(['l.appraiser_id', 'ba.holder_name', 'ba.routing_number', 'ba.account_type'])
    .distinct()
    .where('l.batch_id', '=', view.id)
    .execute();
  const byId = new Map(accounts.map((a) => [a.appraiser_id, a]));
  const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const lines = [
    'batch,pay_on,appraiser_id,appraiser,account_holder,routing_number,account_type,account_last4,payables,amount',
    ...view.lines.map((line) => {
      const account = byId.get(line.appraiser.id);
      return [
        view.number,
        view.pay_on,
        line.appraiser.id,
        cell(line.appraiser.name),
        cell(account?.holder_name ?? ''),
        account?.routing_number ?? '',
        account?.account_type ?? '',
        line.account_last4 ?? '',
        String(line.payables),
        line.amount,
      ].join(',');
    }),
  ];
  return { filename: `${view.number}.csv`, text: lines.join('\r\n') + '\r\n' };
}
