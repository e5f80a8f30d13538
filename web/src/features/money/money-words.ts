import type { Invoice } from '../../queries/receivables.ts';
import type { Payable } from '../../queries/payables.ts';

/** The money's states and kinds in words and colours, as the pages show them (never the API's codes). */
export const AGING_WORDS: Record<NonNullable<Invoice['aging']>, { label: string; color: string }> = {
  current: { label: 'Current', color: 'teal' },
  days_1_30: { label: '1–30 days late', color: 'yellow' },
  days_31_60: { label: '31–60 days late', color: 'orange' },
  days_61_90: { label: '61–90 days late', color: 'red' },
  days_over_90: { label: 'Over 90 days late', color: 'red' },
};
export const AGING_COLUMNS = [
  ['current', 'Current'],
  ['days_1_30', '1–30'],
  ['days_31_60', '31–60'],
  ['days_61_90', '61–90'],
  ['days_over_90', '90+'],
] as const;

export const invoiceState = (invoice: Invoice) =>
  invoice.aging ? AGING_WORDS[invoice.aging] : { label: 'Paid', color: 'gray' };

export const PAYABLE_WORDS: Record<Payable['state'], { label: string; color: string }> = {
  waiting: { label: 'Not yet due', color: 'gray' },
  due: { label: 'Due', color: 'teal' },
  held: { label: 'Held', color: 'orange' },
  in_batch: { label: 'In a payout', color: 'blue' },
  paid: { label: 'Paid', color: 'gray' },
};

export const ENTRY_WORDS: Record<string, string> = {
  charge: 'Invoice issued',
  adjustment: 'Fee change',
  payment: 'Payment',
  credit_note: 'Credit note',
  write_off: 'Write-off',
};

export const METHOD_WORDS: Record<string, string> = {
  credit_card: 'Card',
  check: 'Check',
  ach: 'ACH',
  wire: 'Wire',
};

export const BATCH_WORDS: Record<'draft' | 'approved' | 'paid', { label: string; color: string }> = {
  draft: { label: 'Draft: to approve', color: 'yellow' },
  approved: { label: 'Approved: to pay', color: 'blue' },
  paid: { label: 'Paid', color: 'gray' },
};

/** The last twelve months, this one first, as YYYY-MM with their names ("November 2026"). */
export function recentMonths(now = new Date()): { value: string; label: string }[] {
  return Array.from({ length: 12 }, (_, back) => {
    const day = new Date(Date.UTC(now.getFullYear(), now.getMonth() - back, 1));
    return {
      value: day.toISOString().slice(0, 7),
      label: day.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
    };
  });
}
