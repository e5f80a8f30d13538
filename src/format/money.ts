/**
 * Money is integer cents (bigint) from the database to the response: never a float.
 * The API shows decimal strings ("450.00") and, in payment summaries, "$1,234.50".
 */
export function centsToDecimal(cents: bigint | string | number | null | undefined): string | null {
  if (cents === null || cents === undefined) return null;
  const value = BigInt(cents);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

export function centsToCurrency(cents: bigint | string | number): string {
  const [whole, fraction] = centsToDecimal(cents)!.replace('-', '').split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${BigInt(cents) < 0n ? '-' : ''}$${grouped}.${fraction}`;
}

/** "450", "450.5", "450.50", "1,234.50" → cents; null when not an amount. */
export function decimalToCents(value: string | number): bigint | null {
  const text = String(value).trim().replace(/,/g, '');
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '0').padEnd(2, '0'));
}

export const MONEY_PATTERN = '^\\s*\\d{1,3}(,?\\d{3})*(\\.\\d{1,2})?\\s*$';

/**
 * What the lender still owes on an order: its fees, less what was paid, less the credit notes and
 * write-offs on its invoice (docs/money.md). Every balance shown or acted on is this one.
 */
export const balanceCents = (order: {
  total_fee_cents: bigint | string;
  paid_cents: bigint | string;
  credited_cents: bigint | string;
}): bigint => BigInt(order.total_fee_cents) - BigInt(order.paid_cents) - BigInt(order.credited_cents);
