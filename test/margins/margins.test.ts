import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { createCompany, createUserWithKey } from '../helpers/factories.ts';
import { pdfText } from '../helpers/pdf.ts';

/**
 * Margins and the customary-and-reasonable fee evidence (docs/money.md): figures that match the
 * orders they count, computed here by hand, and for the company's eyes only.
 */
const t = useTestApp();
const world = useDemoWorld(t);

const get = (key: string, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { 'X-Api-Key': key } });

/** percentile_cont, by hand: the value at rank p × (n − 1), between its neighbours. */
function percentile(sorted: number[], p: number): number {
  const rank = p * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return Math.round(sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low));
}

describe('margins and fee evidence', () => {
  it('add up to the orders delivered, and give the quartiles of the fees paid by county and product', async () => {
    for (let i = 0; i < 4; i++) {
      const order = await world.toInReview({ payment_method: 'invoice' });
      await world.step(world.staff, order.id, 'request_completion', 'Completed');
    }
    const company = `/companies/${world.demo.company_id}`;
    const delivered = await t.db
      .selectFrom('orders')
      .select([
        'client_id',
        'county_id',
        'state_id',
        'first_product_id',
        'total_fee_cents',
        'appraiser_fee_cents',
      ])
      .where('company_id', '=', world.demo.company_id)
      .where('completed_at', 'is not', null)
      .execute();
    const lender = delivered.reduce((sum, o) => sum + BigInt(o.total_fee_cents), 0n);
    const appraiser = delivered.reduce((sum, o) => sum + BigInt(o.appraiser_fee_cents ?? 0), 0n);
    const cents = (n: bigint) => `${n / 100n}.${String(n % 100n).padStart(2, '0')}`;

    const margins = await get(world.staff, `${company}/margins?period=last_12_months&by=client`);
    expect(margins.statusCode, margins.body).toBe(200);
    const report = margins.json<{ totals: Record<string, unknown>; rows: { name: string }[] }>();
    expect(report.totals).toMatchObject({
      orders: delivered.length,
      lender_fees: cents(lender),
      appraiser_fees: cents(appraiser),
      margin: cents(lender - appraiser),
    });
    expect(report.rows.map((r) => r.name)).toContain(
      (
        await t.db
          .selectFrom('organizations')
          .select('name')
          .where('id', '=', world.demo.client_id)
          .executeTakeFirstOrThrow()
      ).name,
    );
    const byCounty = await get(world.staff, `${company}/margins?by=county`);
    expect(byCounty.json<{ rows: { name: string }[] }>().rows[0]!.name).toMatch(
      /County, [A-Z]{2}$|county unknown/,
    );
    const csv = await get(world.staff, `${company}/margins/export?by=month`);
    expect(csv.body.split('\r\n')[0]).toBe(
      'month,name,orders,lender_fees,appraiser_fees,margin,margin_percent',
    );
    expect(csv.body).toContain(`,Total,${delivered.length},${cents(lender)},${cents(appraiser)},`);

    const evidence = await get(world.staff, `${company}/fee_evidence?months=12`);
    expect(evidence.statusCode, evidence.body).toBe(200);
    const rows = evidence.json<{
      rows: {
        county: { fips: string };
        product: { id: string };
        fees: number;
        median: string;
        first_quartile: string;
        third_quartile: string;
      }[];
    }>().rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const fees = delivered
        .filter(
          (o) =>
            o.county_id === row.county.fips &&
            o.first_product_id === row.product.id &&
            o.appraiser_fee_cents !== null,
        )
        .map((o) => Number(o.appraiser_fee_cents))
        .sort((a, b) => a - b);
      expect(row.fees).toBe(fees.length);
      expect(row.median).toBe(cents(BigInt(percentile(fees, 0.5))));
      expect(row.first_quartile).toBe(cents(BigInt(percentile(fees, 0.25))));
      expect(row.third_quartile).toBe(cents(BigInt(percentile(fees, 0.75))));
    }
    const evidenceCsv = await get(world.staff, `${company}/fee_evidence/export`);
    expect(evidenceCsv.body.split('\r\n')[0]).toMatch(
      /^state,county_fips,county,product,fees,paid,minimum,first_quartile,median/,
    );
    const pdf = await get(world.staff, `${company}/fee_evidence/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ')).toContain(
      'Appraiser fees: customary and reasonable',
    );
    if (['/usr/bin/pdftoppm', '/usr/local/bin/pdftoppm'].some((p) => existsSync(p))) {
      const file = path.join(os.tmpdir(), 'fee-evidence.pdf');
      writeFileSync(file, pdf.rawPayload);
      execFileSync('pdftoppm', ['-png', '-r', '60', '-singlefile', file, file.replace(/\.pdf$/, '')]);
    }
  });

  it('are for the company alone, and refuse a period or window that is none', async () => {
    const company = `/companies/${world.demo.company_id}`;
    for (const url of [`${company}/margins`, `${company}/fee_evidence`]) {
      expect((await get(world.client, url)).statusCode, url).toBe(403);
      expect((await get(world.appraiser, url)).statusCode, url).toBe(403);
    }
    const other = await createUserWithKey(t.db, 'staff', await createCompany(t.db), { admin: true });
    expect((await get(other.key, `${company}/margins`)).statusCode).toBe(404);
    const badPeriod = await get(world.staff, `${company}/margins?period=Q3`);
    expect(badPeriod.statusCode).toBe(422);
    expect(JSON.stringify(badPeriod.json())).toContain('period');
    expect((await get(world.staff, `${company}/fee_evidence?months=0`)).statusCode).toBe(422);
    expect((await get(world.staff, `${company}/margins?by=borrower`)).statusCode).toBe(422);
  });
});
