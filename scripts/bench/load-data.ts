import { sql } from 'kysely';
import type { Db } from '../../src/db/connection.ts';
import { generateApiKey } from '../../src/auth/api-keys.ts';

/**
 * A realistic data set in bulk SQL: 5 companies with 20 appraisers each, 100 clients (20 per
 * company) with 3 users each, products, and `orders` orders spread over clients, statuses and
 * dates, each with its products, borrower party, creation history, and a note on every tenth.
 */
export interface BenchWorld {
  staffKey: string;
  clientKey: string;
  appraiserKey: string;
  companyId: string;
  clientId: string;
  appraiserId: string;
  productId: string;
  clientUserId: string;
  /** Orders of the benchmark's company in Inspection scheduled with its appraiser (for the workflow action). */
  scheduledOrderIds: string[];
  sampleOrderIds: string[];
}

const STATUSES = [
  'Unassigned',
  'Pending assignment',
  'Assigned',
  'Inspection scheduled',
  'Inspection completed',
  'In review',
  'Completed',
  'Fulfilled',
  'Cancelled',
  'On hold',
];

export async function loadData(db: Db, orders: number): Promise<BenchWorld> {
  await sql`
    INSERT INTO organizations (id, kind, name)
      SELECT ('00000000-0000-4000-8000-' || lpad(c::text, 12, '0'))::uuid, 'company', 'Bench Company ' || c FROM generate_series(1, 5) c;
    INSERT INTO organizations (id, kind, name)
      SELECT ('00000000-0000-4000-9000-' || lpad(c::text, 12, '0'))::uuid, 'client', 'Bench Lender ' || c FROM generate_series(1, 100) c;
    INSERT INTO company_clients (company_id, client_id)
      SELECT ('00000000-0000-4000-8000-' || lpad((((c - 1) % 5) + 1)::text, 12, '0'))::uuid, ('00000000-0000-4000-9000-' || lpad(c::text, 12, '0'))::uuid FROM generate_series(1, 100) c;
    INSERT INTO company_payment_methods (company_id, method)
      SELECT o.id, m FROM organizations o, unnest(ARRAY['payment_link', 'invoice', 'credit_card']) m WHERE o.kind = 'company';
    INSERT INTO products (company_id, name, fee_cents)
      SELECT o.id, p.name, p.fee FROM organizations o, (VALUES ('Full Appraisal (1004)', 45000), ('Condo (1073)', 42500), ('Desktop', 27500)) p(name, fee) WHERE o.kind = 'company';
    INSERT INTO client_products (client_id, product_id)
      SELECT cc.client_id, p.id FROM company_clients cc JOIN products p ON p.company_id = cc.company_id;
    INSERT INTO users (organization_id, role, is_admin, email, first_name, last_name)
      SELECT o.id, 'staff', true, 'staff@' || o.id || '.bench', 'Staff', o.name FROM organizations o WHERE o.kind = 'company';
    INSERT INTO users (organization_id, role, email, first_name, last_name)
      SELECT o.id, 'appraiser', 'appraiser' || a || '@' || o.id || '.bench', 'Appraiser', a::text FROM organizations o, generate_series(1, 20) a WHERE o.kind = 'company';
    INSERT INTO users (organization_id, role, is_admin, email, first_name, last_name, title)
      SELECT o.id, 'client', u = 1, 'user' || u || '@' || o.id || '.bench', 'Client', u::text, (ARRAY['Client Manager', 'Loan Officer', 'Processor'])[u] FROM organizations o, generate_series(1, 3) u WHERE o.kind = 'client';
  `.execute(db);
  await loadOrders(db, orders);
  // What a kept database (BENCH_DATABASE) holds, for the next run to find (loadedOrders).
  await sql`COMMENT ON DATABASE ${sql.id(await databaseName(db))} IS ${sql.lit(`${LOADED}${orders}`)}`.execute(
    db,
  );
  return benchWorld(db);
}

const LOADED = 'bench orders: ';

