import { createHash, randomBytes } from 'node:crypto';
import type { AuthUser } from '../auth/principal.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/connection.ts';
import { notFound } from '../errors/app-error.ts';
import { formatDate } from '../format/dates.ts';
import { renderCalendar } from '../format/icalendar.ts';
import { centsToDecimal } from '../format/money.ts';
import { htmlToText } from '../format/html.ts';
import { fullAddress } from '../orders/order.mapper.ts';
import { accessContactLine, toAccessContact } from '../orders/order.fields.ts';
import { STATUSES, statusRef, type Status } from '../workflow/statuses.ts';
import {
  deleteCalendarFeed,
  findCalendarFeed,
  findFeedOwner,
  findScheduledInspections,
  findWorkOf,
  replaceCalendarFeed,
  type WorkRow,
} from './workspace.repository.ts';
import type { NextStep, WorkItem } from './workspace.schemas.ts';

/** What an order in each status needs of its appraiser (a status not named here: in review). */
const NEXT_STEP: Partial<Record<Status, NextStep>> = {
  'Pending assignment': 'answer_offer',
  'Assignment accepted with condition': 'await_terms',
  'Under negotiation': 'await_terms',
  Assigned: 'schedule',
  'Inspection scheduled': 'inspect',
  'Inspection completed': 'submit',
  'Submission fee failed': 'submit',
  'Client request': 'revise',
  'Action required': 'revise',
  'On hold': 'on_hold',
  Completed: 'done',
  Fulfilled: 'done',
  Cancelled: 'cancelled',
};

/**
 * What the order needs of its appraiser now. A client's request that waits for the company's
 * review is not the appraiser's yet: the order is with the company (in review) until then.
 */
export const nextStepOf = (status: Status, requestInReview = false): NextStep =>
  status === 'Client request' && requestInReview ? 'in_review' : (NEXT_STEP[status] ?? 'in_review');

/** The statuses an order can be in when it needs `step` of its appraiser. */
const statusesOf = (step: NextStep): Status[] =>
  STATUSES.filter((status) => nextStepOf(status) === step || nextStepOf(status, true) === step);

function toWorkItem(row: WorkRow, timeZone: string): WorkItem {
  const status = row.status as Status;
  const next = nextStepOf(status, row.request_note_id !== null);
  return {
    id: row.id,
    file_number: row.file_number,
    full_address: fullAddress(row),
    status: statusRef(status),
    next_step: next,
    due_date: formatDate(row.vendor_due_date ?? row.due_date, timeZone),
    appraiser_fee: centsToDecimal(row.appraiser_fee_cents),
    fee_status: next === 'cancelled' ? 'none' : next === 'done' ? 'owed' : 'on_completion',
    offer_expires_at: next === 'answer_offer' ? (row.offer_expires_at?.toISOString() ?? null) : null,
    inspection_scheduled_at: row.inspection_scheduled_at?.toISOString() ?? null,
    products: row.products,
    contact: row.contact,
    access_contact: toAccessContact(row),
    special_instructions: row.special_instructions,
  };
}

/** The appraiser's orders as work to do: offers, schedule, inspect, submit, revise, money. */
export async function workOf(db: Db, user: AuthUser, config: Config, nextStep?: NextStep) {
  // One step: only its statuses are read (the offers inbox reads its few offers, not 500 orders).
  const rows = await findWorkOf(db, user.id, nextStep ? statusesOf(nextStep) : undefined);
  const items = rows.map((row) => toWorkItem(row, config.timeZone));
  return { data: nextStep ? items.filter((item) => item.next_step === nextStep) : items };
}

// ---- the calendar feed --------------------------------------------------------------------

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const feedUrl = (config: Config, token: string) => `${config.publicBaseUrl}/calendar/${token}.ics`;

export async function calendarFeedStatus(db: Db, user: AuthUser) {
  const feed = await findCalendarFeed(db, user.id);
  return { active: feed !== undefined, created_at: feed?.created_at.toISOString() ?? null };
}

/** A new private address (the old one, if any, stops working); its token is shown only now. */
export async function renewCalendarFeed(db: Db, user: AuthUser, config: Config) {
  const token = randomBytes(32).toString('base64url');
  const createdAt = await replaceCalendarFeed(db, user.id, hashOf(token));
  return { url: feedUrl(config, token), created_at: createdAt.toISOString() };
}

export async function stopCalendarFeed(db: Db, user: AuthUser): Promise<void> {
  if (!(await deleteCalendarFeed(db, user.id))) throw notFound('calendar feed');
}

/** How long an inspection is in the calendar: an hour, the usual visit. */
const INSPECTION_MINUTES = 60;

/**
 * The feed itself, for whoever holds its address: the appraiser's scheduled inspections. An
 * address of any other shape, unknown, replaced, or of a user who is no longer an appraiser,
 * answers 404: the same for all, so that nothing is learnt by guessing.
 */
export async function calendarFeedText(db: Db, config: Config, feed: string): Promise<string> {
  const token = feed.endsWith('.ics') ? feed.slice(0, -4) : '';
  if (!TOKEN_SHAPE.test(token)) throw notFound('calendar feed');
  const owner = await findFeedOwner(db, hashOf(token));
  if (!owner || owner.role !== 'appraiser') throw notFound('calendar feed');
  const inspections = await findScheduledInspections(db, owner.id);
  const host = new URL(config.publicBaseUrl).hostname;
  return renderCalendar({
    productId: '-//Appraisal Orders//Inspections//EN',
    name: `Inspections of ${owner.first_name} ${owner.last_name}`,
    stamp: new Date(),
    events: inspections.map((row) => {
      const start = row.inspection_scheduled_at!;
      const contact = row.contact
        ? `Contact: ${row.contact.name}${row.contact.phone ? `, ${row.contact.phone}` : ''}`
        : null;
      const access = accessContactLine(row);
      const instructions = row.special_instructions ? htmlToText(row.special_instructions).trim() : '';
      return {
        uid: `inspection-${row.id}@${host}`,
        start,
        end: new Date(start.getTime() + INSPECTION_MINUTES * 60_000),
        summary: `Inspection ${row.file_number}: ${row.address_one}, ${row.city}`,
        location: fullAddress(row),
        description: [
          `Order ${row.file_number}`,
          access ? `Access: ${access}` : null,
          contact,
          instructions ? `Instructions: ${instructions}` : null,
          `${config.publicBaseUrl}/orders/${row.id}`,
        ]
          .filter(Boolean)
          .join('\n'),
        url: `${config.publicBaseUrl}/orders/${row.id}`,
        lastModified: row.updated_at,
      };
    }),
  });
}
