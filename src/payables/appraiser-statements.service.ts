import { sql } from 'kysely';
import type { Principal } from '../auth/principal.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/connection.ts';
import { notFound } from '../errors/app-error.ts';
import { centsToDecimal } from '../format/money.ts';
import { monthOf } from '../ledger/statement-month.ts';
import type { AppraiserStatementView } from './payables.schemas.ts';
import { appraiserOf } from './payout-settings.service.ts';
import { batchNumber } from './payout-batches.service.ts';

/**
 * An appraiser's monthly statement (docs/money.md, "Appraiser statements"): what their company
 * owed them at the start of a month in its zone, every entry of their payables in the month (fees
 * earned and changed, submission fees deducted, payouts), and what it owed at the end. For the
 * appraiser, their company's staff and operators; never a lender.
 */
const money = (cents: bigint | string) => centsToDecimal(cents)!;
const DESCRIPTIONS: Record<string, string> = {
  fee: 'Fee earned',
  adjustment: 'Fee changed',
  extra: 'Extra',
  submission_fee: 'Submission fee',
};

export async function appraiserStatement(
  db: Db,
  principal: Principal,
  appraiserIdParam: string,
  month: string,
  config: Config,
): Promise<AppraiserStatementView> {
  const appraiser = await appraiserOf(db, principal, appraiserIdParam);
  const companyId = appraiser.organization_id;
  if (!companyId) throw notFound('appraiser');
  const period = await monthOf(db, companyId, month, config);
  const [people, sums, lines] = await Promise.all([
    db
      .selectFrom('users as u')
      .innerJoin('organizations as c', 'c.id', 'u.organization_id')
      .select(['u.first_name', 'u.last_name', 'c.name as company_name'])
      .where('u.id', '=', appraiser.id)
      .executeTakeFirstOrThrow(),
    sql<{ opening: string; earned: string; deducted: string; paid: string }>`
      SELECT coalesce(sum(amount_cents) FILTER (WHERE created_at < ${period.from}), 0) AS opening,
             coalesce(sum(amount_cents) FILTER (WHERE created_at >= ${period.from} AND kind IN ('fee', 'adjustment', 'extra')), 0) AS earned,
             coalesce(sum(amount_cents) FILTER (WHERE created_at >= ${period.from} AND kind = 'submission_fee'), 0) AS deducted,
             coalesce(sum(amount_cents) FILTER (WHERE created_at >= ${period.from} AND kind = 'payout'), 0) AS paid
        FROM payable_entries
       WHERE appraiser_id = ${appraiser.id} AND company_id = ${companyId} AND created_at < ${period.to}`.execute(
      db,
    ),
    db
      .selectFrom('payable_entries as e')
      .innerJoin('payables as p', 'p.id', 'e.payable_id')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .leftJoin('payout_batches as b', 'b.id', 'e.payout_batch_id')
      .select(['e.created_at', 'e.kind', 'e.amount_cents', 'e.reason', 'o.file_number', 'b.number as batch'])
      .where('e.appraiser_id', '=', appraiser.id)
      .where('e.company_id', '=', companyId)
      .where('e.created_at', '>=', period.from)
      .where('e.created_at', '<', period.to)
      .orderBy('e.created_at')
      .orderBy('e.id')
      .execute(),
  ]);
  const sum = sums.rows[0]!;
  const opening = BigInt(sum.opening);
  const closing = opening + BigInt(sum.earned) + BigInt(sum.deducted) + BigInt(sum.paid);
  return {
    company: { id: companyId, name: people.company_name },
    appraiser: { id: appraiser.id, name: `${people.first_name} ${people.last_name}` },
    month,
    opening_owed: money(opening),
    earned: money(sum.earned),
    deducted: money(sum.deducted),
    paid: money(sum.paid),
    closing_owed: money(closing),
    lines: lines.map((line) => ({
      at: line.created_at.toISOString(),
      kind: line.kind,
      file_number: line.file_number,
      description:
        line.kind === 'payout' && line.batch !== null
          ? `Payout ${batchNumber(line.batch)}`
          : line.kind === 'extra'
            ? `Extra: ${line.reason ?? ''}`
            : (DESCRIPTIONS[line.kind] ?? line.kind),
      amount: money(line.amount_cents),
    })),
  };
}

const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The statement as CSV (RFC 4180): the opening, a line per entry, the closing. */
export function appraiserStatementCsv(statement: AppraiserStatementView): string {
  const rows = [
    'date,file_number,description,amount',
    `,,Owed at the start,${statement.opening_owed}`,
    ...statement.lines.map((line) =>
      [line.at.slice(0, 10), line.file_number, line.description, line.amount].map(cell).join(','),
    ),
    `,,Owed at the end,${statement.closing_owed}`,
  ];
  return `${rows.join('\r\n')}\r\n`;
}
