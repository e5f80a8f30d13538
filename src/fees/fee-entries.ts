import { AppError, type FieldProblem } from '../errors/app-error.ts';
import { centsToDecimal, decimalToCents } from '../format/money.ts';
import { findCounty, findState } from '../reference/geography.ts';
import type { EntryRow, EntryValues } from './fee-schedule.repository.ts';
import type { AppraiserFeeEntryView, FeeEntryInput } from './fee-schedule.schemas.ts';

/**
 * The lines of a fee schedule as they arrive and as they are shown (docs/fees.md): every problem
 * of a replacement is named by its line (`entries[3].county`), all at once, and nothing is kept
 * unless every line is well.
 */

/** A line as shown: money as decimals, the state by its USPS code, the county by FIPS and name. */
export function entryView(row: EntryRow): AppraiserFeeEntryView {
  const county = row.county_id ? findCounty(row.state_id ?? row.county_id.slice(0, 2), row.county_id) : null;
  return {
    id: row.id,
    product_id: row.product_id,
    product_name: row.product_name,
    state: row.state_id ? (findState(row.state_id)?.code ?? row.state_id) : null,
    county: row.county_id ? { fips: row.county_id, name: county?.name ?? row.county_id } : null,
    fee: centsToDecimal(row.fee_cents)!,
    rush_fee: centsToDecimal(row.rush_fee_cents)!,
    rush_days: row.rush_days,
    complexity_fee: centsToDecimal(row.complexity_fee_cents)!,
  };
}

function amount(value: string | null | undefined, field: string, problems: FieldProblem[]): bigint {
  if (value === undefined || value === null) return 0n;
  const cents = decimalToCents(value);
  if (cents === null) {
    problems.push({ field, message: 'must be a decimal amount, e.g. 450.00' });
    return 0n;
  }
  return cents;
}

/**
 * Checks the lines of a schedule: each product one of the company's, each state and county a real
 * one (a county inside the state named with it), a rush fee with its days, no two lines for the
 * same place. `keyOf` adds what else tells lines apart (the client, on the lender's schedule).
 */
export function checkEntries<Input extends FeeEntryInput>(
  entries: readonly Input[],
  companyProducts: ReadonlySet<string>,
  problems: FieldProblem[],
  keyOf: (entry: Input) => string = () => '',
): EntryValues[] {
  const seen = new Map<string, number>();
  return entries.map((entry, index) => {
    const at = (field: string) => `entries[${index}].${field}`;
    const problemsBefore = problems.length;
    const productId = entry.product_id.toLowerCase();
    if (!companyProducts.has(productId))
      problems.push({ field: at('product_id'), message: "is not one of the company's products" });
    const state = entry.state ? findState(entry.state) : null;
    if (entry.state && !state)
      problems.push({ field: at('state'), message: 'is not a US state or territory' });
    let stateId = state?.id ?? null;
    let countyId: string | null = null;
    if (entry.county) {
      const county = findCounty(entry.county.slice(0, 2), entry.county);
      if (!county) problems.push({ field: at('county'), message: 'is not a county FIPS code' });
      else if (state && county.stateId !== state.id)
        problems.push({ field: at('county'), message: `is not in ${state.code}` });
      else {
        countyId = county.id;
        stateId = county.stateId;
      }
    }
    const values: EntryValues = {
      product_id: productId,
      state_id: stateId,
      county_id: countyId,
      fee_cents: amount(entry.fee, at('fee'), problems),
      rush_fee_cents: amount(entry.rush_fee, at('rush_fee'), problems),
      rush_days: entry.rush_days ?? null,
      complexity_fee_cents: amount(entry.complexity_fee, at('complexity_fee'), problems),
    };
    if ((values.rush_days === null) !== (values.rush_fee_cents === 0n))
      problems.push({
        field: at(values.rush_days === null ? 'rush_days' : 'rush_fee'),
        message:
          'is needed with the other: a rush fee applies when the due date is fewer than rush_days days away',
      });
    // A line with a problem of its own is not compared: its place is not known.
    if (problems.length > problemsBefore) return values;
    const key = `${keyOf(entry)}|${productId}|${stateId ?? ''}|${countyId ?? ''}`;
    const earlier = seen.get(key);
    if (earlier !== undefined)
      problems.push({
        field: `entries[${index}]`,
        message: `says again what entries[${earlier}] says for the same place`,
      });
    else seen.set(key, index);
    return values;
  });
}

export function refuseProblems(problems: FieldProblem[], what: string): void {
  if (problems.length > 0)
    throw new AppError(
      'validation_failed',
      `${what} is not valid: ${problems.map((problem) => problem.field).join(', ')}`,
      problems,
    );
}