const databaseName = async (db: Db) =>
  (await sql<{ name: string }>`SELECT current_database() AS name`.execute(db)).rows[0]!.name;

/** How many orders loadData put in this database (a kept one), or null: none loaded. */
export async function loadedOrders(db: Db): Promise<number | null> {
  const { rows } = await sql<{ comment: string | null }>`
    SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = current_database()`.execute(
    db,
  );
  const comment = rows[0]?.comment ?? '';
  return comment.startsWith(LOADED) ? Number(comment.slice(LOADED.length)) : null;
}

/**
 * What an earlier run on a kept database left: the orders its write scenarios placed (ten
 * thousand or more, all alike: one street, one borrower, the newest of the company, so that a
 * search walking the list newest first would pass them all) and the notices they queued (which
 * the service would deliver in the background of this run's reads). Removed, with what hangs on
 * those orders, and the table vacuumed: each run measures the orders as they were loaded.
 */
export async function settleEarlierRuns(db: Db): Promise<{ orders: number; notices: number }> {
  const removed = await db.deleteFrom('orders').where('created_at', '>', LOADED_UNTIL).executeTakeFirst();
  const settled = await db
    .updateTable('outbox_messages')
    .set({ status: 'delivered', delivered_at: new Date() })
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (removed.numDeletedRows > 0n) await sql`VACUUM ANALYZE orders`.execute(db);
  return { orders: Number(removed.numDeletedRows), notices: Number(settled.numUpdatedRows) };
}

/** The creation time of the last order a load writes (loadOrders: 1,000 days from 2024-01-01). */
const LOADED_UNTIL = new Date(Date.UTC(2024, 0, 1) + 1000 * 86_400_000);

export async function benchWorld(db: Db): Promise<BenchWorld> {
  const company = await db
    .selectFrom('organizations')
    .select('id')
    .where('name', '=', 'Bench Company 1')
    .executeTakeFirstOrThrow();
  const client = await db
    .selectFrom('organizations')
    .innerJoin('company_clients', 'company_clients.client_id', 'organizations.id')
    .select('organizations.id')
    .where('company_clients.company_id', '=', company.id)
    .orderBy('organizations.id')
    .executeTakeFirstOrThrow();
  const staff = await db
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', company.id)
    .where('role', '=', 'staff')
    .executeTakeFirstOrThrow();
  const clientUser = await db
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', client.id)
    .where('is_admin', '=', true)
    .executeTakeFirstOrThrow();
  const scheduled = await db
    .selectFrom('orders')
    .select(['id', 'appraiser_id'])
    .where('company_id', '=', company.id)
    .where('status', '=', 'Inspection scheduled')
    .where('appraiser_id', 'is not', null)
    .limit(1)
    .executeTakeFirstOrThrow();
  const scheduledOrders = await db
    .selectFrom('orders')
    .select('id')
    .where('appraiser_id', '=', scheduled.appraiser_id)
    .where('status', '=', 'Inspection scheduled')
    .limit(500)
    .execute();
  // The newest of the loaded orders: on a kept database, the orders an earlier run's writes
  // placed since (all alike: one street, one borrower) would make every search look for them.
  const sample = await db
    .selectFrom('orders')
    .select('id')
    .where('company_id', '=', company.id)
    .where('created_at', '<=', LOADED_UNTIL)
    .orderBy('created_at', 'desc')
    .limit(500)
    .execute();
  const product = await db
    .selectFrom('client_products')
    .select('product_id')
    .where('client_id', '=', client.id)
    .executeTakeFirstOrThrow();

  const issue = async (userId: string) => {
    const key = generateApiKey();
    await db
      .insertInto('api_keys')
      .values({ user_id: userId, token_hash: key.hash, prefix: key.prefix, label: 'bench' })
      .execute();
    return key.key;
  };
  return {
    staffKey: await issue(staff.id),
    clientKey: await issue(clientUser.id),
    appraiserKey: await issue(scheduled.appraiser_id!),
    companyId: company.id,
    clientId: client.id,
    appraiserId: scheduled.appraiser_id!,
    productId: product.product_id,
    clientUserId: clientUser.id,
    scheduledOrderIds: scheduledOrders.map((o) => o.id),
    sampleOrderIds: sample.map((o) => o.id),
  };
}

