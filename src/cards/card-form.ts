import type { FieldProblem } from '../errors/app-error.ts';
import { passesLuhn, type CardDetails } from './card-processor.ts';

/** The fields of a card as a form or a JSON body sends them. */
export interface CardForm {
  name?: string;
  number?: string;
  exp_month?: string | number;
  exp_year?: string | number;
  cvc?: string;
}

/**
 * Reads a card: the name on it, a number that passes the Luhn check (spaces and dashes
 * allowed), an expiry that is not past (MM and YY or YYYY), and a 3- or 4-digit CVC. Each
 * problem names its field, in words a payer understands.
 */
export function readCard(
  form: CardForm,
  now = new Date(),
): { card: CardDetails } | { problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const number = String(form.number ?? '').replace(/[\s-]/g, '');
  const monthText = String(form.exp_month ?? '').trim();
  const yearText = String(form.exp_year ?? '').trim();
  const month = Number(monthText);
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  const name = (form.name ?? '').trim();
  const cvc = (form.cvc ?? '').trim();
  if (!name) problems.push({ field: 'name', message: 'Enter the name on the card.' });
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number))
    problems.push({ field: 'number', message: 'The card number is not valid.' });
  if (!/^\d{1,2}$/.test(monthText) || month < 1 || month > 12 || !/^\d{2}(\d{2})?$/.test(yearText))
    problems.push({ field: 'exp_month', message: 'Enter the expiry as month and year.' });
  else if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1))
    problems.push({ field: 'exp_year', message: 'The card has expired.' });
  if (!/^\d{3,4}$/.test(cvc)) problems.push({ field: 'cvc', message: 'The CVC is 3 or 4 digits.' });
  if (problems.length > 0) return { problems };
  return { card: { number, expMonth: month, expYear: year, cvc, name } };
}
