import { sql, type Kysely } from 'kysely';

/**
 * The access contact of an order: the one person who lets the appraiser into the property
 * (a tenant, a listing agent, the borrower's neighbour), with a note on how to reach them
 * ("tenant, call after 5 pm"). Kept on the order rather than as a party: it is a single,
 * correctable fact of the inspection, shown on the appraiser's offer, agenda and calendar,
 * and the parties stay the people concerned by the loan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE orders
      ADD COLUMN access_contact_name text,
      ADD COLUMN access_contact_phone text,
      ADD COLUMN access_contact_email text,
      ADD COLUMN access_contact_note text;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE orders
      DROP COLUMN access_contact_name,
      DROP COLUMN access_contact_phone,
      DROP COLUMN access_contact_email,
      DROP COLUMN access_contact_note;
  `.execute(db);
}
