import { humanize, textOfHtml } from '../../lib/format.ts';
import { money } from '../../lib/money.ts';

/**
 * What a history entry changed, before and after, as lines a person reads: a correction's
 * `details.changes` (each field `{from, to}`, docs/api.md "Correcting an order") and a change
 * of the payment method (`details.from`, `details.to`).
 */
export interface ChangeLine {
  label: string;
  from: string;
  to: string;
}

const LABELS: Record<string, string> = {
  'borrower.first_name': "Borrower's first name",
  'borrower.last_name': "Borrower's last name",
  'borrower.email': "Borrower's email",
  'borrower.phone': "Borrower's phone",
  loan_number: 'Loan number',
  loan_amount: 'Loan amount',
  due_date: 'Due date',
  special_instructions: 'Special instructions',
  access_contact: 'Access contact',
  address: 'Address',
  payment_method: 'Payment method',
};

type Contact = { name?: string; phone?: string; email?: string | null; note?: string | null };

/** One value as text: a date as a date, money as dollars, a contact (the one object) on one line; nothing as "none". */
function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'object') {
    const contact = value as Contact;
    const line = [contact.name, contact.phone, contact.email].filter(Boolean).join(', ');
    return contact.note ? `${line} (${contact.note})` : line;
  }
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (field === 'due_date') return new Date(text).toLocaleDateString('en-US');
  if (field === 'loan_amount') return money(text);
  if (field === 'special_instructions') return textOfHtml(text).slice(0, 200);
  if (field === 'payment_method') return humanize(text).toLowerCase();
  return text;
}

export function changeLines(action: string, details: Record<string, unknown>): ChangeLine[] {
  const line = (field: string, from: unknown, to: unknown) => ({
    label: LABELS[field] ?? humanize(field.replace(/\./g, ' ')),
    from: valueText(field, from),
    to: valueText(field, to),
  });
  if (action === 'update_payment_method' && 'to' in details)
    return [line('payment_method', details.from, details.to)];
  const changes = details.changes;
  if (!changes || typeof changes !== 'object') return [];
  return Object.entries(changes as Record<string, { from: unknown; to: unknown }>).map(([field, change]) =>
    line(field, change.from, change.to),
  );
}
