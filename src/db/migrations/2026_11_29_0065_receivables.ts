import { sql, type Kysely } from 'kysely';

/**
 * What lenders owe (docs/money.md, "Receivables"): each order's invoice, numbered without gaps per
 * company when it is issued (at the delivery, or at the first payment if that comes first), and
 * the ledger of what moves its balance: the charge at issue, agreed fee changes after it, payments
 * (by card, or a check, ACH or wire the company records as a receipt), credit notes and
 * write-offs with their reasons. Money is integer cents (bigint): exact, never floating point.
 * `orders.credited_cents` keeps the credits and write-offs, so that an order's balance is
 * total - paid - credited wherever it is read. The lender's payment terms are a company's
 * setting per client (net 30 unless set).
 *
 * Orders delivered or paid before this migration get their invoices here, numbered in the order
 * they were delivered or first paid, with their charges and card payments.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE orders ADD COLUMN credited_cents bigint NOT NULL DEFAULT 0 CHECK (credited_cents >= 0);
    ALTER TABLE company_clients
      ADD COLUMN payment_terms_days integer NOT NULL DEFAULT 30 CHECK (payment_terms_days BETWEEN 0 AND 120);

    CREATE TABLE document_sequences (
      company_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
      last_number bigint NOT NULL CHECK (last_number >= 0),
      PRIMARY KEY (company_id, kind)
    );

    CREATE TABLE invoices (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      client_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      order_id uuid NOT NULL UNIQUE REFERENCES orders (id) ON DELETE CASCADE,
      number bigint NOT NULL CHECK (number > 0),
      issued_at timestamptz NOT NULL,
      issued_on text NOT NULL CHECK (issued_on IN ('delivery', 'payment', 'cancellation')),
      due_on date NOT NULL,
      UNIQUE (company_id, number)
    );
    CREATE INDEX invoices_client_idx ON invoices (company_id, client_id, issued_at);

    CREATE TABLE receipts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      client_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      method text NOT NULL CHECK (method IN ('check', 'ach', 'wire')),
      reference text NOT NULL,
      received_on date NOT NULL,
      amount_cents bigint NOT NULL CHECK (amount_cents > 0),
      recorded_by uuid REFERENCES users (id) ON DELETE SET NULL,
      acting_for uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      UNIQUE (company_id, client_id, method, reference)
    );
    ALTER TABLE payments ADD COLUMN receipt_id uuid REFERENCES receipts (id) ON DELETE RESTRICT;
    CREATE INDEX payments_receipt_idx ON payments (receipt_id) WHERE receipt_id IS NOT NULL;

    CREATE TABLE receivable_entries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      invoice_id uuid NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
      company_id uuid NOT NULL,
      client_id uuid NOT NULL,
      kind text NOT NULL CHECK (kind IN ('charge', 'adjustment', 'payment', 'credit_note', 'write_off')),
      -- What the lender owes moves by it: charges up, payments, credit notes and write-offs down;
      -- an adjustment either way.
      amount_cents bigint NOT NULL CHECK (amount_cents <> 0),
      payment_id uuid UNIQUE REFERENCES payments (id) ON DELETE RESTRICT,
      credit_note_number bigint,
      reason text,
      recorded_by uuid REFERENCES users (id) ON DELETE SET NULL,
      acting_for uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      CHECK (kind <> 'charge' OR amount_cents > 0),
      CHECK (kind NOT IN ('payment', 'credit_note', 'write_off') OR amount_cents < 0),
      CHECK ((kind = 'payment') = (payment_id IS NOT NULL)),
      CHECK ((kind = 'credit_note') = (credit_note_number IS NOT NULL)),
      CHECK (kind NOT IN ('credit_note', 'write_off') OR length(btrim(reason)) > 0),
      UNIQUE (company_id, credit_note_number)
    );
    CREATE INDEX receivable_entries_invoice_idx ON receivable_entries (invoice_id, created_at);
    CREATE INDEX receivable_entries_client_idx ON receivable_entries (company_id, client_id, created_at);

    WITH billable AS (
      SELECT o.id, o.company_id, o.client_id, o.total_fee_cents, o.completed_at,
             (SELECT min(coalesce(p.confirmed_at, p.created_at)) FROM payments p
               WHERE p.order_id = o.id AND p.status = 'succeeded') AS first_paid_at
        FROM orders o
       WHERE o.completed_at IS NOT NULL OR o.paid_cents > 0
    ), numbered AS (
      SELECT b.*, least(b.completed_at, b.first_paid_at) AS issued_at,
             row_number() OVER (PARTITION BY b.company_id
                                ORDER BY least(b.completed_at, b.first_paid_at), b.id) AS number
        FROM billable b
    ), issued AS (
      INSERT INTO invoices (company_id, client_id, order_id, number, issued_at, issued_on, due_on)
      SELECT n.company_id, n.client_id, n.id, n.number, n.issued_at,
             CASE WHEN n.first_paid_at IS NOT NULL AND (n.completed_at IS NULL OR n.first_paid_at < n.completed_at)
                  THEN 'payment' ELSE 'delivery' END,
             (n.issued_at::date + coalesce(cc.payment_terms_days, 30))
        FROM numbered n
        LEFT JOIN company_clients cc ON cc.company_id = n.company_id AND cc.client_id = n.client_id
      RETURNING id, company_id, client_id, order_id, issued_at
    ), charged AS (
      INSERT INTO receivable_entries (invoice_id, company_id, client_id, kind, amount_cents, created_at)
      SELECT i.id, i.company_id, i.client_id, 'charge', o.total_fee_cents, i.issued_at
        FROM issued i JOIN orders o ON o.id = i.order_id
       WHERE o.total_fee_cents > 0
    )
    INSERT INTO receivable_entries (invoice_id, company_id, client_id, kind, amount_cents, payment_id, created_at)
    SELECT i.id, i.company_id, i.client_id, 'payment', -p.amount_cents, p.id, coalesce(p.confirmed_at, p.created_at)
      FROM issued i JOIN payments p ON p.order_id = i.order_id AND p.status = 'succeeded';

    INSERT INTO document_sequences (company_id, kind, last_number)
    SELECT company_id, 'invoice', max(number) FROM invoices GROUP BY company_id;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE receivable_entries;
    DROP INDEX payments_receipt_idx;
    ALTER TABLE payments DROP COLUMN receipt_id;
    DROP TABLE receipts;
    DROP TABLE invoices;
    DROP TABLE document_sequences;
    ALTER TABLE company_clients DROP COLUMN payment_terms_days;
    ALTER TABLE orders DROP COLUMN credited_cents;
  `.execute(db);
}
