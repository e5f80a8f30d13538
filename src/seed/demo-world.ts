import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { issueApiKey } from '../api-keys/api-key.service.ts';
import type { Db, Trx } from '../db/connection.ts';
import {
  findClientTypeId,
  insertOrganization,
  linkCompanyToClient,
} from '../organizations/organization.repository.ts';
import type { Storage } from '../storage/storage.ts';
import { DEMO_PRODUCTS, seedDemo, type DemoUser, type DemoWorld } from './demo.ts';
import { agreementPdf, reportPdf } from './demo-documents.ts';
import {
  buildOrder,
  demoPlans,
  seededRandom,
  type DemoOrder,
  type LenderWorld,
  type OrdersWorld,
} from './demo-orders.ts';
import { COMPANY, LENDERS, PANEL, STAFF, type Office } from './demo-people.ts';
import { countyById } from './demo-places.ts';
import { seedPanelCredentials } from './demo-credentials.ts';
import type { Person } from './demo-replay.ts';
import { seedDemoLedger } from './demo-ledger.ts';

/**
 * The demo world of a first start: the small world of seed/demo.ts (its three users and keys
 * unchanged) grown into one worth exploring: the company with staff and a panel of 28
 * appraisers over seven Texas counties, two lenders with offices, branches and scoped users,
 * and a little over 200 orders in every status a person can find an order in, with their
 * histories, events, notes, report PDFs, payments and submission fees (demo-orders.ts).
 *
 * Written in bulk, in one transaction, with the triggers that keep the running totals on: the
 * order counts follow each row as the service's own writes do; the dashboard's figures are
 * rebuilt once at the end, because an order's turn time is filed under its first product,
 * which is inserted after the order. No email, webhook or notice is queued for the past.
 */
export interface BigDemoWorld extends DemoWorld {
  second_client_id: string;
  /** Users to sign in as besides the three with keys: the second lender's manager, scoped users. */
  more_users: { role: string; name: string; id: string; email: string; api_key?: string }[];
  orders: number;
}

const SUBMISSION_FEE_CENTS = 1500n;

export async function seedDemoWorld(
  db: Db,
  storage: Storage,
  fileNumberPrefix: string,
  now = new Date(),
): Promise<BigDemoWorld> {
  const small = await seedDemo(db);
  const tag = small.users.staff.email.split('+')[1]!.split('@')[0]!;
  const { world, people } = await db.transaction().execute((trx) => grow(trx, small, tag));
  const random = seededRandom(20261126);
  const plans = demoPlans(random);
  const numbers = await sql<{
    n: string;
  }>`SELECT nextval('order_file_number_seq')::text AS n FROM generate_series(1, ${plans.length})`.execute(db);
  const orders = plans.map((plan, index) =>
    buildOrder(
      world,
      plan,
      index,
      `${fileNumberPrefix}-${numbers.rows[index]!.n.padStart(8, '0')}`,
      random,
      now,
    ),
  );
  const files = await storeDocuments(storage, orders, world, people);
  await db.transaction().execute(async (trx) => {
    await insertOrders(trx, orders, files);
    await declineCards(trx, orders);
    await seedPanelCredentials(trx, small.company_id, world.staff.coordinator.id, now);
    await sql`SELECT order_figures_rebuild()`.execute(trx);
    await seedDemoLedger(trx, small.company_id);
  });
  return { ...small, ...people.summary, orders: orders.length };
}

interface People {
  summary: Pick<BigDemoWorld, 'second_client_id' | 'more_users'>;
  names: Map<string, string>;
  lenderNames: [string, string];
}

