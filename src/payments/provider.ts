import { randomUUID } from 'node:crypto';

/**
 * Card processing goes through this interface. The built-in sandbox provider charges nothing
 * real; a real processor plugs in here (PAYMENT_PROVIDER) with the same contract. The card
 * number passes through to the provider and is never stored: only brand and last four digits.
 */
export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
}

export type ChargeOutcome =
  | { outcome: 'succeeded'; reference: string }
  | { outcome: 'declined'; message: string }
  /** A transient failure: nothing was charged; the payer may try again. */
  | { outcome: 'retry'; message: string };

export interface PaymentProvider {
  readonly name: string;
  /** Shown on the payment page: no real money moves. */
  readonly sandbox: boolean;
  charge(amountCents: bigint, card: CardDetails, idempotencyKey: string): Promise<ChargeOutcome>;
}

/** Test cards of the sandbox (any future expiry, any CVC). */
export const SANDBOX_CARDS = {
  '4242424242424242': 'succeeds',
  '5555555555554444': 'succeeds',
  '4000000000000002': 'is declined',
  '4000000000009995': 'is declined for insufficient funds',
  '4000000000000119': 'fails with a processing error: try again',
} as const;

export const sandboxProvider: PaymentProvider = {
  name: 'sandbox',
  sandbox: true,
  charge(_amountCents, card) {
    switch (card.number) {
      case '4000000000000002':
        return Promise.resolve({ outcome: 'declined', message: 'The card was declined' });
      case '4000000000009995':
        return Promise.resolve({ outcome: 'declined', message: 'The card has insufficient funds' });
      case '4000000000000119':
        return Promise.resolve({
          outcome: 'retry',
          message: 'A processing error occurred; nothing was charged. Please try again',
        });
      default:
        return Promise.resolve({ outcome: 'succeeded', reference: `sandbox_${randomUUID()}` });
    }
  },
};

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'Mastercard';
  if (/^3[47]/.test(number)) return 'American Express';
  if (/^6(011|5)/.test(number)) return 'Discover';
  return 'Card';
}

export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length >= 12 && sum % 10 === 0;
}
