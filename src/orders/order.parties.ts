import type { Insertable, Selectable } from 'kysely';
import type { Db, Trx } from '../db/connection.ts';
import type { OrderPartiesTable } from '../db/schema.ts';
import { isUuid } from '../db/ids.ts';

/**
 * Party roles are titles, not a closed list: "Loan Officer", "Seller's Agent", "HOA contact".
 * The API answers a role as the caller wrote it, and keeps a normalised key beside it for
 * search and for picking the borrowers out of an order's parties. The common roles below
 * share one key whatever the spelling ("Loan Officer", "loan_officer", "LO" → loan_officer).
 */
export const COMMON_PARTY_ROLES: Record<string, readonly string[]> = {
  borrower: ['Borrower'],
  co_borrower: ['Co-Borrower', 'Coborrower', 'Co Borrower'],
  buyer_agent: ['Buyer Agent', "Buyer's Agent", 'Buyers Agent', 'Selling Agent'],
  seller_agent: ['Seller Agent', "Seller's Agent", 'Sellers Agent'],
  listing_agent: ['Listing Agent'],
  seller: ['Seller'],
  buyer: ['Buyer'],
  loan_officer: ['Loan Officer', 'LO', 'Mortgage Loan Officer'],
  processor: ['Processor', 'Loan Processor'],
  client_manager: ['Client Manager'],
  underwriter: ['Underwriter'],
  closer: ['Closer'],
  attorney: ['Attorney', 'Lawyer'],
  title_agent: ['Title Agent', 'Title Company'],
  builder: ['Builder'],
  property_manager: ['Property Manager'],
  owner: ['Owner', 'Homeowner'],
  occupant: ['Occupant'],
  tenant: ['Tenant'],
  other: ['Other'],
};

/** A title's key: letters and digits in lower case, joined by underscores ("Seller's Agent" → sellers_agent). */
const keyOf = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f']/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '');

const KEYS_BY_NAME = new Map(
  Object.entries(COMMON_PARTY_ROLES).flatMap(([key, names]) => [
    [key, key] as const,
    ...names.map((name) => [keyOf(name), key] as const),
  ]),
);

/** The normalised key of a role title; null when the title has no letter (not a role). */
export function partyRoleKey(title: string): string | null {
  const key = keyOf(title);
  if (!/\p{L}/u.test(key)) return null;
  return KEYS_BY_NAME.get(key) ?? key.slice(0, 60);
}

const PARTY_COLUMNS = [
  'id',
  'name',
  'first_name',
  'last_name',
  'role',
  'role_key',
  'poc',
  'emails',
  'phones',
  'user_id',
] as const;

/** A party to write with a new order or to add to one. */
export type NewOrderParty = Omit<Insertable<OrderPartiesTable>, 'order_id'>;

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
    role_key: party.role_key,
  };
}

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
  db: Db | Trx,
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

/** The order's borrower (its first party with the borrower role), locked for a correction; null when none. */
export async function findBorrowerParty(trx: Trx, orderId: string): Promise<PartyRow | null> {
  const row = await trx
    .selectFrom('order_parties')
    .select(PARTY_COLUMNS)
    .where('order_id', '=', orderId)
    .where('role_key', '=', 'borrower')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

/** Corrects a party's name and contact details. */
export async function updateOrderParty(
  trx: Trx,
  partyId: string,
  patch: Pick<NewOrderParty, 'name' | 'first_name' | 'last_name' | 'emails' | 'phones'>,
): Promise<void> {
  await trx.updateTable('order_parties').set(patch).where('id', '=', partyId).execute();
}
