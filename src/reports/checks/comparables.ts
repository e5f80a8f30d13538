import { milesBetween } from '../../reference/distance.ts';
import type { Finding } from '../findings.ts';
import type { ReportComparable, ReportModel } from '../report.model.ts';
import type { CheckContext } from './check-context.ts';

/**
 * The comparables' arithmetic and sanity: what a reviewer checks by hand on every report. The
 * thresholds are the company's (CheckThresholds); the defaults are the GSEs' long-standing
 * review guidelines (15 % net, 25 % gross, sales within 12 months).
 */
const money = (value: number) => `$${value.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
const cents = (value: string) => Math.round(Number(value) * 100);

function finding(
  id: string,
  comparable: ReportComparable,
  field: string,
  severity: Finding['severity'],
  message: string,
) {
  return {
    id,
    source: 'comparable' as const,
    severity,
    message: `Comparable ${comparable.number}: ${message}`,
    field: `comparables[${comparable.number}].${field}`,
    line: null,
  };
}

/** The day `months` months before a YYYY-MM-DD date (the 31st of a shorter month is its last day). */
function monthsBefore(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 - months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(date, last));
  return first.toISOString().slice(0, 10);
}

export function checkComparables(report: ReportModel, context: CheckContext): Finding[] {
  const { thresholds } = context;
  const found: Finding[] = [];
  const subject = report.subject;
  for (const comparable of report.comparables) {
    const price = comparable.sale_price === null ? null : cents(comparable.sale_price);
    const net = comparable.net_adjustment === null ? null : cents(comparable.net_adjustment);
    const adjusted = comparable.adjusted_price === null ? null : cents(comparable.adjusted_price);
    if (price !== null && net !== null && adjusted !== null && price + net !== adjusted)
      found.push(
        finding(
          'CMP-ADJUSTED-PRICE',
          comparable,
          'adjusted_price',
          'fatal',
          `the adjusted price ${money(adjusted / 100)} is not the price ${money(price / 100)} plus the net adjustment ${money(net / 100)} (${money((price + net) / 100)}).`,
        ),
      );
    const sum = comparable.adjustments.reduce((total, adjustment) => total + cents(adjustment.amount), 0);
    if (net !== null && comparable.adjustments.length > 0 && sum !== net)
      found.push(
        finding(
          'CMP-NET-ADJUSTMENT',
          comparable,
          'net_adjustment',
          'fatal',
          `the adjustments add up to ${money(sum / 100)}, not the net adjustment of ${money(net / 100)}.`,
        ),
      );
    if (price !== null && price > 0) {
      const netPercent = (Math.abs(net ?? sum) / price) * 100;
      const gross = comparable.adjustments.reduce(
        (total, adjustment) => total + Math.abs(cents(adjustment.amount)),
        0,
      );
      const grossPercent = (gross / price) * 100;
      if (netPercent > thresholds.net_adjustment_percent)
        found.push(
          finding(
            'CMP-NET-PERCENT',
            comparable,
            'net_adjustment',
            'warning',
            `a net adjustment of ${netPercent.toFixed(1)} % of the price, above ${thresholds.net_adjustment_percent} %: the report should say why this sale is still comparable.`,
          ),
        );
      if (grossPercent > thresholds.gross_adjustment_percent)
        found.push(
          finding(
            'CMP-GROSS-PERCENT',
            comparable,
            'adjustments',
            'warning',
            `gross adjustments of ${grossPercent.toFixed(1)} % of the price, above ${thresholds.gross_adjustment_percent} %.`,
          ),
        );
    }
    if (comparable.sale_date !== null && report.effective_date !== null) {
      if (comparable.sale_date < monthsBefore(report.effective_date, thresholds.comparable_max_age_months))
        found.push(
          finding(
            'CMP-SALE-AGE',
            comparable,
            'sale_date',
            'warning',
            `sold on ${comparable.sale_date}, more than ${thresholds.comparable_max_age_months} months before the effective date ${report.effective_date}.`,
          ),
        );
      if (comparable.sale_date > report.effective_date)
        found.push(
          finding(
            'CMP-SALE-AFTER-EFFECTIVE',
            comparable,
            'sale_date',
            'warning',
            `sold on ${comparable.sale_date}, after the effective date ${report.effective_date}.`,
          ),
        );
    }
    if (
      comparable.proximity_miles !== null &&
      comparable.latitude !== null &&
      comparable.longitude !== null &&
      subject.latitude !== null &&
      subject.longitude !== null
    ) {
      const miles = milesBetween(
        { lat: subject.latitude, lng: subject.longitude },
        { lat: comparable.latitude, lng: comparable.longitude },
      );
      if (Math.abs(miles - comparable.proximity_miles) > thresholds.proximity_tolerance_miles)
        found.push(
          finding(
            'CMP-PROXIMITY',
            comparable,
            'proximity_miles',
            'warning',
            `the report gives ${comparable.proximity_miles} miles from the subject; its coordinates are ${miles.toFixed(2)} miles away.`,
          ),
        );
    }
  }
  const adjustedPrices = report.comparables.flatMap((comparable) =>
    comparable.adjusted_price === null ? [] : [Number(comparable.adjusted_price)],
  );
  if (report.value !== null && adjustedPrices.length > 0) {
    const value = Number(report.value);
    const low = Math.min(...adjustedPrices);
    const high = Math.max(...adjustedPrices);
    if (value < low || value > high)
      found.push({
        id: 'CMP-VALUE-RANGE',
        source: 'comparable',
        severity: 'warning',
        message: `The opinion of value, ${money(value)}, is outside the range of the comparables' adjusted prices (${money(low)} to ${money(high)}).`,
        field: 'value',
        line: null,
      });
  }
  return found;
}
