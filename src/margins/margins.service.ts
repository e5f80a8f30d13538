import type { AuthUser } from '../auth/principal.ts';
import { BusinessCalendar } from '../calendar/business-calendar.ts';
import { findCompanyCalendar } from '../calendar/calendar-settings.repository.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/connection.ts';
import { invalid } from '../errors/app-error.ts';
import { formatDate } from '../format/dates.ts';
import { centsToDecimal } from '../format/money.ts';
import { renderPdf, type PdfDocumentContent } from '../payments/pdf.ts';
import { companyInReach } from '../organizations/company-reach.ts';
import { findCounty, findState } from '../reference/geography.ts';
import { feeEvidenceRows, marginSums } from './margins.repository.ts';
import type { FeeEvidenceView, MarginReportView } from './margins.schemas.ts';

/**
 * Margins (what the company kept of what its lenders paid) and the customary-and-reasonable fee
 * evidence (docs/money.md): over the orders delivered in a period, in the company's zone. For the
 * company's staff and operators only: lenders never see an appraiser's fee, appraisers never a
 * lender's.
 */
const money = (cents: bigint | string) => centsToDecimal(cents)!;
const DAY_MS = 86_400_000;
const LAST_12 = 'last_12_months';

function figures(orders: number, lender: bigint, appraiser: bigint) {
  const margin = lender - appraiser;
  return {
    orders,
    lender_fees: money(lender),
    appraiser_fees: money(appraiser),
    margin: money(margin),
    margin_percent: lender > 0n ? Number((margin * 1000n) / lender) / 10 : null,
  };
}

async function window(db: Db, companyId: string, period: string, config: Config) {
  const calendar = await findCompanyCalendar(db, companyId, config.timeZone);
  if (period === LAST_12) {
    const to = new Date();
    return { from: new Date(to.getTime() - 365 * DAY_MS), to, timeZone: calendar.time_zone };
  }
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(period))
    throw invalid('period', 'must be a month, YYYY-MM, or last_12_months');
  const business = new BusinessCalendar(calendar);
  const [year, month] = [Number(period.slice(0, 4)), Number(period.slice(5, 7))];
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  return {
    from: business.at(`${period}-01`, '00:00'),
    to: business.at(`${next}-01`, '00:00'),
    timeZone: calendar.time_zone,
  };
}

function countyName(stateId: string, key: string): string {
  if (/^\d{5}$/.test(key)) {
    const county = findCounty(stateId, key);
    if (county) return `${county.name}, ${county.stateCode}`;
  }
  return findState(key)?.name ? `${findState(key)!.name} (county unknown)` : key;
}

export async function marginReport(
  db: Db,
  user: AuthUser,
  companyIdParam: string,
  query: { period?: string | undefined; by?: 'client' | 'product' | 'county' | 'month' | undefined },
  config: Config,
): Promise<MarginReportView> {
  const companyId = await companyInReach(db, user, companyIdParam);
  const period = query.period ?? LAST_12;
  const by = query.by ?? 'client';
  const { from, to, timeZone } = await window(db, companyId, period, config);
  const rows = await marginSums(db, companyId, from, to, by, timeZone);
  const ids = rows.map((r) => r.key).filter((k): k is string => k !== null && /^[0-9a-f-]{36}$/.test(k));
  const names = new Map<string, string>();
  if (ids.length && by === 'client')
    for (const o of await db
      .selectFrom('organizations')
      .select(['id', 'name'])
      .where('id', 'in', ids)
      .execute())
      names.set(o.id, o.name);
  if (ids.length && by === 'product')
    for (const p of await db.selectFrom('products').select(['id', 'name']).where('id', 'in', ids).execute())
      names.set(p.id, p.name);
  const nameOf = (key: string | null, stateId: string) =>
    key === null
      ? '(none)'
      : by === 'county'
        ? countyName(stateId, key)
        : by === 'month'
          ? key
          : (names.get(key) ?? key);
  let orders = 0;
  let lender = 0n;
  let appraiser = 0n;
  const out = rows.map((row) => {
    orders += Number(row.orders);
    lender += BigInt(row.lender);
    appraiser += BigInt(row.appraiser);
    return {
      key: row.key ?? '',
      name: nameOf(row.key, row.state_id),
      ...figures(Number(row.orders), BigInt(row.lender), BigInt(row.appraiser)),
    };
  });
  return {
    company_id: companyId,
    period,
    from: from.toISOString(),
    to: to.toISOString(),
    by,
    rows: out.sort((a, b) => a.name.localeCompare(b.name)),
    totals: figures(orders, lender, appraiser),
  };
}

