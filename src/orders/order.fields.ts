import type { FieldProblem } from '../errors/app-error.ts';
import { readNanpPhone } from '../format/phone.ts';
import type { AccessContactInput } from './order.schemas.ts';

/**
 * Fields of an order read the same way where an order is placed (order.create.ts) and where it
 * is corrected (order.correct.ts): each problem named by its field, in a sentence for people.
 */
export const DUE_DATE_IN_PAST = 'Enter a due date that is today or later.';

/**
 * A phone number as stored (512-555-0102); null when none is given (absent, null or blank, as
 * an empty form field sends it); undefined when it is not a possible NANP number (named in
 * `problems`).
 */
export function phoneOf(
  value: string | null | undefined,
  field: string,
  problems: FieldProblem[],
): string | null | undefined {
  if (value === undefined || value === null || value.trim() === '') return null;
  const reading = readNanpPhone(value);
  if ('phone' in reading) return reading.phone;
  problems.push({ field, message: reading.problem });
  return undefined;
}

export interface AccessContactColumns {
  access_contact_name: string | null;
  access_contact_phone: string | null;
  access_contact_email: string | null;
  access_contact_note: string | null;
}

export const NO_ACCESS_CONTACT: AccessContactColumns = {
  access_contact_name: null,
  access_contact_phone: null,
  access_contact_email: null,
  access_contact_note: null,
};

/** The access contact's columns (all null for null: no access contact); null when a field is bad. */
export function accessContactColumns(
  input: AccessContactInput | null,
  field: string,
  problems: FieldProblem[],
): AccessContactColumns | null {
  if (input === null) return NO_ACCESS_CONTACT;
  const phone = phoneOf(input.phone, `${field}.phone`, problems);
  if (phone === null)
    problems.push({ field: `${field}.phone`, message: 'Enter the phone number of the access contact.' });
  if (!phone) return null;
  return {
    access_contact_name: input.name.trim(),
    access_contact_phone: phone,
    access_contact_email: input.email?.trim().toLowerCase() || null,
    access_contact_note: input.note?.trim() || null,
  };
}

/** The access contact as the API answers it; null when the order has none. */
export function toAccessContact(row: AccessContactColumns) {
  if (row.access_contact_name === null || row.access_contact_phone === null) return null;
  return {
    name: row.access_contact_name,
    phone: row.access_contact_phone,
    email: row.access_contact_email,
    note: row.access_contact_note,
  };
}

/** The access contact on one line, for a calendar event or an email: "Tina Tenant, 512-555-0103 (tenant, call after 5 pm)". */
export function accessContactLine(row: AccessContactColumns): string | null {
  const contact = toAccessContact(row);
  if (!contact) return null;
  return [
    `${contact.name}, ${contact.phone}`,
    contact.email ? `, ${contact.email}` : '',
    contact.note ? ` (${contact.note})` : '',
  ].join('');
}
