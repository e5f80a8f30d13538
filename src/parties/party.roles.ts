/**
 * The complete list of party roles. Input may name a role by its value or its label, in any
 * letter case ("Loan Officer", "loan_officer"); the API answers the value.
 */
export const PARTY_ROLES = [
  { value: 'borrower', label: 'Borrower' },
  { value: 'co_borrower', label: 'Co-Borrower' },
  { value: 'buyer_agent', label: 'Buyer Agent' },
  { value: 'seller_agent', label: 'Seller Agent' },
  { value: 'listing_agent', label: 'Listing Agent' },
  { value: 'seller', label: 'Seller' },
  { value: 'buyer', label: 'Buyer' },
  { value: 'loan_officer', label: 'Loan Officer' },
  { value: 'processor', label: 'Processor' },
  { value: 'client_manager', label: 'Client Manager' },
  { value: 'underwriter', label: 'Underwriter' },
  { value: 'closer', label: 'Closer' },
  { value: 'attorney', label: 'Attorney' },
  { value: 'title_agent', label: 'Title Agent' },
  { value: 'builder', label: 'Builder' },
  { value: 'property_manager', label: 'Property Manager' },
  { value: 'owner', label: 'Owner' },
  { value: 'occupant', label: 'Occupant' },
  { value: 'tenant', label: 'Tenant' },
  { value: 'other', label: 'Other' },
] as const;

export type PartyRole = (typeof PARTY_ROLES)[number]['value'];

const normalize = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

export function toPartyRole(input: string): PartyRole | null {
  const key = normalize(input);
  return PARTY_ROLES.find((r) => r.value === key || normalize(r.label) === key)?.value ?? null;
}
