import type { Role } from '../db/schema.ts';

/**
 * Who sees which fee: the lender (a client's users) sees what it pays — the order's total fee,
 * its balance, its payments; the appraiser sees what they are paid — their fee and the fee they
 * ask in a condition; staff and operators see both. Money in history details and event data is
 * named by the keys below, so that one function hides the other side's fee wherever it appears:
 * the order detail, the history, webhook deliveries and emails.
 */
export const CLIENT_MONEY_KEYS: readonly string[] = ['total_fee', 'current_total_fee', 'balance', 'amount'];
export const APPRAISER_MONEY_KEYS: readonly string[] = [
  'appraiser_fee',
  'appraiser_fee_condition',
  'current_appraiser_fee',
];

export interface FeeAudience {
  clientFees: boolean;
  appraiserFees: boolean;
}

export const ALL_FEES: FeeAudience = { clientFees: true, appraiserFees: true };

/** The fees a user of this role sees. */
export function feeAudience(role: Role): FeeAudience {
  switch (role) {
    case 'client':
      return { clientFees: true, appraiserFees: false };
    case 'appraiser':
      return { clientFees: false, appraiserFees: true };
    default:
      return ALL_FEES;
  }
}

/** The fees an organization's webhook subscriptions receive: a client's, what it pays; a company's, all. */
export const organizationFeeAudience = (kind: 'client' | 'company'): FeeAudience =>
  kind === 'client' ? feeAudience('client') : ALL_FEES;

/** `data` without the money keys the audience may not see, at any depth. */
export function withoutHiddenFees<T>(data: T, audience: FeeAudience): T {
  if (audience.clientFees && audience.appraiserFees) return data;
  const hidden = new Set([
    ...(audience.clientFees ? [] : CLIENT_MONEY_KEYS),
    ...(audience.appraiserFees ? [] : APPRAISER_MONEY_KEYS),
  ]);
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
