import { sql, type Kysely } from 'kysely';

/**
 * Approved extras (docs/money.md, "What an appraiser is owed"): an amount the company's admins add
 * to what an appraiser is owed for an order (a second trip, a complex property, a rush), with its
 * reason and who approved it; kept apart from the fee, which a later delivery may change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE payable_entries
      DROP CONSTRAINT payable_entries_kind_check,
      ADD CONSTRAINT payable_entries_kind_check
        CHECK (kind IN ('fee', 'adjustment', 'extra', 'submission_fee', 'payout')),
      ADD CONSTRAINT payable_entries_extra_check
        CHECK (kind <> 'extra' OR (amount_cents > 0 AND reason IS NOT NULL AND recorded_by IS NOT NULL));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM payable_entries WHERE kind = 'extra';
    ALTER TABLE payable_entries
      DROP CONSTRAINT payable_entries_extra_check,
      DROP CONSTRAINT payable_entries_kind_check,
      ADD CONSTRAINT payable_entries_kind_check CHECK (kind IN ('fee', 'adjustment', 'submission_fee', 'payout'));
  `.execute(db);
}