/** Organizations, offices, branches, settings and users around the small world's. */
async function grow(
  trx: Trx,
  small: DemoWorld,
  tag: string,
): Promise<{ world: OrdersWorld; people: People }> {
  const email = (first: string, last: string) =>
    `${first}.${last}+${tag}@demo.example`.toLowerCase().replace(/'/g, '');
  await trx
    .updateTable('organizations')
    .set({ name: COMPANY.name })
    .where('id', '=', small.company_id)
    .execute();
  await trx
    .updateTable('organizations')
    .set({ name: LENDERS[0].name, order_visibility: LENDERS[0].visibility })
    .where('id', '=', small.client_id)
    .execute();
  await trx
    .updateTable('organizations')
    .set({ submission_fee_cents: SUBMISSION_FEE_CENTS.toString() })
    .where('id', '=', small.company_id)
    .execute();
  const second = await insertOrganization(trx, {
    kind: 'client',
    name: LENDERS[1].name,
    clientTypeId: await findClientTypeId(trx, 'Bank'),
  });
  await trx
    .updateTable('organizations')
    .set({ order_visibility: LENDERS[1].visibility })
    .where('id', '=', second.id)
    .execute();
  await linkCompanyToClient(trx, small.company_id, second.id);
  await trx
    .updateTable('company_clients')
    .set({
      client_review_required: LENDERS[1].clientReviewRequired,
      payment_before_assignment: LENDERS[1].paysFirst,
    })
    .where('client_id', '=', second.id)
    .execute();
  const products = await trx
    .selectFrom('products')
    .select(['id', 'name', 'fee_cents', 'follow_up'])
    .where('company_id', '=', small.company_id)
    .execute();
  await trx
    .insertInto('client_products')
    .values(products.map((p) => ({ client_id: second.id, product_id: p.id })))
    .execute();
  const office = (id: string, o: Office) => ({ organization_id: id, ...o });
  await trx
    .insertInto('organization_addresses')
    .values([
      office(small.company_id, COMPANY.office),
      office(small.client_id, LENDERS[0].office),
      office(second.id, LENDERS[1].office),
    ])
    .execute();

  const mainBranch = await trx
    .selectFrom('branches')
    .select('id')
    .where('client_id', '=', small.client_id)
    .executeTakeFirstOrThrow();
  const moreBranches = await trx
    .insertInto('branches')
    .values([
      ...LENDERS[0].branches.slice(1).map((name) => ({ client_id: small.client_id, name })),
      ...LENDERS[1].branches.map((name) => ({ client_id: second.id, name })),
    ])
    .returning(['id', 'client_id', 'name'])
    .execute();
  const branchIds: [string[], string[]] = [
    [mainBranch.id, ...moreBranches.filter((b) => b.client_id === small.client_id).map((b) => b.id)],
    moreBranches.filter((b) => b.client_id === second.id).map((b) => b.id),
  ];

  const insertUsers = (
    rows: {
      org: string;
      role: 'staff' | 'appraiser' | 'client';
      first: string;
      last: string;
      title: string;
      admin?: boolean;
      branch?: string | null;
    }[],
  ) =>
    trx
      .insertInto('users')
      .values(
        rows.map((r) => ({
          organization_id: r.org,
          role: r.role,
          is_admin: r.admin ?? false,
          email: email(r.first, r.last),
          first_name: r.first,
          last_name: r.last,
          title: r.title,
          branch_id: r.branch ?? null,
        })),
      )
      .returning([
        'id',
        'email',
        'first_name',
        'last_name',
        'title',
        'branch_id',
        'organization_id',
        'is_admin',
      ])
      .execute();
  const staffRows = await insertUsers(
    STAFF.map((s) => ({
      org: small.company_id,
      role: 'staff',
      first: s.first,
      last: s.last,
      title: s.title,
    })),
  );
  const title = (license: string, county: string) => `${license} Appraiser, ${countyById(county).name}`;
  await trx
    .updateTable('users')
    .set({ title: title(PANEL[0]!.license, PANEL[0]!.county) })
    .where('id', '=', small.users.appraiser.id)
    .execute();
  const appraiserRows = await insertUsers(
    PANEL.slice(1).map((a) => ({
      org: small.company_id,
      role: 'appraiser',
      first: a.first,
      last: a.last,
      title: title(a.license, a.county),
    })),
  );
  // The demo lender's own users (seed/demo.ts) work at its main branch.
  await trx
    .updateTable('users')
    .set({ branch_id: mainBranch.id })
    .where('organization_id', '=', small.client_id)
    .where('is_admin', '=', false)
    .execute();
  const lenderRows = await insertUsers([
    ...LENDERS[0].users.map((u) => ({
      org: small.client_id,
      role: 'client' as const,
      first: u.first,
      last: u.last,
      title: u.title,
      admin: u.admin,
      branch: u.branch === null ? null : branchIds[0][u.branch]!,
    })),
    ...LENDERS[1].users.map((u) => ({
      org: second.id,
      role: 'client' as const,
      first: u.first,
      last: u.last,
      title: u.title,
      admin: u.admin,
      branch: u.branch === null ? null : branchIds[1][u.branch]!,
    })),
  ]);
  const firstLenderUsers = await trx
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'title', 'branch_id', 'organization_id', 'is_admin'])
    .where('organization_id', '=', small.client_id)
    .execute();

  // Every appraiser keeps a card on file for the company's submission fee (those whose card
  // declined a fee get a declining one after the orders are built: declineCards).
  const appraisers = [
    { id: small.users.appraiser.id, first_name: PANEL[0]!.first, last_name: PANEL[0]!.last },
    ...appraiserRows,
  ];
  await trx
    .insertInto('payment_cards')
    .values(
      appraisers.map((a) => ({
        user_id: a.id,
        provider: 'sandbox',
        token: `sandbox_card_ok_${randomUUID()}`,
        brand: 'Visa',
        last4: '4242',
        exp_month: 9,
        exp_year: 2029,
        name: `${a.first_name} ${a.last_name}`,
      })),
    )
    .execute();

  const person = (u: { id: string; first_name: string; last_name: string }): Person => ({
    id: u.id,
    name: `${u.first_name} ${u.last_name}`,
  });
  const panel: Record<string, Person[]> = {};
  appraisers.forEach((a, i) => (panel[PANEL[i]!.county] ??= []).push(person(a)));
  const lenderWorld = (index: 0 | 1, id: string, users: typeof firstLenderUsers): LenderWorld => {
    const lender = LENDERS[index];
    const ids = branchIds[index];
    return {
      id,
      counties: lender.counties,
      branches: ids.map((branchId) => {
        const members = users.filter((u) => u.branch_id === branchId);
        const officer = members.find((u) => u.title === 'Loan Officer');
        const admin = users.find((u) => u.is_admin)!;
        return {
          id: branchId,
          placers: (members.length ? members : [admin]).map(person),
          loanOfficer: officer ? person(officer) : null,
        };
      }),
      branchOfCounty:
        index === 0
          ? { '48453': 0, '48209': 0, '48491': 1, '48029': 2 }
          : { '48201': 0, '48113': 1, '48085': 2 },
      loanPrefix: index === 0 ? 'HCHL' : 'GCM',
    };
  };
  const secondUsers = lenderRows.filter((u) => u.organization_id === second.id);
  const world: OrdersWorld = {
    companyId: small.company_id,
    lenders: [lenderWorld(0, small.client_id, firstLenderUsers), lenderWorld(1, second.id, secondUsers)],
    staff: {
      coordinator: person(staffRows[0]!),
      reviewer: person(staffRows[1]!),
      relations: person(staffRows[2]!),
    },
    panel,
    // In seed/demo.ts's order: the full appraisal first, the one most orders are for.
    products: DEMO_PRODUCTS.filter((p) => !p.follow_up).map((p) =>
      products.find((row) => row.name === p.name)!,
    ),
    propertyTypes: Object.fromEntries(
      (await trx.selectFrom('property_types').select(['id', 'slug']).execute()).map((t) => [t.slug, t.id]),
    ),
    submissionFeeCents: SUBMISSION_FEE_CENTS,
  };

  // Keys for the second lender's manager and a loan officer it scopes to their own orders.
  const keyed = async (u: (typeof lenderRows)[number]): Promise<DemoUser> => ({
    id: u.id,
    email: u.email,
    api_key: (await issueApiKey(trx, u.id, 'demo')).api_key,
  });
  const rachel = secondUsers.find((u) => u.is_admin)!;
  const victor = secondUsers.find((u) => u.title === 'Loan Officer')!;
  const jordan = lenderRows.find((u) => u.first_name === 'Jordan')!;
  const more_users = [
    {
      role: 'client manager of the second lender, sees all its orders',
      name: `${rachel.first_name} ${rachel.last_name}`,
      ...(await keyed(rachel)),
    },
    {
      role: 'loan officer of the second lender, sees the orders they are on',
      name: `${victor.first_name} ${victor.last_name}`,
      ...(await keyed(victor)),
    },
    {
      role: "loan officer of the first lender, sees their branch's orders",
      name: `${jordan.first_name} ${jordan.last_name}`,
      ...(await keyed(jordan)),
    },
    {
      role: 'order coordinator of the company',
      name: `${staffRows[0]!.first_name} ${staffRows[0]!.last_name}`,
      id: staffRows[0]!.id,
      email: staffRows[0]!.email,
    },
  ];
  const names = new Map(appraisers.map((a) => [a.id, `${a.first_name} ${a.last_name}`]));
  return {
    world,
    people: {
      summary: { second_client_id: second.id, more_users },
      names,
      lenderNames: [LENDERS[0].name, LENDERS[1].name],
    },
  };
}

