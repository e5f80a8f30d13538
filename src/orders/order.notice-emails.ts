import { isOptIn, type NoticeKind } from '../events/notice-kinds.ts';
import { formatDate, formatDateTime } from '../format/dates.ts';
import { balanceCents, centsToCurrency, decimalToCents } from '../format/money.ts';
import type { EmailPayload } from '../mail/message.ts';
import { renderEmail } from '../mail/templates.ts';
import { fullAddress } from './order.mapper.ts';
import type { NoticeRequest } from './order.notices.ts';
import type { NoticeRecipient, OrderDetailRow } from './order.repository.ts';

/**
 * The text of each status notice. Each names the order and its address, says what happened
 * and what is asked of the reader, and links to the order's page in the web application.
 * Fees follow events/fees.ts: the appraiser reads their own fee, the lender what it pays.
 */
export interface NoticeContext {
  order: OrderDetailRow;
  notice: NoticeRequest;
  recipient: NoticeRecipient;
  publicBaseUrl: string;
  timeZone: string;
}

type Content = { subject: string; paragraphs: string[] };

const money = (cents: string | null) => (cents === null ? null : centsToCurrency(cents));

/** A milestone notice's milestone, its due time in the deployment's zone, and whether it is late. */
function milestoneOf(notice: NoticeRequest, timeZone: string) {
  const name =
    typeof notice.details.milestone_name === 'string' ? notice.details.milestone_name : 'A milestone';
  const dueAt = typeof notice.details.due_at === 'string' ? new Date(notice.details.due_at) : null;
  return {
    name,
    due: dueAt ? `at ${formatDateTime(dueAt, timeZone)}` : 'soon',
    late: notice.details.stage === 'late' || notice.details.stage === 'overdue',
  };
}

