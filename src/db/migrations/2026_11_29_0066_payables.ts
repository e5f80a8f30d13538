import { sql, type Kysely } from 'kysely';

/**
 * What the company owes its appraisers (docs/money.md, "Payables"): a payable per order and
 * appraiser, earned at the delivery, with a ledger (the fee, changes after it, the submission fees
 * charged, payouts); when it falls due (the delivery, or the lender's payment, as the company
 * says); holds with their reasons; payout batches the company approves and pays by ACH; the
 * appraisers' bank accounts, the account number sealed. Money is integer cents.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE document_sequences DROP CONSTRAINT document_sequences_kind_check;
    ALTER TABLE document_sequences ADD CONSTRAINT document_sequences_kind_check
      CHECK (kind IN ('invoice', 'credit_note', 'payout_batch'));

    CREATE TABLE company_payout_settings (
      company_id uuid PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
      pay_on text NOT NULL DEFAULT 'delivery' CHECK (pay_on IN ('delivery', 'client_payment')),
      ach_bank_name text,
      ach_routing_number text CHECK (ach_routing_number ~ '^[0-9]{9}$'),
      ach_company_name text CHECK (length(ach_company_name) BETWEEN 1 AND 16),
      ach_company_id text CHECK (ach_company_id ~ '^[0-9A-Z ]{10}$'),
      updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      CHECK ((ach_routing_number IS NULL) = (ach_company_id IS NULL))
    );

    CREATE TABLE bank_accounts (
      appraiser_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      holder_name text NOT NULL CHECK (length(holder_name) BETWEEN 1 AND 22),
      routing_number text NOT NULL CHECK (routing_number ~ '^[0-9]{9}$'),
      account_number_sealed text NOT NULL,
      account_last4 text NOT NULL CHECK (account_last4 ~ '^[0-9]{4}$'),
      account_type text NOT NULL CHECK (account_type IN ('checking', 'savings')),
      updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
    );

    CREATE TABLE payables (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      appraiser_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
      order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
      earned_at timestamptz NOT NULL,
      -- null: waits for the lender's payment (pay_on client_payment)
      due_on date,
      held_reason text,
      held_by uuid REFERENCES users (id) ON DELETE SET NULL,
      held_at timestamptz,
      UNIQUE (order_id, appraiser_id),
      CHECK ((held_reason IS NULL) = (held_at IS NULL))
    );
    CREATE INDEX payables_company_due_idx ON payables (company_id, due_on);
    CREATE INDEX payables_appraiser_idx ON payables (appraiser_id, earned_at);

    CREATE TABLE payout_batches (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      number bigint NOT NULL CHECK (number > 0),
      pay_on date NOT NULL,
      status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'approved', 'paid')),
      total_cents bigint NOT NULL CHECK (total_cents >= 0),
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      approved_by uuid REFERENCES users (id) ON DELETE SET NULL,
      approved_at timestamptz,
      paid_by uuid REFERENCES users (id) ON DELETE SET NULL,
      paid_at timestamptz,
      UNIQUE (company_id, number)
    );

    CREATE TABLE payout_lines (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      batch_id uuid NOT NULL REFERENCES payout_batches (id) ON DELETE CASCADE,
      payable_id uuid NOT NULL REFERENCES payables (id) ON DELETE RESTRICT,
      appraiser_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
      amount_cents bigint NOT NULL CHECK (amount_cents > 0),
      UNIQUE (batch_id, payable_id)
    );
    CREATE INDEX payout_lines_payable_idx ON payout_lines (payable_id);

    CREATE TABLE payable_entries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      payable_id uuid NOT NULL REFERENCES payables (id) ON DELETE CASCADE,
      company_id uuid NOT NULL,
      appraiser_id uuid NOT NULL,
      kind text NOT NULL CHECK (kind IN ('fee', 'adjustment', 'submission_fee', 'payout')),
      -- What the company owes the appraiser moves by it: the fee up; submission fees and payouts down.
      amount_cents bigint NOT NULL CHECK (amount_cents <> 0),
      submission_fee_id uuid UNIQUE REFERENCES submission_fees (id) ON DELETE RESTRICT,
      payout_batch_id uuid REFERENCES payout_batches (id) ON DELETE RESTRICT,
      reason text,
      recorded_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      CHECK (kind <> 'fee' OR amount_cents > 0),
      CHECK (kind NOT IN ('submission_fee', 'payout') OR amount_cents < 0),
      CHECK ((kind = 'submission_fee') = (submission_fee_id IS NOT NULL)),
      CHECK ((kind = 'payout') = (payout_batch_id IS NOT NULL))
    );
    CREATE INDEX payable_entries_payable_idx ON payable_entries (payable_id, created_at);
    CREATE INDEX payable_entries_appraiser_idx ON payable_entries (appraiser_id, created_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE payable_entries;
    DROP TABLE payout_lines;
    DROP TABLE payout_batches;
    DROP TABLE payables;
    DROP TABLE bank_accounts;
    DROP TABLE company_payout_settings;
    ALTER TABLE document_sequences DROP CONSTRAINT document_sequences_kind_check;
    ALTER TABLE document_sequences ADD CONSTRAINT document_sequences_kind_check
      CHECK (kind IN ('invoice', 'credit_note'));
  `.execute(db);
}
