import { readFileSync } from 'node:fs';
import type { FindingSeverity } from '../findings.ts';

/**
 * The GSEs' compliance rules as they publish them (Appendix H-1, src/reports/uad/SOURCE.md):
 * each message id's severity, text, xPath and limits. The checks take these from the CSV rather
 * than copying them, so that a new version of the workbook changes the wording and severities
 * without touching the code.
 */
const RULES_FILE = new URL('../uad/rules/h1-compliance-rules-v1.4.csv', import.meta.url);

export interface CatalogEntry {
  id: string;
  severity: FindingSeverity;
  /** The message as published; it may hold %PV% and %RV1%… for the values a finding names. */
  text: string;
  /** The abbreviated xPath of the data point (`../VALUATION_ANALYSIS/PROPERTIES/PROPERTY/ADDRESS/`). */
  xPath: string;
  /** Every xPath the id is published under, when it is published on several rows. */
  xPaths: string[];
  dataPoint: string;
  logic: string;
  /** Min Value and Max Value as published: a number, or a relative limit ("Current - 367"). */
  min: string | null;
  max: string | null;
  dateFormat: string | null;
}

/**
 * Reads CSV text into rows of fields: quoted fields may hold commas, newlines and doubled
 * quotes; a UTF-8 byte order mark and CRLF line ends are accepted (a workbook saved as CSV has
 * either, depending on the program that saved it).
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; at < text.length; at++) {
    const char = text[at]!;
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[at + 1] === '"') {
        field += '"';
        at++;
      } else quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[at + 1] === '\n') at++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

const blankAsNull = (value: string | undefined) => {
  // "Current + 1" is published once with its quotes kept.
  const cleaned = (value ?? '').trim().replace(/^"(.*)"$/, '$1');
  return cleaned === '' ? null : cleaned;
};

/**
 * The catalog of a rules CSV, by message id. An id published on several rows (one message for
 * several data points) keeps the first row's text and limits, takes every row's xPath, and is
 * fatal if any of its rows is: a finding must never be milder than the GSEs make it.
 */
export function readCatalog(text: string): Map<string, CatalogEntry> {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new Error('the H-1 rules CSV is empty');
  const column = (name: string) => {
    const index = header.findIndex((cell) => cell.trim() === name);
    if (index === -1) throw new Error(`the H-1 rules CSV has no "${name}" column`);
    return index;
  };
  const columns = {
    id: column('Message ID'),
    text: column('Message Text'),
    logic: column('Rule Logic'),
    severity: column('Severity'),
    dataPoint: column('Data Point Name / Value'),
    xPath: column('xPath'),
    dateFormat: column('Date Format'),
    min: column('Min Value'),
    max: column('Max Value'),
  };
  const catalog = new Map<string, CatalogEntry>();
  for (const row of rows) {
    const id = row[columns.id]?.trim();
    if (!id) continue;
    const severity: FindingSeverity =
      row[columns.severity]?.trim().toLowerCase() === 'fatal' ? 'fatal' : 'warning';
    const xPath = row[columns.xPath]?.trim() ?? '';
    const known = catalog.get(id);
    if (known) {
      if (!known.xPaths.includes(xPath)) known.xPaths.push(xPath);
      if (severity === 'fatal') known.severity = 'fatal';
      continue;
    }
    catalog.set(id, {
      id,
      severity,
      text: row[columns.text]?.trim() ?? '',
      xPath,
      xPaths: [xPath],
      dataPoint: row[columns.dataPoint]?.trim() ?? '',
      logic: row[columns.logic]?.trim() ?? '',
      min: blankAsNull(row[columns.min]),
      max: blankAsNull(row[columns.max]),
      dateFormat: blankAsNull(row[columns.dateFormat]),
    });
  }
  return catalog;
}

let loaded: Map<string, CatalogEntry> | null = null;

/** The published rules, read from the CSV on first use. */
export function h1Catalog(): ReadonlyMap<string, CatalogEntry> {
  loaded ??= readCatalog(readFileSync(RULES_FILE, 'utf8'));
  return loaded;
}

/** The published rule `id`; an id the CSV does not have is a mistake in the code. */
export function catalogEntry(id: string): CatalogEntry {
  const entry = h1Catalog().get(id);
  if (!entry) throw new Error(`${id} is not a rule of Appendix H-1`);
  return entry;
}

/** A Min or Max Value that is a plain number (1, 1800, 1000000000); null otherwise. */
export function numericLimit(limit: string | null): number | null {
  if (limit === null || !/^-?\d+(\.\d+)?$/.test(limit)) return null;
  return Number(limit);
}

/** A limit relative to the day of the check ("Current - 367", "Current + 1") as days from it. */
export function daysFromCurrent(limit: string | null): number | null {
  const match = limit === null ? null : /^Current\s*([+-])\s*(\d+)$/i.exec(limit);
  if (!match) return null;
  return (match[1] === '-' ? -1 : 1) * Number(match[2]);
}

/**
 * The message with the finding's values in place of %PV% (the primary value) and %RV%, %RV1%,
 * %RV2%… (the related values); a value the finding does not have reads "not provided".
 */
export function fillMessage(
  text: string,
  primary: string | undefined,
  related: readonly (string | undefined)[],
): string {
  return text.replace(/%(PV|RV)(\d*)%/g, (_placeholder, kind: string, ordinal: string) => {
    const value = kind === 'PV' ? primary : related[ordinal === '' ? 0 : Number(ordinal) - 1];
    return value === undefined || value === '' ? 'not provided' : value;
  });
}
