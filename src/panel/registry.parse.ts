import { AppError } from '../errors/app-error.ts';
import { isCalendarDay } from '../format/dates.ts';
import { findState } from '../reference/geography.ts';

/**
 * The ASC National Registry's export (docs/assignment.md, "The license registry"): tab-delimited,
 * a header line naming the columns, one license per line. The columns are found by name in any
 * order and case; ST_ABBR, LIC_NUMBER, LNAME, STATUS, LIC_TYPE and EXP_DATE are required, the
 * rest (names, address, company, phone, county) kept when present. Any bad line refuses the whole
 * file, each problem naming its line, so that an import is never half done.
 */

export interface RegistryLine {
  line: number;
  state_id: string;
  number: string;
  number_key: string;
  type: number;
  last_name: string;
  first_name: string | null;
  middle_name: string | null;
  company: string | null;
  phone: string | null;
  street: string | null;
  city: string | null;
  address_state: string | null;
  zip: string | null;
  county: string | null;
  county_code: string | null;
  status: 'A' | 'I';
  expires_on: string;
}

const REQUIRED = ['ST_ABBR', 'LIC_NUMBER', 'LNAME', 'STATUS', 'LIC_TYPE', 'EXP_DATE'] as const;
const OPTIONAL = {
  FNAME: 'first_name',
  MNAME: 'middle_name',
  COMPANY: 'company',
  PHONE: 'phone',
  STREET: 'street',
  CITY: 'city',
  STATE: 'address_state',
  ZIP: 'zip',
  COUNTY: 'county',
  COUNTY_CODE: 'county_code',
} as const;

/** The most problems one answer lists: a file that bad is the wrong file. */
export const PROBLEMS_LISTED = 20;

/** A license number as compared: capitals, digits only (TX 1380423-R = TX1380423R). */
export const numberKey = (number: string) => number.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** MM/DD/YYYY (the registry's) or YYYY-MM-DD, to YYYY-MM-DD; null when neither or no such day. */
function registryDay(text: string): string | null {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const day = us ? `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}` : text;
  return isCalendarDay(day) ? day : null;
}

const refuse = (problems: string[]) =>
  new AppError(
    'validation_failed',
    `The registry file has ${problems.length === 1 ? 'a problem' : 'problems'}; nothing was imported`,
    problems.slice(0, PROBLEMS_LISTED).map((message) => ({ field: 'file', message })),
  );

export function parseRegistryFile(text: string): RegistryLine[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = (lines[0] ?? '').split('\t').map((name) => name.trim().toUpperCase());
  const missing = REQUIRED.filter((name) => !header.includes(name));
  if (missing.length > 0)
    throw refuse([
      `line 1: the header lacks ${missing.join(', ')} (a tab-delimited export of the ASC National Registry)`,
    ]);
  const at = (name: string) => header.indexOf(name);
  // A line short of the last required column cannot be read (a wrapped or cut line).
  const needed = Math.max(...REQUIRED.map(at)) + 1;
  const problems: string[] = [];
  const seen = new Map<string, number>();
  const parsed: RegistryLine[] = [];
  lines.slice(1).forEach((raw, index) => {
    const line = index + 2;
    if (raw.trim() === '') return;
    const cells = raw.split('\t');
    if (cells.length < needed) {
      problems.push(`line ${line}: ${cells.length} columns where the header has ${header.length}`);
      return;
    }
    const cell = (name: string) => (at(name) < 0 ? '' : (cells[at(name)] ?? '').trim());
    const optional = (name: string) => cell(name) || null;
    const said = (name: string) => `${name} "${cell(name)}"`;
    const before = problems.length;
    const state = /^[A-Za-z]{2}$/.test(cell('ST_ABBR')) ? findState(cell('ST_ABBR')) : null;
    if (!state) problems.push(`line ${line}: ${said('ST_ABBR')} is not a state's code`);
    const number = cell('LIC_NUMBER');
    if (number === '' || number.length > 40 || numberKey(number) === '')
      problems.push(`line ${line}: ${said('LIC_NUMBER')} is not a license number`);
    if (cell('LNAME') === '') problems.push(`line ${line}: LNAME is empty`);
    const status = cell('STATUS').toUpperCase();
    if (status !== 'A' && status !== 'I') problems.push(`line ${line}: ${said('STATUS')} is neither A nor I`);
    const type = Number(cell('LIC_TYPE'));
    if (!/^[1-4]$/.test(cell('LIC_TYPE')))
      problems.push(`line ${line}: ${said('LIC_TYPE')} is not 1, 2, 3 or 4`);
    const expires = registryDay(cell('EXP_DATE'));
    if (expires === null) problems.push(`line ${line}: ${said('EXP_DATE')} is not a date (MM/DD/YYYY)`);
    if (problems.length > before || !state || expires === null) return;
    const key = `${state.id}:${number.toUpperCase()}:${type}`;
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push(`line ${line}: repeats the license of line ${first}`);
      return;
    }
    seen.set(key, line);
    parsed.push({
      line,
      state_id: state.id,
      number,
      number_key: numberKey(number),
      type,
      last_name: cell('LNAME'),
      status: status as 'A' | 'I',
      expires_on: expires,
      ...(Object.fromEntries(
        Object.entries(OPTIONAL).map(([column, field]) => [field, optional(column)]),
      ) as Record<(typeof OPTIONAL)[keyof typeof OPTIONAL], string | null>),
    });
  });
  if (problems.length > 0) throw refuse(problems);
  if (parsed.length === 0) throw refuse(['the file holds no license after its header']);
  return parsed;
}
