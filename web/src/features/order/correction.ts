import type { Order } from '../../../../sdk/src/client.ts';
import { htmlOfText, textOfHtml } from '../../lib/format.ts';
import type { OrderCorrection } from '../../queries/order.ts';

/**
 * The "Correct order" form's values, read from the order as the API shows it, and the
 * correction it sends: only what the person changed, each in the shape PATCH /orders/{id} takes.
 */
export type CorrectableField = Order['correctable_fields'][number];

export const correctionValues = (order: Order) => ({
  borrower_first_name: order.borrower.first_name ?? '',
  borrower_last_name: order.borrower.last_name ?? '',
  borrower_email: order.borrower.email ?? '',
  borrower_phone: order.borrower.phone ?? '',
  loan_number: order.loan_number ?? '',
  loan_amount: order.loan_amount ?? '',
  due_date: isoDay(order.due_date),
  special_instructions: order.special_instructions ? textOfHtml(order.special_instructions) : '',
  contact_name: order.access_contact?.name ?? '',
  contact_phone: order.access_contact?.phone ?? '',
  contact_email: order.access_contact?.email ?? '',
  contact_note: order.access_contact?.note ?? '',
  address_one: order.address.address_one,
  address_two: order.address.address_two ?? '',
  city: order.address.city,
  state: order.address.state,
  zip: order.address.zip,
  reason: '',
});
export type CorrectionValues = ReturnType<typeof correctionValues>;
type Key = keyof CorrectionValues;

/** MM/DD/YYYY (the API's dates) as YYYY-MM-DD (a date field's value). */
function isoDay(date: string | null): string {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(date ?? '');
  return match ? `${match[3]}-${match[1]}-${match[2]}` : '';
}

/** The name the API gives each field of the form, in its 422 details. */
export const CORRECTION_API_FIELDS: Record<Exclude<Key, 'reason'>, string> & { reason: string } = {
  borrower_first_name: 'borrower.first_name',
  borrower_last_name: 'borrower.last_name',
  borrower_email: 'borrower.email',
  borrower_phone: 'borrower.phone',
  loan_number: 'loan_number',
  loan_amount: 'loan_amount',
  due_date: 'due_date',
  special_instructions: 'special_instructions',
  contact_name: 'access_contact.name',
  contact_phone: 'access_contact.phone',
  contact_email: 'access_contact.email',
  contact_note: 'access_contact.note',
  address_one: 'address.address_one',
  address_two: 'address.address_two',
  city: 'address.city',
  state: 'address.state',
  zip: 'address.zip',
  reason: 'reason',
};

/** How a sentence names each field: "The borrower's phone needs a phone number's digits". */
export const CORRECTION_LABELS: Record<Key, string> = {
  borrower_first_name: "The borrower's first name",
  borrower_last_name: "The borrower's last name",
  borrower_email: "The borrower's email",
  borrower_phone: "The borrower's phone",
  loan_number: 'The loan number',
  loan_amount: 'The loan amount',
  due_date: 'The due date',
  special_instructions: 'The special instructions',
  contact_name: "The access contact's name",
  contact_phone: "The access contact's phone",
  contact_email: "The access contact's email",
  contact_note: 'The access note',
  address_one: 'The street',
  address_two: 'The unit',
  city: 'The city',
  state: 'The state',
  zip: 'The ZIP code',
  reason: 'The reason',
};

const orNull = (value: string) => value.trim() || null;

/** The correction of what changed from `before` to `after`, among the fields the person may correct. */
export function correctionBody(
  before: CorrectionValues,
  after: CorrectionValues,
  allowed: readonly CorrectableField[],
): OrderCorrection {
  const changed = (key: Key) => before[key].trim() !== after[key].trim();
  const body: OrderCorrection = {};
  if (allowed.includes('borrower')) {
    const borrower: NonNullable<OrderCorrection['borrower']> = {};
    if (changed('borrower_first_name')) borrower.first_name = after.borrower_first_name.trim();
    if (changed('borrower_last_name')) borrower.last_name = after.borrower_last_name.trim();
    if (changed('borrower_email')) borrower.email = orNull(after.borrower_email);
    if (changed('borrower_phone')) borrower.phone = orNull(after.borrower_phone);
    if (Object.keys(borrower).length > 0) body.borrower = borrower;
  }
  if (allowed.includes('loan_number') && changed('loan_number')) body.loan_number = orNull(after.loan_number);
  if (allowed.includes('loan_amount') && changed('loan_amount')) body.loan_amount = orNull(after.loan_amount);
  if (allowed.includes('due_date') && changed('due_date')) body.due_date = after.due_date.trim();
  if (allowed.includes('special_instructions') && changed('special_instructions'))
    body.special_instructions = after.special_instructions.trim()
      ? htmlOfText(after.special_instructions)
      : null;
  const contact = ['contact_name', 'contact_phone', 'contact_email', 'contact_note'] as const;
  if (allowed.includes('access_contact') && contact.some(changed))
    body.access_contact = contact.every((key) => !after[key].trim())
      ? null
      : {
          name: after.contact_name.trim(),
          phone: after.contact_phone.trim(),
          email: orNull(after.contact_email),
          note: orNull(after.contact_note),
        };
  const address = ['address_one', 'address_two', 'city', 'state', 'zip'] as const;
  if (allowed.includes('address') && address.some(changed))
    body.address = Object.fromEntries(
      address
        .filter(changed)
        .map((key) => [key, key === 'address_two' ? orNull(after[key]) : after[key].trim()]),
    );
  if (Object.keys(body).length > 0 && after.reason.trim()) body.reason = after.reason.trim();
  return body;
}
