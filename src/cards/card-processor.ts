import { randomUUID } from 'node:crypto';

/**
 * Card processing goes through this interface: charging a card once (the hosted payment
 * page), and keeping a card on file to charge later (an appraiser's submission fees). The
 * built-in sandbox provider charges nothing real; a real processor plugs in here
 * (PAYMENT_PROVIDER) with the same contract. The card number passes through to the provider
 * and is never stored: only the provider's token, the brand and the last four digits.
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
  /** Submitted, but the card's bank confirms it later (PaymentProvider.confirm tells how it ended). */
  | { outcome: 'pending'; reference: string }
  | { outcome: 'declined'; message: string }
  /** A transient failure: nothing was charged; the payer may try again. */
  | { outcome: 'retry'; message: string };

/** How a pending charge ended, or that it still waits. */
export type Confirmation =
  { outcome: 'succeeded' } | { outcome: 'declined'; message: string } | { outcome: 'pending' };

/** A card kept by the provider, to be charged later without its number. */
export interface CardOnFile {
  token: string;
  brand: string;
  last4: string;
}

export interface PaymentProvider {
  readonly name: string;
  /** Shown on the payment page: no real money moves. */
  readonly sandbox: boolean;
  charge(amountCents: bigint, card: CardDetails, idempotencyKey: string): Promise<ChargeOutcome>;
  /** Keeps the card with the provider; answers its token (or why the card is refused). */
  keep(
    card: CardDetails,
  ): Promise<{ outcome: 'kept'; card: CardOnFile } | { outcome: 'declined'; message: string }>;
  /** How a charge that was pending ended. */
  confirm(reference: string): Promise<Confirmation>;
  /** Charges a card kept with `keep`. */
  chargeKept(amountCents: bigint, token: string, idempotencyKey: string): Promise<ChargeOutcome>;
}

/** Test cards of the sandbox (any future expiry, any CVC). */
export const SANDBOX_CARDS = {
  '4242424242424242': 'succeeds',
  '5555555555554444': 'succeeds',
  '4000000000000002': 'is declined',
  '4000000000009995': 'is declined for insufficient funds',
  '4000000000000119': 'fails with a processing error: try again',
  '4000000000000077': 'waits for its bank, then succeeds',
  '4000000000000085': 'waits for its bank, then is declined',
} as const;

/** What the sandbox does with a card number: its outcome, as the test cards promise. */
function sandboxOutcome(number: string): ChargeOutcome {
  switch (number) {
    case '4000000000000002':
      return { outcome: 'declined', message: 'The card was declined' };
    case '4000000000009995':
      return { outcome: 'declined', message: 'The card has insufficient funds' };
    case '4000000000000077':
      return { outcome: 'pending', reference: `sandbox_pending_ok_${randomUUID()}` };
    case '4000000000000085':
      return { outcome: 'pending', reference: `sandbox_pending_declined_${randomUUID()}` };
    case '4000000000000119':
      return {
        outcome: 'retry',
        message: 'A processing error occurred; nothing was charged. Please try again',
      };
    default:
      return { outcome: 'succeeded', reference: `sandbox_${randomUUID()}` };
  }
}

export const sandboxProvider: PaymentProvider = {
  name: 'sandbox',
  sandbox: true,
  charge(_amountCents, card) {
    return Promise.resolve(sandboxOutcome(card.number));
  },
  confirm(reference) {
    if (reference.startsWith('sandbox_pending_ok_')) return Promise.resolve({ outcome: 'succeeded' });
    if (reference.startsWith('sandbox_pending_declined_'))
      return Promise.resolve({ outcome: 'declined', message: "The card's bank declined the payment" });
    return Promise.resolve({ outcome: 'pending' });
  },
  keep(card) {
    // The sandbox keeps every card; the token names which kind of test card it was (never the
    // number), so that a declining card declines when it is charged later, as a real one would.
    const kind = SANDBOX_KINDS.find(([number]) => number === card.number)?.[1] ?? 'ok';
    return Promise.resolve({
      outcome: 'kept',
      card: {
        token: `sandbox_card_${kind}_${randomUUID()}`,
        brand: cardBrand(card.number),
        last4: card.number.slice(-4),
      },
    });
  },
  chargeKept(_amountCents, token) {
    const kind = /^sandbox_card_([a-z]+)_/.exec(token)?.[1];
    const number =
      SANDBOX_KINDS.find(([, k]) => k === kind)?.[0] ?? (kind === 'ok' ? '4242424242424242' : null);
    return Promise.resolve(
      number ? sandboxOutcome(number) : { outcome: 'declined', message: 'The card on file is not known' },
    );
  },
};

/** The sandbox's test cards that do not succeed, by the kind a kept card's token names. */
const SANDBOX_KINDS: [number: string, kind: string][] = [
  ['4000000000000002', 'declined'],
  ['4000000000009995', 'insufficient'],
  ['4000000000000119', 'error'],
];

/** The processor the configuration names (PAYMENT_PROVIDER): only the sandbox is built in. */
export function paymentProvider(config: { paymentProvider: 'sandbox' }): PaymentProvider {
  switch (config.paymentProvider) {
    case 'sandbox':
      return sandboxProvider;
  }
}

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
