import { sql, type Kysely } from 'kysely';

/**
 * Party roles are free titles ("Loan Officer", "Seller's Agent"), answered as the caller wrote
 * them; `role_key` keeps a normalised key (loan_officer) that the service searches on and
 * that picks the borrower and co-borrowers out of an order's parties.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE order_parties ADD COLUMN role_key text;
    UPDATE order_parties SET role_key = role;
    ALTER TABLE order_parties ALTER COLUMN role_key SET NOT NULL;
    DROP INDEX order_parties_borrower_idx;
    CREATE INDEX order_parties_borrower_idx ON order_parties (lower(last_name), lower(first_name)) WHERE role_key = 'borrower';
    CREATE INDEX order_parties_role_key_idx ON order_parties (role_key, order_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX order_parties_role_key_idx;
    DROP INDEX order_parties_borrower_idx;
    CREATE INDEX order_parties_borrower_idx ON order_parties (lower(last_name), lower(first_name)) WHERE role = 'borrower';
    ALTER TABLE order_parties DROP COLUMN role_key;
  `.execute(db);
}
