import { sql } from 'kysely';
import { findUserById } from '../../src/auth/auth-user.repository.ts';
import type { Principal } from '../../src/auth/principal.ts';
import { SecretBox } from '../../src/auth/secret-box.ts';
import { loadConfig } from '../../src/config/config.ts';
import { createDb, type Db } from '../../src/db/connection.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { batchCsv, batchNacha, createBatch } from '../../src/payables/payout-batches.service.ts';
import { clientStatement, companyStatementsCsv } from '../../src/receivables/statements.service.ts';
import { benchDatabase } from './service.ts';

/**
 * `npm run bench:money`: the money at scale (docs/money.md). One company with BENCH_MONEY_CLIENTS
 * (500) lenders and BENCH_MONEY_APPRAISERS (5,000) appraisers, each with a bank account; BENCH_ORDERS
 * (1,000,000) orders over 900 days, the delivered ones with their invoices, charges, payments (four
 * in five paid, by card or check) and credit notes, and their payables, those earned before the
 * last 45 days paid out in monthly batches. Then, in-process, each BENCH_MONEY_RUNS (3) times: last
 * month's statements of every lender (each one's, and all of them as one CSV file), and a payout
 * batch of everything due (made, its NACHA file and its CSV, then removed), against 10 s each;
 * with the growth of the heap and of the resident memory. Printed, never asserted.
 */
const CLIENTS = Number(process.env.BENCH_MONEY_CLIENTS ?? 500);
const APPRAISERS = Number(process.env.BENCH_MONEY_APPRAISERS ?? 5_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_MONEY_RUNS ?? 3);
const TARGET_MS = 10_000;
const TIME_ZONE = 'America/Chicago';
const log = (message: string) => process.stderr.write(`[bench:money] ${message}\n`);

const COMPANY_ID = '00000000-0000-4000-c000-000000000001';
const STAFF_ID = '00000000-0000-4000-c000-000000000002';
const id = (block: string, n: string) =>
  sql.raw(`('00000000-0000-4000-${block}-' || lpad((${n})::text, 12, '0'))::uuid`);
const LOADED = 'bench money v1: ';
const loadedAs = `${LOADED}${CLIENTS} clients, ${APPRAISERS} appraisers, ${ORDERS} orders`;

