/**
 * How a report's texts become the model's values: shared by the UAD 3.6 and the MISMO 2.6
 * readers, so that the same fact reads the same whichever format carried it.
 */

/** An amount as decimal text with two places; null when blank or not a number. */
export function amount(text: string | undefined | null): string | null {
  if (text === undefined || text === null) return null;
  const cleaned = text.replace(/[$,\s]/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return null;
  const negative = cleaned.startsWith('-');
  const [whole = '0', fraction = ''] = cleaned.replace('-', '').split('.');
  // Rounded half up on the cents, as the report's own figures are whole dollars or cents.
  let cents = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  if (Number(fraction[2] ?? '0') >= 5) cents += 1n;
  const text2 = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
  return negative && cents !== 0n ? `-${text2}` : text2;
}

/** A number, or null when blank or not one. */
export function number(text: string | undefined | null): number | null {
  if (text === undefined || text === null || text.trim() === '') return null;
  const value = Number(text.replace(/,/g, ''));
  return Number.isFinite(value) ? value : null;
}

/** A date as YYYY-MM-DD, from that form or from MM/DD/YYYY; null otherwise. */
export function date(text: string | undefined | null): string | null {
  if (text === undefined || text === null) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text.trim());
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (us) return `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}`;
  return null;
}

/** A boolean indicator (`true`/`false`, `Y`/`N`); null when absent. */
export function indicator(text: string | undefined | null): boolean | null {
  if (text === undefined || text === null) return null;
  const value = text.trim().toLowerCase();
  if (value === 'true' || value === 'y' || value === 'yes') return true;
  if (value === 'false' || value === 'n' || value === 'no') return false;
  return null;
}

/** A MISMO enumeration value in the model's spelling: `SubjectToRepair` → `subject_to_repair`. */
export function snake(text: string | undefined | null): string | null {
  if (text === undefined || text === null || text === '') return null;
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/** Blank text as null. */
export const text = (value: string | undefined | null): string | null =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim();
