import { sql } from 'kysely';
import type { AuthUser } from '../auth/principal.ts';
import type { Db } from '../db/connection.ts';
import { centsToDecimal } from '../format/money.ts';
import { companyInReach } from '../organizations/company-reach.ts';

/**
 * The year's 1099-NEC figures per appraiser (docs/money.md, "1099-NEC"): what the company paid each
 * of them in payouts settled in that calendar year, with whether it holds their W-9 (the panel),
 * and whether the total reaches the year's reporting threshold: $600 for payments through 2025,
 * $2,000 from 2026 (raised by Public Law 119-21; indexed for inflation after 2026, when the figure
 * here must follow the IRS's).
 */
export const threshold1099Cents = (year: number): bigint => (year >= 2026 ? 200_000n : 60_000n);

const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export async function form1099Csv(db: Db, user: AuthUser, companyIdParam: string, year: number) {
  const companyId = await companyInReach(db, user, companyIdParam);
  const { rows } = await sql<{
    appraiser_id: string;
    first_name: string;
    last_name: string;
    email: string;
    w9_on_file: boolean | null;
    paid: string;
    payouts: string;
  }>`
    SELECT l.appraiser_id, u.first_name, u.last_name, u.email, ap.w9_on_file,
           sum(l.amount_cents) AS paid, count(DISTINCT b.id) AS payouts
      FROM payout_batches b
      JOIN payout_lines l ON l.batch_id = b.id
      JOIN users u ON u.id = l.appraiser_id
      LEFT JOIN appraiser_profiles ap ON ap.appraiser_id = l.appraiser_id
     WHERE b.company_id = ${companyId} AND b.status = 'paid'
       AND b.pay_on >= make_date(${year}, 1, 1) AND b.pay_on < make_date(${year + 1}, 1, 1)
     GROUP BY l.appraiser_id, u.first_name, u.last_name, u.email, ap.w9_on_file
     ORDER BY u.last_name, u.first_name, l.appraiser_id`.execute(db);
  const limit = threshold1099Cents(year);
  const lines = [
    'appraiser_id,name,email,w9_on_file,total_paid,payouts,reportable',
    ...rows.map((row) =>
      [
        row.appraiser_id,
        csvCell(`${row.first_name} ${row.last_name}`),
        csvCell(row.email),
        row.w9_on_file ? 'yes' : 'no',
        centsToDecimal(row.paid)!,
        row.payouts,
        BigInt(row.paid) >= limit ? 'yes' : 'no',
      ].join(','),
    ),
  ];
  return { filename: `1099-nec-${year}.csv`, text: lines.join('\r\n') + '\r\n' };
}