const TEXTS: Record<NoticeKind, (c: NoticeContext) => Content> = {
  new_offer: ({ order, notice, timeZone }) => {
    // The offer as it was made: the order may have moved on by the time the email is written.
    const fee = typeof notice.details.appraiser_fee === 'string' ? notice.details.appraiser_fee : null;
    const due =
      (notice.details.vendor_due_date as string | undefined) ?? order.vendor_due_date ?? order.due_date;
    const deadline = (notice.details.offer_expires_at as string | undefined) ?? order.offer_expires_at;
    return {
      subject: `New offer: order ${order.file_number}, ${order.city}`,
      paragraphs: [
        `${order.company_name} offers you the appraisal of ${fullAddress(order)} (order ${order.file_number}): ${order.products.map((p) => p.name).join(', ') || 'appraisal'}.`,
        ...(fee ? [`Your fee: ${centsToCurrency(decimalToCents(fee) ?? 0n)}.`] : []),
        `Due: ${formatDate(due, timeZone)}.`,
        ...(deadline ? [`Answer by ${formatDateTime(deadline, timeZone)}: the offer times out then.`] : []),
      ],
    };
  },
  revision_requested: ({ order, notice }) => ({
    subject: `Changes requested: order ${order.file_number}`,
    paragraphs: [
      `The report of order ${order.file_number} (${fullAddress(order)}) is sent back to you.`,
      ...(notice.reason ? [`What is asked: ${notice.reason}`] : []),
    ],
  }),
  order_on_hold: ({ order, notice }) => ({
    subject: `On hold: order ${order.file_number}`,
    paragraphs: [
      `Order ${order.file_number} (${fullAddress(order)}) is on hold: please pause work on it.`,
      ...(notice.reason ? [`Reason: ${notice.reason}`] : []),
    ],
  }),
  order_resumed: ({ order }) => ({
    subject: `Resumed: order ${order.file_number}`,
    paragraphs: [`Order ${order.file_number} (${fullAddress(order)}) is off hold: work on it may go on.`],
  }),
  order_cancelled: ({ order, notice }) => ({
    subject: `Cancelled: order ${order.file_number}`,
    paragraphs: [
      `Order ${order.file_number} (${fullAddress(order)}) is cancelled: no further work is needed.`,
      ...(notice.reason ? [`Reason: ${notice.reason}`] : []),
    ],
  }),
  appraiser_assigned: ({ order, timeZone }) => ({
    subject: `Appraiser assigned: order ${order.file_number}`,
    paragraphs: [
      `${order.appraiser_name ?? 'An appraiser'} accepted order ${order.file_number} (${fullAddress(order)}).`,
      `Due: ${formatDate(order.due_date, timeZone)}.`,
    ],
  }),
  inspection_scheduled: ({ order, timeZone }) => ({
    subject: `Inspection scheduled: order ${order.file_number}`,
    paragraphs: [
      `The inspection of ${fullAddress(order)} (order ${order.file_number}) is scheduled for ${formatDateTime(order.inspection_scheduled_at, timeZone)}.`,
    ],
  }),
  report_delivered: ({ order }) => ({
    subject: `Report ready: order ${order.file_number}`,
    paragraphs: [
      `The appraisal report of ${fullAddress(order)} (order ${order.file_number}) is ready: download it from the order page.`,
    ],
  }),
  request_answered: ({ order, notice }) => ({
    subject: `Your request answered: order ${order.file_number}`,
    paragraphs: [
      `${order.company_name} answered your request on order ${order.file_number} (${fullAddress(order)}).`,
      ...(notice.reason ? [`Their answer: ${notice.reason}`] : []),
    ],
  }),
  client_request_to_review: ({ order, notice }) => ({
    subject: `Lender request to review: order ${order.file_number}`,
    paragraphs: [
      `The lender asked for a revision or a reconsideration of value of order ${order.file_number} (${fullAddress(order)}).`,
      ...(notice.reason ? [`What they ask: ${notice.reason}`] : []),
      'Forward it to the appraiser, in your words if need be, or answer it, on the order page. The appraiser sees nothing of it until you forward it.',
    ],
  }),
  payment_due: ({ order }) => ({
    subject: `Payment due: order ${order.file_number}`,
    paragraphs: [
      `Order ${order.file_number} (${fullAddress(order)}) waits for payment of ${centsToCurrency(balanceCents(order))}.`,
      'Pay on the order page, or send the payment link to whoever pays.',
    ],
  }),
  negotiation_to_decide: ({ order, timeZone }) => ({
    subject: `Your decision: new terms for order ${order.file_number}`,
    paragraphs: [
      `${order.company_name} asks to change the terms of order ${order.file_number} (${fullAddress(order)}).`,
      ...(order.negotiation_fee_cents
        ? [`Fee: ${money(order.negotiation_fee_cents)} (now ${money(order.total_fee_cents)}).`]
        : []),
      ...(order.negotiation_due_date
        ? [
            `Due date: ${formatDate(order.negotiation_due_date, timeZone)} (now ${formatDate(order.due_date, timeZone)}).`,
          ]
        : []),
      ...(order.negotiation_comments ? [`Comments: ${order.negotiation_comments}`] : []),
      'Approve or refuse the new terms on the order page.',
    ],
  }),
  condition_to_decide: ({ order, timeZone }) => ({
    subject: `Condition to decide: order ${order.file_number}`,
    paragraphs: [
      `${order.appraiser_name ?? 'The appraiser'} accepted order ${order.file_number} (${fullAddress(order)}) with conditions.`,
      ...(order.condition_fee_cents
        ? [
            `Fee asked: ${money(order.condition_fee_cents)} (offered ${money(order.appraiser_fee_cents) ?? 'none'}).`,
          ]
        : []),
      ...(order.condition_due_date
        ? [`Due date asked: ${formatDate(order.condition_due_date, timeZone)}.`]
        : []),
      ...(order.condition_comments ? [`Comments: ${order.condition_comments}`] : []),
      'Approve or reject the condition on the order page.',
    ],
  }),
  offer_declined: ({ order, notice }) => ({
    subject: `Offer declined: order ${order.file_number}`,
    paragraphs: [
      `The offer of order ${order.file_number} (${fullAddress(order)}) was declined or timed out: assign it again.`,
      ...(notice.reason ? [`Reason: ${notice.reason}`] : []),
    ],
  }),
  appraiser_removed: ({ order }) => ({
    // Not why: the lender's reasons for refusing terms are the lender's and the company's.
    subject: `No longer yours: order ${order.file_number}`,
    paragraphs: [
      `Order ${order.file_number} (${fullAddress(order)}) is taken off you: the terms were not agreed. Stop any work on it; ${order.company_name} will contact you about work already done.`,
    ],
  }),
  condition_rejected: ({ order }) => ({
    subject: `Condition refused: order ${order.file_number}`,
    paragraphs: [
      `${order.company_name} refused the condition you accepted order ${order.file_number} (${fullAddress(order)}) with: the offer is closed and the order will be offered again.`,
    ],
  }),
  offer_timed_out: ({ order }) => ({
    subject: `Offer expired: order ${order.file_number}`,
    paragraphs: [
      `The offer of order ${order.file_number} (${fullAddress(order)}) was not answered in time and is closed: it can no longer be accepted.`,
    ],
  }),
  milestone_reminder: ({ order, notice, timeZone }) => {
    const { name, due, late } = milestoneOf(notice, timeZone);
    return {
      subject: `${late ? 'Late' : 'Due soon'}: ${name.toLowerCase()} on order ${order.file_number}`,
      paragraphs: [
        late
          ? `${name} on order ${order.file_number} (${fullAddress(order)}) was due ${due} and is late.`
          : `${name} on order ${order.file_number} (${fullAddress(order)}) is due ${due}.`,
        'Open the order to take the next step, or tell the company what holds it up in a note.',
      ],
    };
  },
  milestone_late: ({ order, notice, timeZone }) => {
    const { name, due } = milestoneOf(notice, timeZone);
    const overdue = notice.details.stage === 'overdue';
    return {
      subject: `${overdue ? 'Still late' : 'Late'}: ${name.toLowerCase()} on order ${order.file_number}`,
      paragraphs: [
        `${name} on order ${order.file_number} (${fullAddress(order)}) was due ${due}${overdue ? ' and is still not done a business day later' : ''}.`,
        `The order is ${order.status}${order.appraiser_name ? ` with ${order.appraiser_name}` : ''}.`,
      ],
    };
  },
  borrower_copy_due: ({ order, notice }) => {
    const dueOn = typeof notice.details.due_on === 'string' ? notice.details.due_on : null;
    const day = dueOn ? `${dueOn.slice(5, 7)}/${dueOn.slice(8, 10)}/${dueOn.slice(0, 4)}` : 'soon';
    return {
      subject: `Borrower's copy due ${day}: order ${order.file_number}`,
      paragraphs: [
        `The borrower's copy of the appraisal of ${fullAddress(order)} (order ${order.file_number}) is due by ${day}: ${notice.details.basis === 'closing' ? 'three business days before the closing date' : 'promptly upon completion'} (Regulation B, 12 CFR 1002.14).`,
        'Once it is given, record it on the order so that this reminder stops.',
      ],
    };
  },
  invoice_reminder: ({ order, notice }) => {
    const number =
      typeof notice.details.invoice_number === 'string' ? notice.details.invoice_number : 'Invoice';
    const balance =
      typeof notice.details.balance === 'string' ? decimalToCents(notice.details.balance) : null;
    const dueOn = typeof notice.details.due_on === 'string' ? notice.details.due_on : null;
    const day = dueOn ? `${dueOn.slice(5, 7)}/${dueOn.slice(8, 10)}/${dueOn.slice(0, 4)}` : 'soon';
    const late = typeof notice.details.days_past_due === 'number' ? notice.details.days_past_due : 0;
    return {
      subject: `${late > 0 ? 'Past due' : 'Payment due'}: ${number}, order ${order.file_number}`,
      paragraphs: [
        `${number} for the appraisal of ${fullAddress(order)} (order ${order.file_number}) ${late > 0 ? `was due ${day}, ${late} day${late === 1 ? '' : 's'} ago` : `is due ${day}`}${balance === null ? '' : `: ${centsToCurrency(balance)} is owed`}.`,
        'The invoice and the ways to pay are on the order page. Please quote the invoice number with your payment.',
      ],
    };
  },
  report_to_review: ({ order }) => ({
    subject: `Report to review: order ${order.file_number}`,
    paragraphs: [
      `The appraisal report of ${fullAddress(order)} (order ${order.file_number}) awaits your review.`,
      'Read it on the order page, then approve it or ask for a revision or a reconsideration of value.',
    ],
  }),
  info_requested: ({ order, notice }) => ({
    subject: `Information needed: order ${order.file_number}`,
    paragraphs: [
      `${order.company_name} needs information from you to go on with order ${order.file_number} (${fullAddress(order)}); the order waits until you answer.`,
      ...(notice.reason ? [`What is needed: ${notice.reason}`] : []),
      'Answer on the order page.',
    ],
  }),
  order_declined: ({ order, notice }) => ({
    subject: `Order declined: ${order.file_number}`,
    paragraphs: [
      `${order.company_name} declined order ${order.file_number} (${fullAddress(order)}): it will not be appraised.`,
      ...(notice.reason ? [`Reason: ${notice.reason}`] : []),
    ],
  }),
  lender_order_cancelled: ({ order, notice }) => ({
    subject: `Order cancelled: ${order.file_number}`,
    paragraphs: [
      `Order ${order.file_number} (${fullAddress(order)}) is cancelled.`,
      ...(notice.reason ? [`Reason: ${notice.reason}`] : []),
    ],
  }),
  new_order: ({ order, timeZone }) => ({
    subject: `New order: ${order.file_number}, ${order.city}`,
    paragraphs: [
      `${order.client_name} placed order ${order.file_number}: ${order.products.map((p) => p.name).join(', ') || 'appraisal'} of ${fullAddress(order)}, due ${formatDate(order.due_date, timeZone)}.`,
      order.status === 'Pending' ? 'Accept or decline it on the order page.' : 'Assign it on the order page.',
    ],
  }),
  report_submitted: ({ order }) => ({
    subject: `Report submitted: order ${order.file_number}`,
    paragraphs: [
      `${order.appraiser_name ?? 'The appraiser'} submitted the report of order ${order.file_number} (${fullAddress(order)}): it awaits your review.`,
    ],
  }),
  lender_request_sent: ({ order, notice }) => ({
    subject: `Lender request sent to the appraiser: order ${order.file_number}`,
    paragraphs: [
      `The lender asked for a revision or a reconsideration of value of order ${order.file_number} (${fullAddress(order)}); it went straight to the appraiser.`,
      ...(notice.reason ? [`What they ask: ${notice.reason}`] : []),
    ],
  }),
  cancel_requested: ({ order, notice }) => ({
    subject: `Cancellation requested: order ${order.file_number}`,
    paragraphs: [
      `The lender asked to cancel order ${order.file_number} (${fullAddress(order)}).`,
      ...(notice.reason ? [`Reason: ${notice.reason}`] : []),
      'Cancel it, or deny the request, on the order page.',
    ],
  }),
  info_provided: ({ order, notice }) => ({
    subject: `Information provided: order ${order.file_number}`,
    paragraphs: [
      `The lender answered your request for information on order ${order.file_number} (${fullAddress(order)}); the order is ${order.status} again.`,
      ...(notice.reason ? [`Their answer: ${notice.reason}`] : []),
    ],
  }),
  payment_received: ({ order, notice }) => {
    const amount = typeof notice.details.amount === 'string' ? decimalToCents(notice.details.amount) : null;
    return {
      subject: `Payment received: order ${order.file_number}`,
      paragraphs: [
        `A payment${amount === null ? '' : ` of ${centsToCurrency(amount)}`} was received for order ${order.file_number} (${fullAddress(order)}).`,
        `Balance now: ${centsToCurrency(balanceCents(order))}.`,
      ],
    };
  },
  negotiation_answered: ({ order }) => ({
    subject: `Terms answered: order ${order.file_number}`,
    paragraphs: [
      `The lender answered the new terms of order ${order.file_number} (${fullAddress(order)}): the order is ${order.status}.`,
    ],
  }),
};

