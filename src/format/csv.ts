/**
 * CSV as spreadsheets read it (RFC 4180): fields with a comma, a quote or a line break are
 * quoted, quotes doubled, lines end with CRLF. A cell that a spreadsheet would take for a
 * formula (one starting with =, +, -, @, a tab or a carriage return: "CSV injection") is
 * prefixed with a single quote, so that it shows as the text it is and never runs.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