interface StoredFile {
  id: string;
  order_id: string;
  storage_key: string;
  sha256: string;
  size_bytes: number;
}

/** Makes each order's PDFs and stores them as the service stores uploads (orders/{order}/{uuid}). */
async function storeDocuments(
  storage: Storage,
  orders: DemoOrder[],
  world: OrdersWorld,
  people: People,
): Promise<Map<string, StoredFile>> {
  const stored = new Map<string, StoredFile>();
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'aoms-demo-'));
  const day = (date: Date) => date.toISOString().slice(0, 10);
  try {
    const jobs: (() => Promise<void>)[] = [];
    const put = (orderId: string, fileId: string, make: () => Promise<Uint8Array>) =>
      jobs.push(async () => {
        const bytes = await make();
        const source = path.join(folder, fileId);
        await fs.writeFile(source, bytes);
        const key = `orders/${orderId}/${randomUUID()}`;
        await storage.putFile(key, source, 'application/pdf', bytes.byteLength);
        await fs.rm(source);
        stored.set(fileId, {
          id: fileId,
          order_id: orderId,
          storage_key: key,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          size_bytes: bytes.byteLength,
        });
      });
    for (const order of orders) {
      const lender =
        order.row.client_id === world.lenders[0].id ? people.lenderNames[0] : people.lenderNames[1];
      const product = world.products.find((p) => p.id === order.products[0]!.product_id)!.name;
      const price = Number(order.row.contract_price_cents ?? order.row.loan_amount_cents) / 100;
      for (const report of order.reports)
        put(order.row.id, report.id, () =>
          reportPdf({
            fileNumber: order.row.file_number,
            submission: report.submission_no,
            address: order.address,
            borrower: order.borrower,
            lender,
            appraiser: people.names.get(report.uploaded_by) ?? 'Appraiser',
            product,
            value: `$${Math.round(price * (1.01 + report.submission_no * 0.005)).toLocaleString('en-US')}`,
            effectiveDate: day((order.row.inspection_completed_at as Date | null) ?? report.created_at),
          }),
        );
      const agreement = order.agreement;
      if (agreement)
        put(order.row.id, agreement.id, () =>
          agreementPdf({
            address: order.address,
            buyer: order.borrower,
            price: `$${price.toLocaleString('en-US')}`,
            date: day(agreement.created_at),
          }),
        );
    }
    // A few at a time: the machine's disk and CPU are shared with the service starting up.
    for (let i = 0; i < jobs.length; i += 16) await Promise.all(jobs.slice(i, i + 16).map((job) => job()));
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
  return stored;
}

