import type { Party } from './audience.ts';

/**
 * What each side sees of an order's money and terms. The lender sees what it pays, what it
 * lends (the loan amount: kept from the appraiser, whose value must not lean on it) and the
 * terms it is asked to agree to; the appraiser what they are paid and the terms of their
 * engagement; the company both, and its margin (what the lender pays less what the appraiser
 * is paid). Data in history details and event data names each side's terms by the keys below,
 * so that one function takes the other side's terms out wherever they appear: the order
 * detail, the history, webhook deliveries, live updates and emails.
 */
export const CLIENT_SIDE_KEYS: readonly string[] = [
  'total_fee',
  'current_total_fee',
  'balance',
  'amount',
  'client_comments',
  'margin',
  'loan_amount',
];
export const APPRAISER_SIDE_KEYS: readonly string[] = [
  'appraiser_fee',
  'appraiser_fee_condition',
  'current_appraiser_fee',
  'vendor_due_date',
  'due_date_condition',
  'offer_expires_at',
  'appraiser_id',
  'condition_comments',
  'submission_fee',
  'margin',
];

export interface TermsView {
  /** The lender's side: its fee, balance, payments, the terms put to it. */
  clientSide: boolean;
  /** The appraiser's side: their fee, due date, offer and condition. */
  appraiserSide: boolean;
  /** The company's margin. */
  margin: boolean;
}

export function termsSeenBy(party: Party): TermsView {
  switch (party) {
    case 'client':
      return { clientSide: true, appraiserSide: false, margin: false };
    case 'appraiser':
      return { clientSide: false, appraiserSide: true, margin: false };
    case 'company':
      return { clientSide: true, appraiserSide: true, margin: true };
  }
}

/** `data` without the keys of the terms the party may not see, at any depth. */
export function withoutHiddenTerms<T>(data: T, party: Party): T {
  if (party === 'company') return data;
  const hidden = new Set(party === 'client' ? APPRAISER_SIDE_KEYS : CLIENT_SIDE_KEYS);
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value === null || typeof value !== 'object' || value instanceof Date) return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !hidden.has(key))
        .map(([key, item]) => [key, strip(item)]),
    );
  };
  return strip(data) as T;
}
