import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

/** An order of the appraiser's, with what their workspace shows of it. */
export interface WorkRow {
  id: string;
  file_number: string;
  address_one: string;
  address_two: string | null;
  city: string;
  state_id: string;
  zip: string;
  status: string;
  resume_status: string | null;
  /** A client's request waiting for the company's review (not the appraiser's to answer yet). */
  request_note_id: string | null;
  due_date: Date;
  vendor_due_date: Date | null;
  appraiser_fee_cents: string | null;
  offer_expires_at: Date | null;
  inspection_scheduled_at: Date | null;
  updated_at: Date;
  products: { id: string; name: string }[];
  contact: { name: string; phone: string | null } | null;
  special_instructions: string | null;
  access_contact_name: string | null;
  access_contact_phone: string | null;
  access_contact_email: string | null;
  access_contact_note: string | null;
}

/** How long closed orders stay in the workspace (the money view reads them). */
const CLOSED_KEPT = '180 days';
const MOST = 500;

/**
 * The appraiser's orders: every open one, and those closed lately; the soonest first; only
 * those in `statuses` if given. The contact is the first point of contact, else the borrower.
 */
export async function findWorkOf(
  db: Db,
  appraiserId: string,
  statuses?: readonly string[],
): Promise<WorkRow[]> {
  const result = await sql<WorkRow>`
    SELECT o.id, o.file_number, o.address_one, o.address_two, o.city, o.state_id, o.zip,
           o.status, o.resume_status, o.request_note_id, o.due_date, o.vendor_due_date, o.appraiser_fee_cents::text,
           o.offer_expires_at, o.inspection_scheduled_at, o.updated_at, o.special_instructions,
           o.access_contact_name, o.access_contact_phone, o.access_contact_email, o.access_contact_note,
           coalesce((SELECT json_agg(json_build_object('id', p.id, 'name', p.name) ORDER BY op.position)
                       FROM order_products op JOIN products p ON p.id = op.product_id
                      WHERE op.order_id = o.id), '[]') AS products,
           (SELECT json_build_object('name', pa.name, 'phone', pa.phones[1])
              FROM order_parties pa
             WHERE pa.order_id = o.id AND (pa.poc OR pa.role_key = 'borrower')
             ORDER BY pa.poc DESC, pa.created_at, pa.id LIMIT 1) AS contact
      FROM orders o
     WHERE o.appraiser_id = ${appraiserId}
       AND (o.status NOT IN ('Completed', 'Fulfilled', 'Cancelled')
            OR o.updated_at > now() - ${CLOSED_KEPT}::interval)
       ${statuses ? sql`AND o.status = ANY(${[...statuses]}::text[])` : sql``}
     ORDER BY o.offer_expires_at NULLS LAST, o.inspection_scheduled_at NULLS LAST,
              coalesce(o.vendor_due_date, o.due_date), o.id
     LIMIT ${sql.lit(MOST)}`.execute(db);
  return result.rows;
}

/** The scheduled inspections of an appraiser's open orders, for the calendar feed. */
export async function findScheduledInspections(db: Db, appraiserId: string): Promise<WorkRow[]> {
  const rows = await findWorkOf(db, appraiserId);
  return rows.filter(
    (row) => row.inspection_scheduled_at !== null && !['Cancelled', 'Cancel requested'].includes(row.status),
  );
}

export async function findCalendarFeed(db: Db, userId: string) {
  return db
    .selectFrom('calendar_feeds')
    .select(['user_id', 'created_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The appraiser whose feed the token hash opens, if any (and if they are still an appraiser). */
export async function findFeedOwner(db: Db, tokenHash: string) {
  return db
    .selectFrom('calendar_feeds')
    .innerJoin('users', 'users.id', 'calendar_feeds.user_id')
    .select(['users.id', 'users.first_name', 'users.last_name', 'users.role'])
    .where('calendar_feeds.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Gives the user a new feed token, replacing the old one (whose address stops working). */
export async function replaceCalendarFeed(db: Db, userId: string, tokenHash: string): Promise<Date> {
  const row = await db
    .insertInto('calendar_feeds')
    .values({ user_id: userId, token_hash: tokenHash })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ token_hash: tokenHash, created_at: sql<Date>`now()` }),
    )
    .returning('created_at')
    .executeTakeFirstOrThrow();
  return row.created_at;
}

export async function deleteCalendarFeed(db: Db, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
