import { humanize, usDay } from '../../lib/format.ts';
import { money } from '../../lib/money.ts';
import type { ReportFinding, ReportSummary } from '../../queries/reports.ts';

/**
 * The words of what the service read of a report: the fields its findings and changes name
 * (`subject.address.county`, `comparables[2].adjusted_price`, an XML element path), its values
 * as people write them, and the counts of its findings.
 */
const FIELDS: Record<string, string> = {
  value: 'Value',
  effective_date: 'Effective date',
  condition_of_value: 'Condition of value',
  inspection_date: 'Inspection date',
  'contract.price': 'Contract price',
  'contract.date': 'Contract date',
  'subject.address.line': "Subject's street address",
  'subject.address.unit': "Subject's unit",
  'subject.address.city': "Subject's city",
  'subject.address.state': "Subject's state",
  'subject.address.postal_code': "Subject's ZIP code",
  'subject.address.county': "Subject's county",
  'subject.property_kind': 'Kind of property',
  'subject.condition': "Subject's condition rating",
  'subject.quality': "Subject's quality rating",
  'file_numbers.management_company': 'File number',
  agency_case_number: 'Agency case number',
  government_agency: 'Government agency',
  'client.name': 'Client',
  assignment_type: 'Assignment type',
  valuation_method: 'Valuation method',
  comparables: 'Number of comparables',
  adjusted_price: 'adjusted price',
  net_adjustment: 'net adjustment',
  sale_date: 'sale date',
  sale_price: 'price',
  proximity_miles: 'proximity',
};

const SIGNERS: Record<string, string> = { appraiser: "Appraiser's", supervisor: "Supervisor's" };

/**
 * What a finding or a change points at, in words: a field of the report as a label
 * ("Comparable 2, adjusted price", "Appraiser's license number"), an element of the XML by its
 * last steps (…/ADDRESS/CountyName), anything else as the service names it.
 */
export function fieldText(field: string): string {
  if (FIELDS[field]) return FIELDS[field];
  const comparable = /^comparables\[(\d+)\]\.(.+)$/.exec(field);
  if (comparable)
    return `Comparable ${comparable[1]}, ${FIELDS[comparable[2]!] ?? humanize(comparable[2]!).toLowerCase()}`;
  const signer = /^(appraiser|supervisor)\.license(?:\.(\w+))?$/.exec(field);
  if (signer)
    return `${SIGNERS[signer[1]!]} license${signer[2] ? ` ${humanize(signer[2]).toLowerCase()}` : ''}`;
  const steps = field.split('/');
  return steps.length > 3 ? `…/${steps.slice(-3).join('/')}` : field;
}

/** Where a finding points: "County, line 62" (the line where there is one). */
export const findingPlace = (finding: ReportFinding) =>
  finding.line === null ? fieldText(finding.field) : `${fieldText(finding.field)}, line ${finding.line}`;

/** A day of the report (YYYY-MM-DD) as people here write it; "—" for none. */
export const reportDay = (day: string | null) => (day ? usDay(day) : '—');

/** "Subject to repair"; "—" for none. */
export const conditionOfValue = (condition: ReportSummary['condition_of_value']) =>
  condition ? humanize(condition) : '—';

/** A changed field's value as text: amounts as dollars, days as days, codes in words. */
export function changeValue(field: string, value: string | null): string {
  if (value === null || value === '') return 'none';
  if (/(^value|price|adjustment)$/.test(field)) return money(value);
  if (/date$/.test(field)) return usDay(value);
  if (field === 'condition_of_value') return humanize(value);
  return value;
}

/** "$491,000.00 as of 09/20/2026, subject to repair": the opinion of value in one line. */
export function valueLine(report: ReportSummary): string {
  const asOf = report.effective_date ? ` as of ${usDay(report.effective_date)}` : '';
  const condition = report.condition_of_value ? `, ${humanize(report.condition_of_value).toLowerCase()}` : '';
  return `${report.value ? money(report.value) : 'No value'}${asOf}${condition}`;
}

/** "1 fatal finding, 2 warnings"; `none` ("no findings") when there is none. */
export function countsText(fatal: number, warnings: number, none = 'no findings'): string {
  if (fatal === 0 && warnings === 0) return none;
  const parts = [];
  if (fatal > 0) parts.push(`${fatal} fatal finding${fatal === 1 ? '' : 's'}`);
  if (warnings > 0) parts.push(`${warnings} warning${warnings === 1 ? '' : 's'}`);
  return parts.join(', ');
}

/** "Avery Appraiser, TX-1380057-R (TX, certified residential, expires 10/28/2028)". */
export function signerLine(signer: ReportSummary['appraiser']): string | null {
  if (!signer?.name) return null;
  const license = signer.license;
  if (!license?.number) return `${signer.name}, no license given`;
  const about = [
    license.state,
    license.level && humanize(license.level).toLowerCase(),
    license.expires_on && `expires ${usDay(license.expires_on)}`,
  ].filter(Boolean);
  return `${signer.name}, license ${license.number}${about.length ? ` (${about.join(', ')})` : ''}`;
}