async function insertOrders(trx: Trx, orders: DemoOrder[], files: Map<string, StoredFile>): Promise<void> {
  const types = new Map(
    (await trx.selectFrom('file_types').select(['id', 'slug']).execute()).map((t) => [t.slug, t.id]),
  );
  const chunks = <T>(rows: T[], size = 500): T[][] =>
    Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));
  const all = <K extends keyof DemoOrder>(key: K) => orders.flatMap((o) => o[key] as unknown[]);
  // Orders first without the note of a waiting request, which is written after them.
  for (const chunk of chunks(orders.map((o) => ({ ...o.row, request_note_id: null }))))
    await trx
      .insertInto('orders')
      .values(chunk as never)
      .execute();
  for (const chunk of chunks(all('products')))
    await trx
      .insertInto('order_products')
      .values(chunk as never)
      .execute();
  for (const chunk of chunks(all('parties')))
    await trx
      .insertInto('order_parties')
      .values(chunk as never)
      .execute();
  // A forwarded note names the one it passes on: originals first.
  const notes = orders
    .flatMap((o) => o.notes)
    .sort((a, b) => Number(a.forwarded_from !== null) - Number(b.forwarded_from !== null));
  for (const chunk of chunks(notes))
    await trx
      .insertInto('notes')
      .values(chunk.map((n) => ({ ...n, additional_emails: [] })))
      .execute();
  for (const order of orders.filter((o) => o.state.request_note_id))
    await trx
      .updateTable('orders')
      .set({ request_note_id: order.state.request_note_id })
      .where('id', '=', order.row.id)
      .execute();
  for (const chunk of chunks(all('history')))
    await trx
      .insertInto('order_history')
      .values(chunk as never)
      .execute();
  for (const chunk of chunks(all('events')))
    await trx
      .insertInto('events')
      .values(chunk as never)
      .execute();
  for (const chunk of chunks(all('payments')))
    await trx
      .insertInto('payments')
      .values(chunk as never)
      .execute();
  for (const chunk of chunks(all('submissionFees')))
    await trx
      .insertInto('submission_fees')
      .values(chunk as never)
      .execute();
  const fileRows = orders.flatMap((order) => [
    ...order.reports.map((r) => ({
      id: r.id,
      order_id: order.row.id,
      file_type_id: types.get('appraisal_pdf')!,
      product_id: order.products[0]!.product_id,
      note_id: null,
      source: 'submission',
      filename: r.filename,
      content_type: 'application/pdf',
      uploaded_by: r.uploaded_by,
      audience: 'everyone' as const,
      submission_no: r.submission_no,
      released_at: r.released_at,
      created_at: r.created_at,
    })),
    ...(order.agreement
      ? [
          {
            id: order.agreement.id,
            order_id: order.row.id,
            file_type_id: types.get('purchase_agreement')!,
            product_id: null,
            note_id: null,
            source: 'upload',
            filename: order.agreement.filename,
            content_type: 'application/pdf',
            uploaded_by: order.agreement.uploaded_by,
            // The lender's upload reaches the company (messages go through it): policy/messages.ts.
            audience: 'client' as const,
            submission_no: null,
            released_at: null,
            created_at: order.agreement.created_at,
          },
        ]
      : []),
  ]);
  const withObjects = fileRows.map((row) => {
    const object = files.get(row.id)!;
    return { ...row, storage_key: object.storage_key, sha256: object.sha256, size_bytes: object.size_bytes };
  });
  for (const chunk of chunks(withObjects)) await trx.insertInto('order_files').values(chunk).execute();
}

/**
 * The appraisers whose card declined a submission fee hold that card on file still (the
 * sandbox declines it again), so that retry_submission_fee fails until they update it.
 */
async function declineCards(trx: Trx, orders: DemoOrder[]): Promise<void> {
  const declined = orders.flatMap((o) =>
    o.submissionFees.filter((f) => f.status === 'declined').map((f) => f.appraiser_id),
  );
  if (declined.length === 0) return;
  await trx
    .updateTable('payment_cards')
    .set({ token: sql<string>`'sandbox_card_declined_' || gen_random_uuid()`, last4: '0002' })
    .where('user_id', 'in', declined)
    .execute();
}
