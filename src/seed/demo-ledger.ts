import { sql } from 'kysely';
import type { Trx } from '../db/connection.ts';

/**
 * The demo world's money (docs/money.md): its orders are written as they stand, not walked through
 * the workflow, so their ledgers are written here as the workflow would have posted them. Each
 * order delivered or paid gets its invoice (numbered in the order they were delivered or first
 * paid, due 30 days after), its charge and its card payments; each delivered order with an
 * appraiser fee its payable, due on the delivery day, less the submission fees charged.
 */
export async function seedDemoLedger(trx: Trx, companyId: string): Promise<void> {
  await sql`
    WITH billable AS (
      SELECT o.id, o.company_id, o.client_id, o.total_fee_cents, o.completed_at,
             (SELECT min(coalesce(p.confirmed_at, p.created_at)) FROM payments p
               WHERE p.order_id = o.id AND p.status = 'succeeded') AS first_paid_at
        FROM orders o
       WHERE o.company_id = ${companyId} AND (o.completed_at IS NOT NULL OR o.paid_cents > 0)
         AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = o.id)
    ), numbered AS (
      SELECT b.*, least(b.completed_at, b.first_paid_at) AS issued_at,
             coalesce((SELECT last_number FROM document_sequences WHERE company_id = ${companyId} AND kind = 'invoice'), 0)
               + row_number() OVER (ORDER BY least(b.completed_at, b.first_paid_at), b.id) AS number
        FROM billable b
    ), issued AS (
      INSERT INTO invoices (company_id, client_id, order_id, number, issued_at, issued_on, due_on)
      SELECT n.company_id, n.client_id, n.id, n.number, n.issued_at,
             CASE WHEN n.first_paid_at IS NOT NULL AND (n.completed_at IS NULL OR n.first_paid_at < n.completed_at)
                  THEN 'payment' ELSE 'delivery' END,
             (n.issued_at::date + coalesce(cc.payment_terms_days, 30))
        FROM numbered n
        LEFT JOIN company_clients cc ON cc.company_id = n.company_id AND cc.client_id = n.client_id
      RETURNING id, company_id, client_id, order_id, issued_at, number
    ), charged AS (
      INSERT INTO receivable_entries (invoice_id, company_id, client_id, kind, amount_cents, created_at)
      SELECT i.id, i.company_id, i.client_id, 'charge', o.total_fee_cents, i.issued_at
        FROM issued i JOIN orders o ON o.id = i.order_id
       WHERE o.total_fee_cents > 0
    ), paid AS (
      INSERT INTO receivable_entries (invoice_id, company_id, client_id, kind, amount_cents, payment_id, created_at)
      SELECT i.id, i.company_id, i.client_id, 'payment', -p.amount_cents, p.id, coalesce(p.confirmed_at, p.created_at)
        FROM issued i JOIN payments p ON p.order_id = i.order_id AND p.status = 'succeeded'
    )
    INSERT INTO document_sequences (company_id, kind, last_number)
    SELECT ${companyId}, 'invoice', max(number) FROM issued HAVING count(*) > 0
    ON CONFLICT (company_id, kind) DO UPDATE SET last_number = excluded.last_number`.execute(trx);
  await sql`
    WITH earned AS (
      INSERT INTO payables (company_id, appraiser_id, order_id, earned_at, due_on)
      SELECT o.company_id, o.appraiser_id, o.id, o.completed_at, o.completed_at::date
        FROM orders o
       WHERE o.company_id = ${companyId} AND o.completed_at IS NOT NULL AND o.appraiser_id IS NOT NULL
         AND o.appraiser_fee_cents > 0
      ON CONFLICT (order_id, appraiser_id) DO NOTHING
      RETURNING id, company_id, appraiser_id, order_id, earned_at
    ), fees AS (
      INSERT INTO payable_entries (payable_id, company_id, appraiser_id, kind, amount_cents, created_at)
      SELECT e.id, e.company_id, e.appraiser_id, 'fee', o.appraiser_fee_cents, e.earned_at
        FROM earned e JOIN orders o ON o.id = e.order_id
    )
    INSERT INTO payable_entries (payable_id, company_id, appraiser_id, kind, amount_cents, submission_fee_id, reason, created_at)
    SELECT e.id, e.company_id, e.appraiser_id, 'submission_fee', -f.amount_cents, f.id, 'Submission fee', e.earned_at
      FROM earned e JOIN submission_fees f ON f.order_id = e.order_id AND f.appraiser_id = e.appraiser_id
     WHERE f.status = 'succeeded'`.execute(trx);
}