/**
 * `orders` orders in bulk SQL, into a database that has none yet, spread over the given clients
 * (by default every client a company serves): client i % (number of clients), its company, an
 * appraiser of that company in turn; status, dates and loan data vary with i. Each order gets
 * its product, borrower party and creation history, every tenth a note. The running totals are
 * rebuilt once after the load rather than kept row by row.
 */
export async function loadOrders(db: Db, orders: number, clientIds?: string[]): Promise<void> {
  // The search's trigram index is built once after the load, as a migration builds it on a
  // table that has orders (built row by row, it would take longer than the load): the time
  // taken is printed, the figure for migrating a database of this size.
  const { rows: search } = await sql<{ indexdef: string }>`
    SELECT indexdef FROM pg_indexes WHERE indexname = 'orders_company_search_idx'`.execute(db);
  await sql`DROP INDEX IF EXISTS orders_company_search_idx`.execute(db);
  await sql`ALTER TABLE order_parties DISABLE TRIGGER order_parties_borrower_named`.execute(db);
  await sql`ALTER TABLE orders DISABLE TRIGGER orders_count`.execute(db);
  await sql`ALTER TABLE orders DISABLE TRIGGER orders_figures`.execute(db);
  await sql`ALTER TABLE order_history DISABLE TRIGGER order_history_revised`.execute(db);
  await sql`
    CREATE TEMP TABLE bench_clients AS
      SELECT row_number() OVER (ORDER BY cc.client_id) - 1 AS n, cc.client_id, cc.company_id,
             (SELECT id FROM users u WHERE u.organization_id = cc.client_id ORDER BY email LIMIT 1) AS creator,
             (SELECT array_agg(id ORDER BY email) FROM users u WHERE u.organization_id = cc.company_id AND u.role = 'appraiser') AS appraisers,
             (SELECT id FROM products p WHERE p.company_id = cc.company_id ORDER BY name LIMIT 1) AS product_id
        FROM company_clients cc
       WHERE ${clientIds ? sql`cc.client_id = ANY(${clientIds}::uuid[])` : sql`true`};
  `.execute(db);
  await sql`
    INSERT INTO orders (id, file_number, client_id, company_id, lender_id, created_by, status, appraiser_id, address_one, city, state_id, county_id, zip,
                        loan_type, transaction_type, loan_number, borrower_name, first_product_id, loan_amount_cents, green_certified, payment_method, total_fee_cents,
                        due_date, original_due_date, created_at, updated_at, completed_at, fulfilled_at, revised)
      SELECT gen_random_uuid(), 'AOM-' || lpad(i::text, 8, '0'), c.client_id, c.company_id, c.client_id, c.creator,
             s.status, CASE WHEN s.status IN ('Unassigned', 'Cancelled') THEN NULL ELSE c.appraisers[1 + i % cardinality(c.appraisers)] END,
             (i % 9000 + 100) || ' Main St', (ARRAY['Austin', 'Dallas', 'Houston', 'Chicago', 'Denver'])[1 + i % 5],
             (ARRAY['48', '48', '48', '17', '08'])[1 + i % 5], NULL, lpad((10000 + i % 89999)::text, 5, '0'),
             (ARRAY['conventional', 'fha', 'usda', 'reo', 'other'])[1 + i % 5], (ARRAY['purchase', 'refinance', 'home_equity'])[1 + i % 3],
             'LN-' || i, 'Pat LN-' || i, c.product_id, 30000000 + (i % 500) * 100000, false, 'invoice', 45000,
             timestamptz '2026-01-01' + (i % 730) * interval '1 day', timestamptz '2026-01-01' + (i % 730) * interval '1 day',
             timestamptz '2024-01-01' + (i::float / ${orders}) * interval '1000 days', timestamptz '2024-01-01' + (i::float / ${orders}) * interval '1000 days',
             -- Completed and fulfilled orders took 2 to 21 days (and a day more to deliver); every twelfth was revised.
             CASE WHEN s.status IN ('Completed', 'Fulfilled') THEN timestamptz '2024-01-01' + (i::float / ${orders}) * interval '1000 days' + (2 + i % 20) * interval '1 day' END,
             CASE WHEN s.status = 'Fulfilled' THEN timestamptz '2024-01-01' + (i::float / ${orders}) * interval '1000 days' + (3 + i % 20) * interval '1 day' END,
             s.status = 'Fulfilled' AND i % 12 = 0
        FROM generate_series(1, ${orders}) i
        JOIN bench_clients c ON c.n = i % (SELECT count(*) FROM bench_clients)
        JOIN LATERAL (SELECT (${sql.val(STATUSES)}::text[])[1 + ((i / 100) * 7) % 10] AS status) s ON true
  `.execute(db);
  // The milestone each open order runs (docs/turn-times.md): started when it was created, due a
  // day before its due date, at risk two days before; those due before today are late.
  await sql`
    UPDATE orders SET milestone = m.milestone, milestone_started_at = created_at,
           milestone_at_risk_at = due_date - interval '2 days', milestone_due_at = due_date - interval '1 day'
      FROM (VALUES ('Pending assignment', 'offer_answered'), ('Assigned', 'inspection_scheduled'),
                   ('Inspection scheduled', 'inspection_completed'), ('Inspection completed', 'report_submitted'),
                   ('In review', 'review_done'), ('Completed', 'delivered')) AS m(status, milestone)
     WHERE orders.status = m.status`.execute(db);
  await sql`SELECT setval('order_file_number_seq', ${orders})`.execute(db);
  await sql`ALTER TABLE orders ENABLE TRIGGER orders_count`.execute(db);
  await sql`SELECT order_counts_rebuild()`.execute(db);
  await sql`
    INSERT INTO order_products (order_id, product_id, fee_cents, position)
      SELECT o.id, c.product_id, 45000, 0 FROM orders o JOIN bench_clients c ON c.client_id = o.client_id;
    INSERT INTO order_parties (order_id, name, first_name, last_name, role, role_key, emails, phones)
      SELECT o.id, 'Pat ' || o.loan_number, 'Pat', o.loan_number, 'borrower', 'borrower', ARRAY['borrower@bench.example'], ARRAY['512-555-0100'] FROM orders o;
    INSERT INTO order_history (order_id, action, from_status, to_status, user_id, key_owner_id)
      SELECT o.id, 'create', NULL, 'Unassigned', o.created_by, o.created_by FROM orders o;
    INSERT INTO order_history (order_id, action, from_status, to_status, user_id, key_owner_id)
      SELECT o.id, 'request_revision', 'Completed', 'Client request', o.created_by, o.created_by FROM orders o WHERE o.revised;
    INSERT INTO notes (order_id, author_id, author_name, subject, content)
      SELECT o.id, o.created_by, 'Client 1', 'Access', '<p>Gate code 1234</p>' FROM orders o WHERE o.loan_number LIKE '%0';
  `.execute(db);
  // The dashboard's rollups (migration 0022) need each order's product: rebuilt once it is in.
  await sql`ALTER TABLE orders ENABLE TRIGGER orders_figures`.execute(db);
  await sql`ALTER TABLE order_history ENABLE TRIGGER order_history_revised`.execute(db);
  await sql`SELECT order_figures_rebuild()`.execute(db);
  await sql`ALTER TABLE order_parties ENABLE TRIGGER order_parties_borrower_named`.execute(db);
  if (search[0]) {
    const started = Date.now();
    await sql.raw(search[0].indexdef).execute(db);
    process.stderr.write(
      `[bench] the search's trigram index built on ${orders.toLocaleString('en-US')} orders in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
  }
  await sql`VACUUM ANALYZE`.execute(db);
}