/**
 * Where each email's button leads: the screen where the reader does what it asks. An offer
 * opens the appraiser's offers inbox on that offer (its countdown and answers), and so does an
 * offer or order that is no longer theirs; a revision the guided resubmission, the lender's
 * reasons beside it; anything else the order's page.
 */
function screenOf(kind: NoticeKind, order: { id: string; file_number: string }) {
  switch (kind) {
    case 'new_offer':
      return { label: `Answer the offer of ${order.file_number}`, path: `/offers?order=${order.id}` };
    case 'revision_requested':
      return { label: `Revise order ${order.file_number}`, path: `/orders/${order.id}/submit` };
    // The order is no longer the appraiser's to open: their inbox says what became of the offer.
    case 'offer_timed_out':
    case 'condition_rejected':
    case 'appraiser_removed':
      return { label: 'Open your offers', path: `/offers?order=${order.id}` };
    default:
      return { label: `Open order ${order.file_number}`, path: `/orders/${order.id}` };
  }
}

export function renderNotice(context: NoticeContext): EmailPayload {
  const { subject, paragraphs } = TEXTS[context.notice.kind](context);
  const { recipient, publicBaseUrl, order } = context;
  return renderEmail({
    to: [recipient.email],
    subject,
    paragraphs: [
      `Hello ${recipient.first_name},`,
      ...paragraphs,
      isOptIn(context.notice.kind)
        ? `You get this email because you turned this kind of notice on; turn it off in your notification settings (${publicBaseUrl}/account).`
        : `You get this email because of your role on the order; turn this kind of notice off in your notification settings (${publicBaseUrl}/account).`,
    ],
    action: (({ label, path }) => ({ label, url: `${publicBaseUrl}${path}` }))(
      screenOf(context.notice.kind, order),
    ),
  });
}
