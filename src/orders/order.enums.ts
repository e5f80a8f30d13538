/**
 * The order enumerations, declared once. Create values are what POST /orders accepts; read
 * values are what an order can show. Where a create value is spelled differently when read,
 * CREATE_TO_READ maps it (lease_hold in, leasehold out).
 */
export const LOAN_TYPES_CREATE = ['conventional', 'fha', 'usda', 'reo', 'asset_valuation', 'other'] as const;
export const LOAN_TYPES = [
  '203k',
  'asset_valuation',
  'conventional',
  'fha',
  'other',
  'portfolio',
  'renovation',
  'reo',
  'sba_504',
  'sba_504_and_sba_7a',
  'sba_7a',
  'sba_capline',
  'usda',
  'va',
] as const;
export const TRANSACTION_TYPES_CREATE = [
  'refinance',
  'purchase',
  'home_equity',
  'construction',
  'other',
] as const;
export const TRANSACTION_TYPES = [
  'collateral_valuation',
  'commercial_construction_purchase',
  'commercial_construction_refinance',
  'construction',
  'construction_purchase',
  'construction_refinance',
  'construction_school_daycare',
  'home_equity',
  'liquidation',
  'other',
  'purchase',
  'refinance',
] as const;
export const OCCUPANCY_TYPES = ['primary_residence', 'second_home', 'investment'] as const;
export const ESTATE_HELD_TYPES_CREATE = ['fee_simple', 'lease_hold'] as const;
export const ESTATE_HELD_TYPES = ['fee_simple', 'leasehold'] as const;
export const INVOICE_STRATEGIES = [
  'invoice_borrower',
  'invoice_client',
  'invoice_client_credit_card',
  'invoice_later',
] as const;

export const CREATE_TO_READ: Record<string, string> = { lease_hold: 'leasehold' };

/**
 * Who is invoiced, from the payment method: a payment link bills the borrower; an invoice
 * bills the client; a card bills the client's card. invoice_later is for orders whose
 * payment method is not decided (none at present: the method is required at creation).
 */
export function invoiceStrategy(paymentMethod: string): (typeof INVOICE_STRATEGIES)[number] {
  switch (paymentMethod) {
    case 'payment_link':
      return 'invoice_borrower';
    case 'invoice':
      return 'invoice_client';
    case 'credit_card':
      return 'invoice_client_credit_card';
    default:
      return 'invoice_later';
  }
}