async function load(db: Db): Promise<void> {
  const statements = [
    sql`INSERT INTO organizations (id, kind, name) VALUES (${COMPANY_ID}, 'company', 'Money Company')`,
    sql`INSERT INTO organizations (id, kind, name) SELECT ${id('c100', 'c')}, 'client', 'Money Lender ' || c FROM generate_series(1, ${CLIENTS}) c`,
    sql`INSERT INTO company_clients (company_id, client_id) SELECT ${COMPANY_ID}, ${id('c100', 'c')} FROM generate_series(1, ${CLIENTS}) c`,
    sql`INSERT INTO company_payment_methods (company_id, method) VALUES (${COMPANY_ID}, 'invoice')`,
    sql`INSERT INTO products (company_id, name, fee_cents) VALUES (${COMPANY_ID}, 'Full Appraisal (1004)', 45000)`,
    sql`INSERT INTO users (id, organization_id, role, is_admin, email, first_name, last_name)
          VALUES (${STAFF_ID}, ${COMPANY_ID}, 'staff', true, 'staff@money.bench', 'Staff', 'Money')`,
    sql`INSERT INTO users (id, organization_id, role, is_admin, email, first_name, last_name)
          SELECT ${id('c300', 'c')}, ${id('c100', 'c')}, 'client', true, 'user' || c || '@lender.money.bench', 'Client', c::text
            FROM generate_series(1, ${CLIENTS}) c`,
    sql`INSERT INTO users (id, organization_id, role, is_admin, email, first_name, last_name)
          SELECT ${id('c200', 'a')}, ${COMPANY_ID}, 'appraiser', false, 'a' || a || '@money.bench', 'Appraiser', a::text
            FROM generate_series(1, ${APPRAISERS}) a`,
    // Bank accounts in clear: the bench's stand-in for sealed numbers (SecretBox opens both).
    sql`INSERT INTO bank_accounts (appraiser_id, holder_name, routing_number, account_number_sealed, account_last4, account_type)
          SELECT ${id('c200', 'a')}, 'Appraiser ' || a, '111000025', lpad(a::text, 10, '0'), lpad((a % 10000)::text, 4, '0'), 'checking'
            FROM generate_series(1, ${APPRAISERS}) a`,
    sql`INSERT INTO company_payout_settings (company_id, pay_on, ach_bank_name, ach_routing_number, ach_company_name, ach_company_id)
          VALUES (${COMPANY_ID}, 'delivery', 'Frost Bank', '114000093', 'Money Company', '1741234567')`,
    sql`CREATE TEMP TABLE money_orders AS
          SELECT i, gen_random_uuid() AS id, 1 + i % ${CLIENTS} AS c, 1 + i::bigint * 7919 % ${APPRAISERS} AS a,
                 now() - ((${ORDERS} - i)::float / ${ORDERS} * 900) * interval '1 day' AS created,
                 (${ORDERS} - i)::float / ${ORDERS} * 900 < 10 AS open
            FROM generate_series(1, ${ORDERS}) i`,
    sql`ALTER TABLE orders DISABLE TRIGGER orders_count`,
    sql`ALTER TABLE orders DISABLE TRIGGER orders_figures`,
    sql`INSERT INTO orders (id, file_number, client_id, company_id, lender_id, created_by, status, appraiser_id,
                            address_one, city, state_id, county_id, zip, loan_type, transaction_type, loan_number, borrower_name,
                            first_product_id, green_certified, payment_method, total_fee_cents, appraiser_fee_cents, paid_cents, credited_cents,
                            due_date, original_due_date, completed_at, created_at, updated_at)
          SELECT m.id, 'MNY-' || lpad(m.i::text, 8, '0'), ${id('c100', 'm.c')}, ${COMPANY_ID}, ${id('c100', 'm.c')}, ${id('c300', 'm.c')},
                 CASE WHEN m.open THEN 'In review' ELSE 'Completed' END, ${id('c200', 'm.a')},
                 (m.i % 9000 + 100) || ' Main St', 'Austin', '48', '48' || lpad((1 + 2 * (m.i % 254))::text, 3, '0'), '78701',
                 'conventional', 'purchase', 'LN-' || m.i, 'Pat LN-' || m.i,
                 (SELECT id FROM products WHERE company_id = ${COMPANY_ID}), false, 'invoice', 45000, 30000 + m.i % 25 * 1000,
                 CASE WHEN NOT m.open AND m.i % 5 <> 0 THEN 45000 ELSE 0 END,
                 CASE WHEN NOT m.open AND m.i % 50 = 7 THEN 2500 ELSE 0 END,
                 m.created + interval '10 days', m.created + interval '10 days',
                 CASE WHEN NOT m.open THEN m.created + interval '8 days' END, m.created, m.created
            FROM money_orders m`,
    sql`ALTER TABLE orders ENABLE TRIGGER orders_count`,
    sql`ALTER TABLE orders ENABLE TRIGGER orders_figures`,
    sql`SELECT order_counts_rebuild()`,
    sql`SELECT order_figures_rebuild()`,
    sql`INSERT INTO invoices (id, company_id, client_id, order_id, number, issued_at, issued_on, due_on)
          SELECT m.id, ${COMPANY_ID}, ${id('c100', 'm.c')}, m.id, m.i, m.created + interval '8 days', 'delivery',
                 (m.created + interval '38 days')::date
            FROM money_orders m WHERE NOT m.open`,
    sql`INSERT INTO document_sequences (company_id, kind, last_number) VALUES (${COMPANY_ID}, 'invoice', ${ORDERS})`,
    sql`INSERT INTO receivable_entries (invoice_id, company_id, client_id, kind, amount_cents, created_at)
          SELECT m.id, ${COMPANY_ID}, ${id('c100', 'm.c')}, 'charge', 45000, m.created + interval '8 days'
            FROM money_orders m WHERE NOT m.open`,
    sql`INSERT INTO payments (id, order_id, amount_cents, method, status, provider, provider_reference, payer_name, created_at, confirmed_at)
          SELECT gen_random_uuid(), m.id, 45000, CASE WHEN m.i % 2 = 0 THEN 'credit_card' ELSE 'check' END, 'succeeded',
                 CASE WHEN m.i % 2 = 0 THEN 'sandbox' ELSE 'recorded' END, 'REF-' || m.i, 'Lender',
                 m.created + interval '20 days', m.created + interval '20 days'
            FROM money_orders m WHERE NOT m.open AND m.i % 5 <> 0`,
    sql`INSERT INTO receivable_entries (invoice_id, company_id, client_id, kind, amount_cents, payment_id, created_at)
          SELECT p.order_id, ${COMPANY_ID}, o.client_id, 'payment', -p.amount_cents, p.id, p.created_at
            FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.company_id = ${COMPANY_ID}`,
    sql`INSERT INTO receivable_entries (invoice_id, company_id, client_id, kind, amount_cents, credit_note_number, reason, created_at)
          SELECT m.id, ${COMPANY_ID}, ${id('c100', 'm.c')}, 'credit_note', -2500, m.i, 'Late report', m.created + interval '12 days'
            FROM money_orders m WHERE NOT m.open AND m.i % 50 = 7`,
    sql`INSERT INTO payables (id, company_id, appraiser_id, order_id, earned_at, due_on)
          SELECT m.id, ${COMPANY_ID}, ${id('c200', 'm.a')}, m.id, m.created + interval '8 days', (m.created + interval '8 days')::date
            FROM money_orders m WHERE NOT m.open`,
    sql`INSERT INTO payable_entries (payable_id, company_id, appraiser_id, kind, amount_cents, created_at)
          SELECT m.id, ${COMPANY_ID}, ${id('c200', 'm.a')}, 'fee', 30000 + m.i % 25 * 1000, m.created + interval '8 days'
            FROM money_orders m WHERE NOT m.open`,
    // What was earned before the last 45 days was paid in a batch a month.
    sql`INSERT INTO payout_batches (id, company_id, number, pay_on, status, total_cents, created_by, approved_by, approved_at, paid_by, paid_at)
          SELECT ${id('c400', 'k')}, ${COMPANY_ID}, k, (now() - (k * 30 + 45) * interval '1 day')::date, 'paid', 0,
                 ${STAFF_ID}, ${STAFF_ID}, now() - (k * 30 + 45) * interval '1 day', ${STAFF_ID}, now() - (k * 30 + 45) * interval '1 day'
            FROM generate_series(1, 30) k`,
    sql`INSERT INTO document_sequences (company_id, kind, last_number) VALUES (${COMPANY_ID}, 'payout_batch', 30)`,
    sql`CREATE TEMP TABLE money_paid AS
          SELECT p.id, p.appraiser_id, p.amount, ${id('c400', 'p.k')} AS batch_id
            FROM (SELECT m.id, ${id('c200', 'm.a')} AS appraiser_id, 30000 + m.i % 25 * 1000 AS amount,
                         least(30, greatest(1, floor(extract(epoch FROM now() - m.created) / 86400 / 30)::int)) AS k
                    FROM money_orders m WHERE NOT m.open AND m.created + interval '8 days' < now() - interval '45 days') p`,
    sql`INSERT INTO payout_lines (batch_id, payable_id, appraiser_id, amount_cents)
          SELECT batch_id, id, appraiser_id, amount FROM money_paid`,
    sql`INSERT INTO payable_entries (payable_id, company_id, appraiser_id, kind, amount_cents, payout_batch_id, created_at)
          SELECT id, ${COMPANY_ID}, appraiser_id, 'payout', -amount, batch_id, now() FROM money_paid`,
    sql`UPDATE payout_batches b SET total_cents = s.total
          FROM (SELECT batch_id, sum(amount_cents) AS total FROM payout_lines GROUP BY batch_id) s WHERE s.batch_id = b.id`,
    sql`DROP TABLE money_orders, money_paid`,
  ];
  for (const statement of statements) await statement.execute(db);
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;

async function measure(name: string, run: () => Promise<unknown>): Promise<string> {
  const times: number[] = [];
  const heapBefore = process.memoryUsage().heapUsed;
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  for (let i = 0; i < RUNS; i++) {
    const begun = performance.now();
    await run();
    times.push(performance.now() - begun);
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }
  const slowest = Math.max(...times);
  const growth = process.memoryUsage().heapUsed - heapBefore;
  const each = times.map((ms) => ms.toFixed(0)).join(' / ');
  return `  ${name.padEnd(58)} runs ${each} ms, slowest ${slowest.toFixed(0).padStart(6)} ms, heap ${growth >= 0 ? '+' : ''}${megabytes(growth)}, rss peak +${megabytes(rssPeak - rssBefore)}  ${slowest < TARGET_MS ? 'PASS' : 'FAIL'}`;
}

async function main(): Promise<void> {
  const { url, kept, stop } = await benchDatabase(log);
  const db = createDb(url, { max: 4 });
  try {
    await migrateToLatest(db);
    const { rows } = await sql<{ comment: string | null }>`
      SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = current_database()`.execute(
      db,
    );
    const reused = kept && rows[0]?.comment === loadedAs;
    if (!reused) {
      log(
        `loading ${CLIENTS} lenders, ${APPRAISERS} appraisers and ${ORDERS.toLocaleString('en-US')} orders with their ledgers`,
      );
      const started = Date.now();
      await load(db);
      await sql`VACUUM ANALYZE`.execute(db);
      log(`loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      const name = (await sql<{ name: string }>`SELECT current_database() AS name`.execute(db)).rows[0]!.name;
      await sql`COMMENT ON DATABASE ${sql.id(name)} IS ${sql.lit(loadedAs)}`.execute(db);
    } else log('reusing the kept database');
    const staff = (await findUserById(db, STAFF_ID))!;
    const principal = { user: staff, keyOwner: staff, credentialId: 'bench' } as Principal;
    const config = loadConfig({ TIME_ZONE });
    const secrets = new SecretBox(db);
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15))
      .toISOString()
      .slice(0, 7);
    const clients = (
      await db
        .selectFrom('company_clients')
        .select('client_id')
        .where('company_id', '=', COMPANY_ID)
        .execute()
    ).map((row) => row.client_id);
    const lines = [
      `bench:money: ${clients.length} lenders, ${APPRAISERS} appraisers, ${ORDERS.toLocaleString('en-US')} orders; ${RUNS} runs; target < ${TARGET_MS} ms each`,
    ];
    log(`measuring ${lastMonth}'s statements`);
    lines.push(
      await measure(`${lastMonth}: every lender's statement as one CSV`, () =>
        companyStatementsCsv(db, staff, COMPANY_ID, lastMonth, config),
      ),
    );
    lines.push(
      await measure(`${lastMonth}: each of the ${clients.length} statements (JSON)`, async () => {
        for (const client of clients) await clientStatement(db, staff, client, lastMonth, COMPANY_ID, config);
      }),
    );
    log('measuring the payout batch of everything due');
    let sizes = '';
    lines.push(
      await measure('a payout batch of everything due, its NACHA file and CSV', async () => {
        const batch = await createBatch(db, config, principal, COMPANY_ID, {});
        await db
          .updateTable('payout_batches')
          .set({ status: 'approved' })
          .where('id', '=', batch.id)
          .execute();
        const ach = await batchNacha(db, secrets, principal, batch.id);
        await batchCsv(db, principal, batch.id);
        sizes = `${batch.lines.length.toLocaleString('en-US')} appraisers, $${Number(batch.total).toLocaleString('en-US')}, a NACHA file of ${ach.text.split('\r\n').length - 1} records`;
        await db.deleteFrom('payout_batches').where('id', '=', batch.id).execute();
        await db
          .updateTable('document_sequences')
          .set({ last_number: sql`last_number - 1` })
          .where('company_id', '=', COMPANY_ID)
          .where('kind', '=', 'payout_batch')
          .execute();
      }),
    );
    lines.push(`  the batch: ${sizes}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await db.destroy();
    await stop();
  }
}

await main();
