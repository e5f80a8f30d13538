/**
 * The numbers people quote: an invoice's and a credit note's, per company, without gaps
 * (docs/money.md, "Numbers"). Eight digits, like file numbers, so that they sort as text too.
 */
const padded = (number: bigint | string): string => String(number).padStart(8, '0');

export const invoiceNumber = (number: bigint | string): string => `INV-${padded(number)}`;
export const creditNoteNumber = (number: bigint | string): string => `CN-${padded(number)}`;
/** A receipt is numbered after its invoice and the payment's place on it, oldest first. */
export const receiptNumber = (invoice: bigint | string, place: number): string =>
  `RCT-${padded(invoice)}-${place}`;
