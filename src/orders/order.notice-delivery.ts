import type { Config } from '../config/config.ts';
import type { Db } from '../db/connection.ts';
import { isOptIn, NOTICE_KINDS, type NoticeAudience, type NoticeKind } from '../events/notice-kinds.ts';
import { enqueue, markDelivered, type OutboxKinds, type OutboxSubject } from '../outbox/outbox.ts';
import { optedInStaff } from './notice-recipients.repository.ts';
import { renderNotice } from './order.notice-emails.ts';
import type { NoticeRequest } from './order.notices.ts';
import {
  findOrderDetail,
  findRecipient,
  lenderRecipients,
  staffRecipients,
  type NoticeRecipient,
} from './order.repository.ts';

/**
 * Who besides the company may read, on the order's timeline, that a notice was emailed: the
 * side it went to. The lender never learns what the appraiser was told, nor the appraiser what
 * the lender was; the company's own notices stay the company's.
 */
const READ_BY: Record<NoticeAudience, OutboxSubject['audience']> = {
  appraiser: 'appraiser',
  lender: 'client',
  staff: 'internal',
};

/**
 * The outbox handler of status notices: one notice becomes one email per recipient who has
 * not turned its kind off, written to the outbox in one transaction that also marks the
 * notice done, so that a worker stopping half-way sends no email twice.
 */
export function createNoticeHandler(db: Db, config: Config) {
  return async (payload: OutboxKinds['notice'], messageId: string) => {
    // Notices written before they carried details have none.
    const notice = { ...payload, details: payload.details ?? {} } as NoticeRequest;
    if (!(notice.kind in NOTICE_KINDS)) return;
    await db.transaction().execute(async (trx) => {
      if (!(await markDelivered(trx, messageId))) return;
      const order = await findOrderDetail(trx, notice.order_id);
      if (!order) return;
      const recipients = await recipientsOf(trx, notice, order);
      for (const recipient of recipients) {
        if (recipient.notices_off.includes(notice.kind)) continue;
        await enqueue(
          trx,
          'email',
          renderNotice({
            order,
            notice,
            recipient,
            publicBaseUrl: config.publicBaseUrl,
            timeZone: config.timeZone,
          }),
          { orderId: order.id, audience: READ_BY[NOTICE_KINDS[notice.kind].audience], topic: notice.kind },
        );
      }
    });
  };
}

async function recipientsOf(
  db: Db,
  notice: NoticeRequest,
  order: {
    id: string;
    client_id: string;
    company_id: string;
    created_by: string;
    appraiser_id: string | null;
  },
): Promise<NoticeRecipient[]> {
  const kind: NoticeKind = notice.kind;
  switch (NOTICE_KINDS[kind].audience) {
    case 'appraiser':
      // An offer that is no longer theirs (answered for them, taken back) is not announced.
      if (!notice.appraiser_id || (kind === 'new_offer' && order.appraiser_id !== notice.appraiser_id))
        return [];
      return findRecipient(db, notice.appraiser_id);
    case 'lender':
      return lenderRecipients(db, order);
    case 'staff':
      // A new order has no coordinator yet: it goes to the staff who asked for new orders.
      return isOptIn(kind) ? optedInStaff(db, order, kind) : staffRecipients(db, order);
  }
}
