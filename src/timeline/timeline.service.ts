import type { AuthUser } from '../auth/principal.ts';
import type { Db } from '../db/connection.ts';
import { filesSeenBy, orderFilesQuery } from '../files/file.repository.ts';
import { findOrderNotes } from '../notes/note.repository.ts';
import { orderHistory } from '../orders/order.service.ts';
import { findVisibleOrder } from '../orders/order.store.ts';
import { paidBy } from '../payments/payment.mapper.ts';
import { succeededPayments } from '../payments/payment.repository.ts';
import { audiencesReaching, partyOf } from '../policy/audience.ts';
import { emailItem, fileItem, historyItem, noteItem, paymentItem } from './timeline.mapper.ts';
import { findOrderEmails } from './timeline.repository.ts';
import type { TimelineItemValue, TimelineType } from './timeline.schemas.ts';

export interface TimelineQuery {
  page: number;
  perPage: number;
  sort: 'newest' | 'oldest';
}

/**
 * Everything that happened to an order that the reader may know of, as one list: its history
 * (each entry whole, as a bare move of status, or not at all: policy/records.ts), its notes and
 * files (those whose audience reaches the reader; for the lender, report files once released),
 * the emails the service sent about it (those whose audience reaches the reader: the lender
 * never learns what the appraiser was told, nor the appraiser what the lender was), and its
 * payments (not for appraisers, who never see the lender's fee). Each record is read as its own
 * list reads it for this reader, so the timeline shows nothing those lists do not.
 *
 * An order holds tens of records, a few hundred at most: they are merged and paged in memory.
 */
export async function orderTimeline(db: Db, user: AuthUser, orderId: string, query: TimelineQuery) {
  const order = await findVisibleOrder(db, user, orderId);
  const party = partyOf(user.role);
  const audiences = audiencesReaching(party);
  const [history, notes, files, emails, payments] = await Promise.all([
    orderHistory(db, user, order.id),
    findOrderNotes(db, order.id, audiences),
    filesSeenBy(orderFilesQuery(db), party)
      .leftJoin('users as uploader', 'uploader.id', 'order_files.uploaded_by')
      .select([
        'uploader.id as uploader_id',
        (eb) =>
          eb
            .fn<string>('concat_ws', [eb.val(' '), 'uploader.first_name', 'uploader.last_name'])
            .as('uploader_name'),
      ])
      .where('order_files.order_id', '=', order.id)
      .execute(),
    findOrderEmails(db, order.id, audiences),
    party === 'appraiser' ? Promise.resolve([]) : succeededPayments(db, order.id),
  ]);
  // An appraiser's view starts with the offer to them (as their history does): the emails before
  // it went to the company or to other appraisers.
  const since = party === 'appraiser' ? (history[0]?.created_at ?? null) : null;
  const items: TimelineItemValue[] = [
    // A payment received that moved no status is the payment item itself.
    ...history
      .filter((entry) => !(entry.action === 'payment_received' && entry.from === entry.to))
      .map(historyItem),
    ...notes.map(noteItem),
    ...files.map(fileItem),
    ...emails.filter((email) => since === null || email.created_at.toISOString() >= since).map(emailItem),
    ...payments.map((payment) => paymentItem(payment, paidBy(payment))),
  ];
  // A stable sort: records of one list that share an instant (a change and the system step that
  // followed it) keep their list's order; newest first is that order reversed.
  items.sort(chronological);
  if (query.sort === 'newest') items.reverse();

  const total = items.length;
  const totalPages = Math.ceil(total / query.perPage);
  const start = (query.page - 1) * query.perPage;
  return {
    data: items.slice(start, start + query.perPage),
    pagination: {
      current_page: query.page,
      total_pages: totalPages,
      total_count: total,
      per_page: query.perPage,
      has_next_page: query.page < totalPages,
      has_prev_page: query.page > 1,
      total_count_is_estimate: false,
      next_cursor: null,
    },
  };
}

/** Records of one instant keep the order of cause and effect: the change, then what it wrote. */
const RANK: Record<TimelineType, number> = {
  status_change: 0,
  order_change: 0,
  payment: 2,
  note: 3,
  file: 4,
  email: 5,
};

function chronological(a: TimelineItemValue, b: TimelineItemValue): number {
  if (a.at !== b.at) return a.at < b.at ? -1 : 1;
  return RANK[a.type] - RANK[b.type];
}
