import { sql, type Kysely } from 'kysely';

/**
 * A company may charge its appraisers a fee for each report they submit (a platform or
 * review fee). The appraiser keeps a card on file with the card processor (only its token,
 * brand and last four digits are stored here); each charge is recorded. A fee that cannot be
 * charged holds the submission in Submission fee failed until it is paid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE organizations ADD COLUMN submission_fee_cents bigint CHECK (submission_fee_cents > 0);

    CREATE TABLE payment_cards (
      user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      provider text NOT NULL,
      token text NOT NULL,
      brand text NOT NULL,
      last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
      exp_month smallint NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
      exp_year smallint NOT NULL,
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE submission_fees (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
      appraiser_id uuid NOT NULL REFERENCES users (id),
      amount_cents bigint NOT NULL CHECK (amount_cents > 0),
      status text NOT NULL CHECK (status IN ('succeeded', 'declined', 'failed')),
      provider text NOT NULL,
      provider_reference text,
      card_brand text,
      card_last4 text,
      failure_message text,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp()
    );
    CREATE INDEX submission_fees_order_idx ON submission_fees (order_id, created_at);
    CREATE INDEX submission_fees_appraiser_idx ON submission_fees (appraiser_id, created_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE submission_fees;
    DROP TABLE payment_cards;
    ALTER TABLE organizations DROP COLUMN submission_fee_cents;
  `.execute(db);
}