export async function feeEvidence(
  db: Db,
  user: AuthUser,
  companyIdParam: string,
  months: number,
): Promise<FeeEvidenceView> {
  const companyId = await companyInReach(db, user, companyIdParam);
  const to = new Date();
  const from = new Date(to);
  from.setUTCMonth(from.getUTCMonth() - months);
  const rows = await feeEvidenceRows(db, companyId, from, to);
  return {
    company_id: companyId,
    from: from.toISOString(),
    to: to.toISOString(),
    months,
    rows: rows.map((row) => {
      const county = findCounty(row.state_id, row.county_id);
      return {
        state: findState(row.state_id)?.code ?? row.state_id,
        county: { fips: row.county_id, name: county?.name ?? row.county_id },
        product: { id: row.product_id, name: row.product_name },
        fees: Number(row.fees),
        paid: Number(row.paid),
        minimum: money(row.minimum),
        first_quartile: money(row.q1),
        median: money(row.median),
        third_quartile: money(row.q3),
        maximum: money(row.maximum),
        mean: money(row.mean),
        bids_awarded: Number(row.bids),
        conditions_approved: Number(row.conditions),
        negotiations_approved: Number(row.negotiations),
      };
    }),
  };
}

const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export function marginCsv(report: MarginReportView): string {
  const line = (key: string, name: string, f: MarginReportView['totals']) =>
    [key, cell(name), f.orders, f.lender_fees, f.appraiser_fees, f.margin, f.margin_percent ?? ''].join(',');
  return (
    [
      `${report.by},name,orders,lender_fees,appraiser_fees,margin,margin_percent`,
      ...report.rows.map((row) => line(row.key, row.name, row)),
      line('', 'Total', report.totals),
    ].join('\r\n') + '\r\n'
  );
}

export function feeEvidenceCsv(evidence: FeeEvidenceView): string {
  return (
    [
      'state,county_fips,county,product,fees,paid,minimum,first_quartile,median,third_quartile,maximum,mean,bids_awarded,conditions_approved,negotiations_approved',
      ...evidence.rows.map((r) =>
        [
          r.state,
          r.county.fips,
          cell(r.county.name),
          cell(r.product.name),
          r.fees,
          r.paid,
          r.minimum,
          r.first_quartile,
          r.median,
          r.third_quartile,
          r.maximum,
          r.mean,
          r.bids_awarded,
          r.conditions_approved,
          r.negotiations_approved,
        ].join(','),
      ),
    ].join('\r\n') + '\r\n'
  );
}

/** The evidence as a PDF an examiner can read: a line per county and product, the window and how it is counted. */
export async function feeEvidencePdf(
  db: Db,
  evidence: FeeEvidenceView,
  timeZone: string,
): Promise<Uint8Array> {
  const company = await db
    .selectFrom('organizations')
    .select('name')
    .where('id', '=', evidence.company_id)
    .executeTakeFirstOrThrow();
  const day = (iso: string) => formatDate(new Date(iso), timeZone) ?? iso.slice(0, 10);
  const content: PdfDocumentContent = {
    title: 'Appraiser fees: customary and reasonable',
    issuer: { name: company.name, lines: [] },
    meta: [
      ['Window', `${day(evidence.from)} to ${day(evidence.to)} (${evidence.months} months)`],
      ['Counties and products', String(evidence.rows.length)],
      ['Fees counted', String(evidence.rows.reduce((sum, r) => sum + r.fees, 0))],
    ],
    blocks: [
      {
        heading: 'What is counted',
        lines: [
          'The fee each appraiser earned for an order delivered in the window (the accepted offer or awarded bid, with approved conditions), by the county of the property and the product. Quartiles are of those fees; paid: paid out in full.',
          'Regulation Z 1026.42(f): fees reasonably related to recent rates paid in the geographic market.',
        ],
      },
    ],
    facts: [],
    tables: [
      {
        heading: ['County and product: fees, quartiles, changes', 'Median'],
        rows: evidence.rows.length
          ? evidence.rows.map((r): [string, string] => [
              `${r.county.name}, ${r.state} (${r.county.fips}), ${r.product.name}: ${r.fees} fees (${r.paid} paid); ` +
                `low $${r.minimum}, Q1 $${r.first_quartile}, Q3 $${r.third_quartile}, high $${r.maximum}, mean $${r.mean}; ` +
                `bids awarded ${r.bids_awarded}, conditions approved ${r.conditions_approved}, negotiations ${r.negotiations_approved}`,
              `$${r.median}`,
            ])
          : [['No fees in the window', '']],
        totals: [],
      },
    ],
    notes: [
      `Prepared ${day(new Date().toISOString())} from the service's records of orders, offers, bids and payouts.`,
    ],
  };
  return renderPdf(content);
}
