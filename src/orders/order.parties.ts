import type { Selectable } from 'kysely';
import type { Db, Trx } from '../db/connection.ts';
import type { OrderPartiesTable } from '../db/schema.ts';
import { isUuid } from '../db/ids.ts';
import type { NewOrderParty } from './order.store.ts';

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

/** A party of an order, as the detail reads it (aggregated with the order) and the API shows it. */
export type PartyRow = Pick<Selectable<OrderPartiesTable>, (typeof PARTY_COLUMNS)[number]>;

export function toParty(party: PartyRow) {
  return {
    id: party.id,
    email: party.emails[0] ?? null,
    emails: party.emails,
    name: party.name,
    phone: party.phones[0] ?? null,
    phones: party.phones,
    poc: party.poc,
    role: party.role,
  };
}

const PARTY_COLUMNS = [
  'id',
  'name',
  'first_name',
  'last_name',
  'role',
  'poc',
  'emails',
  'phones',
  'user_id',
] as const;

/** Adds a party to an order (the order's create writes its first parties with the order). */
export async function insertOrderParty(trx: Trx, orderId: string, party: NewOrderParty): Promise<PartyRow> {
  return trx
    .insertInto('order_parties')
    .values({ ...party, order_id: orderId })
    .returning(PARTY_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Sets a party's point-of-contact flag; false when the order has no such party. */
export async function setPartyPointOfContact(
  db: Db,
  orderId: string,
  partyId: string,
  poc: boolean,
): Promise<boolean> {
  if (!isUuid(partyId)) return false;
  const updated = await db
    .updateTable('order_parties')
    .set({ poc })
    .where('id', '=', partyId)
    .where('order_id', '=', orderId)
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}
