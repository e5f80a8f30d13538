import { Type } from 'typebox';
import { AppError, invalid } from '../errors/app-error.ts';
import { Binary } from '../schemas/common.ts';
import { SubmittedFiles } from '../reports/report.schemas.ts';
import { escapeHtml, htmlToText } from '../format/html.ts';
import { DATE_INPUT_FORMATS, formatDate, parseDateTime, usDay } from '../format/dates.ts';
import { balanceCents, centsToDecimal, decimalToCents, MONEY_PATTERN } from '../format/money.ts';
import { OPEN, PAUSED, type Status } from './statuses.ts';
import type { Audience } from '../policy/audience.ts';
import {
  readReconsiderationRequest,
  reasonHtml,
  ReconsiderationFields,
  reconsiderationDetailsHtml,
  RovReasonSchema,
  todayIn,
  type ReconsiderationRequest,
} from './reconsideration.ts';
import {
  defineAction,
  type ActionContext,
  type ActionDefinition,
  type ActionResult,
  type LockedOrder,
  type OrderPatch,
  type SubmissionFeeCharge,
} from './types.ts';

/**
 * THE order workflow: every action, who takes it, from which statuses, to which. The action
 * endpoints, each order's allowed_transitions and docs/workflow.md all come from this table.
 * System events (no actors) are taken by the service itself: timers, payments, submissions.
 */
const Reason = (description: string) =>
  Type.String({ minLength: 1, maxLength: 5000, pattern: '\\S', description });
const OptionalReason = Type.Optional(
  Type.String({ maxLength: 5000, description: 'Why; recorded in the history' }),
);
const Money = (description: string) =>
  Type.String({
    pattern: MONEY_PATTERN,
    description: `${description}: a decimal amount, e.g. 450 or 450.00`,
  });
const DateInput = (description: string) =>
  Type.String({
    minLength: 10,
    maxLength: 40,
    description: `${description}: ${DATE_INPUT_FORMATS}`,
  });

/** An open condition of acceptance, closed. */
const NO_CONDITION: OrderPatch = {
  condition_fee_cents: null,
  condition_due_date: null,
  condition_comments: null,
  condition_proposed_by: null,
  condition_proposed_at: null,
};

/** An open negotiation, closed. */
const NO_NEGOTIATION: OrderPatch = {
  negotiation_fee_cents: null,
  negotiation_due_date: null,
  negotiation_comments: null,
  negotiation_proposed_by: null,
  negotiation_proposed_at: null,
  negotiation_return_status: null,
};

const NO_APPRAISER: OrderPatch = {
  ...NO_CONDITION,
  appraiser_id: null,
  offer_expires_at: null,
  appraiser_fee_cents: null,
  assigned_at: null,
  vendor_due_date: null,
};

/** Money in history details and events: a decimal string ("450.00"); dates: ISO 8601. */
const money = (cents: bigint | string | null | undefined): string | null => centsToDecimal(cents);
const instant = (date: Date | null | undefined): string | null => date?.toISOString() ?? null;

const ASSIGNABLE: Status[] = [
  'Unassigned',
  'Bidding',
  'Assignment rejected',
  'Assignment timed out',
  'Refused negotiation',
];
const REVISABLE: Status[] = ['In review', 'Client quality assurance', 'Completed', 'Fulfilled'];
const WORKING: Status[] = ['Assigned', 'Inspection scheduled', 'Inspection completed'];

function dateInput(value: string | undefined, field: string, context: ActionContext<unknown>): Date | null {
  if (value === undefined || value.trim() === '') return null;
  const date = parseDateTime(value, context.config.timeZone);
  if (!date) throw invalid(field, `must be a date: ${DATE_INPUT_FORMATS}`);
  return date;
}

/** A 422 naming the field, its message a sentence for people (the top-level message too). */
function sentence(field: string, message: string): AppError {
  return new AppError('validation_failed', message, [{ field, message }]);
}

function moneyInput(value: string | undefined, field: string): bigint | null {
  if (value === undefined || value.trim() === '') return null;
  const cents = decimalToCents(value);
  if (cents === null) throw invalid(field, 'must be a decimal amount');
  return cents;
}

/**
 * Whether an order that reaches Unassigned waits for the client's payment first: its client
 * pays before assignment (the company's setting for it), pays by card or payment link, and
 * owes something. Invoiced orders are paid on the invoice's terms instead.
 */
export function waitsForPayment(
  order: {
    payment_method: string;
    total_fee_cents: string | bigint;
    paid_cents: string | bigint;
    credited_cents: string | bigint;
  },
  clientPaysFirst: boolean,
): boolean {
  return clientPaysFirst && order.payment_method !== 'invoice' && balanceCents(order) > 0n;
}

async function toUnassigned(context: ActionContext<unknown>): Promise<ActionResult> {
  const then: ActionResult['then'] = waitsForPayment(context.order, await context.services.clientPaysFirst())
    ? [{ action: 'payment_required', to: 'Waiting payment' }]
    : [];
  return { to: 'Unassigned', then };
}

/** A submission goes to review once its fee is paid (or when the company charges none). */
function afterSubmissionFee(fee: SubmissionFeeCharge): NonNullable<ActionResult['then']>[number] {
  if (fee.outcome === 'declined')
    return {
      action: 'submission_fee_failed',
      to: 'Submission fee failed',
      reason: fee.message,
      details: { submission_fee: fee.amount },
    };
  return { action: 'submission_processed', to: 'In review' };
}

/** Where completion leads: client review first, then payment, then Completed. */
function completionTarget(order: LockedOrder, clientReviewRequired: boolean): Status {
  if (clientReviewRequired) return 'Client quality assurance';
  return paymentTarget(order);
}

function paymentTarget(order: LockedOrder): Status {
  const balance = balanceCents(order);
  if (balance <= 0n || order.payment_method === 'invoice') return 'Completed';
  // A card on file is charged on completion; a payment link waits for the borrower.
  return order.payment_method === 'credit_card' ? 'Completion requested' : 'Completion payment hold';
}

const resumeTo = (order: LockedOrder): Status => order.resume_status ?? 'Unassigned';

const Attachments = Type.Optional(
  Type.Array(Binary, { maxItems: 20, description: 'Files, sent as attachments[]' }),
);

const paragraphsHtml = (paragraphs: string[]) => paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');

/**
 * A lender's revision or reconsideration request, kept as an important note with its
 * attachments as order files. Where the company reviews the client's requests first (its
 * setting, on by default), the note is between the lender and the company until staff forward
 * or answer it, and the order keeps its completion (and the status to return to) until then;
 * otherwise it goes straight to the appraiser, and the report is reopened.
 */
async function clientRequest(
  context: ActionContext<unknown>,
  subject: string,
  content: string,
  source: 'revision' | 'reconsideration',
  references: unknown[] | undefined,
): Promise<{ result: Pick<ActionResult, 'to' | 'patch' | 'audience'>; noteId: string; reviewed: boolean }> {
  const { services, order } = context;
  const uploads = (references ?? []).map((reference, index) =>
    services.upload(reference, `attachments[${index}]`),
  );
  const reviewed = await services.lenderRequestsReviewed();
  const audience: Audience = reviewed ? 'client' : 'everyone';
  const noteId = await services.addNote({ subject, content, important: true, audience });
  await services.saveFiles(
    uploads.map((upload) => ({ upload, fileTypeSlug: 'other', source, noteId, audience })),
  );
  return {
    result: {
      to: 'Client request',
      audience,
      patch: reviewed
        ? { request_note_id: noteId, request_return_status: order.status }
        : { completed_at: null, fulfilled_at: null },
    },
    noteId,
    reviewed,
  };
}

/**
 * The checks of the GSEs' policy on a reconsideration of value beyond its input: none once the
 * loan has closed, and one initiated by the borrower per appraisal.
 */
async function checkReconsiderationAllowed(
  context: ActionContext<unknown>,
  request: ReconsiderationRequest,
): Promise<void> {
  const { order, config, now, services } = context;
  const today = todayIn(config.timeZone, now);
  if (order.closing_date !== null && order.closing_date < today)
    throw invalid(
      'closing_date',
      `is ${usDay(order.closing_date)}, in the past: a reconsideration of value is taken only before the loan closes`,
    );
  if (request.initiatedBy !== 'borrower') return;
  const earlier = await services.reconsiderations.borrowerInitiatedAt();
  if (earlier)
    throw invalid(
      'initiated_by',
      `is borrower, and the borrower already asked for a reconsideration of value of this appraisal on ${formatDate(earlier, config.timeZone)}: one borrower-initiated request per appraisal (GSE policy); a lender-initiated one may still be sent`,
    );
}

const REQUEST_AUDIENCE =
  "client while it waits for the company's review (lender_requests_reviewed, on by default); everyone where the company does not review the lender's requests";

/** While a client's request waits for the company's review, the appraiser does not see it. */
const awaitsReview = (order: Pick<LockedOrder, 'request_note_id'>) =>
  order.request_note_id === null ? null : "the client's request waits for the company's review";
const noRequestInReview = (order: Pick<LockedOrder, 'request_note_id'>) =>
  order.request_note_id === null ? 'no client request waits for review' : null;

export const ACTIONS: readonly ActionDefinition[] = [
  defineAction({
    action: 'place',
    summary:
      'Place a draft order: staff place it Unassigned; a client places it Pending for the company to accept',
    actors: ['client', 'staff'],
    from: ['Draft'],
    to: ['Pending', 'Unassigned'],
    apply: (context) => (context.user.role === 'staff' ? toUnassigned(context) : { to: 'Pending' }),
  }),
  defineAction({
    action: 'accept_order',
    summary:
      'Accept an order placed by the client (it waits for payment first if the client pays before assignment)',
    actors: ['staff'],
    from: ['Pending'],
    to: ['Unassigned'],
    apply: toUnassigned,
  }),
  defineAction({
    action: 'decline_order',
    summary: 'Decline an order placed by the client',
    actors: ['staff'],
    from: ['Pending'],
    to: ['Cancelled'],
    input: Type.Object({ reason: Reason('Why the order is declined') }),
    apply: ({ input }) => ({ to: 'Cancelled', reason: input.reason }),
  }),
  defineAction({
    action: 'request_payment',
    audience: 'client',
    summary: 'Ask for payment before the work starts (the payment link is sent separately)',
    actors: ['staff'],
    from: ['Unassigned'],
    to: ['Waiting payment'],
    apply: () => ({ to: 'Waiting payment' }),
  }),
  defineAction({
    action: 'payment_required',
    audience: 'client',
    summary:
      'System: the client pays before assignment (payment_before_assignment), so a new order waits for its payment',
    actors: [],
    from: ['Unassigned'],
    to: ['Waiting payment'],
    apply: () => ({ to: 'Waiting payment' }),
  }),
  defineAction({
    action: 'waive_payment',
    audience: 'client',
    summary: 'Go on without waiting for the payment (paid another way, or waived): the order can be assigned',
    actors: ['staff'],
    from: ['Waiting payment'],
    to: ['Unassigned'],
    input: Type.Object({ reason: OptionalReason }),
    apply: ({ input }) => ({ to: 'Unassigned', reason: input.reason?.trim() || null }),
  }),
  defineAction({
    action: 'payment_submitted',
    audience: 'client',
    summary: 'System: a payment was made and awaits confirmation',
    actors: [],
    from: ['Waiting payment'],
    to: ['Pending payment'],
    apply: () => ({ to: 'Pending payment' }),
  }),
  defineAction({
    action: 'payment_received',
    audience: 'client',
    summary: 'System: the balance is paid; the order goes on',
    actors: [],
    from: ['Waiting payment', 'Pending payment', 'Completion requested', 'Completion payment hold'],
    to: ['Unassigned', 'Completed'],
    apply: ({ order }) => ({
      to:
        order.status === 'Waiting payment' || order.status === 'Pending payment' ? 'Unassigned' : 'Completed',
    }),
  }),
  defineAction({
    action: 'payment_failed',
    audience: 'client',
    summary: 'System: a payment was declined',
    actors: [],
    from: ['Pending payment', 'Completion requested'],
    to: ['Waiting payment', 'Completion payment hold'],
    apply: ({ order }) => ({
      to: order.status === 'Pending payment' ? 'Waiting payment' : 'Completion payment hold',
    }),
  }),
  defineAction({
    action: 'start_bidding',
    audience: 'appraiser',
    summary:
      "Offer the order to the engine's first choices at once: a broadcast (the first to accept takes it) or bids (each answers with a fee and a due date; staff award one). docs/assignment.md",
    actors: ['staff'],
    from: ['Unassigned', 'Assignment rejected', 'Assignment timed out'],
    to: ['Bidding'],
    input: Type.Object({
      mode: Type.Optional(
        Type.Enum(['bids', 'broadcast'], {
          description: 'bids (the default): staff award one; broadcast: the first to accept takes the order',
        }),
      ),
      appraisers: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: 20,
          description: "How many of the engine's first choices are invited, at most (default 5)",
        }),
      ),
      min_bidders: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: 20,
          description: 'Refused when fewer appraisers pass the filters (default 1)',
        }),
      ),
      fee: Type.Optional(
        Money('The fee offered; a broadcast without one offers each appraiser their scheduled fee'),
      ),
      fee_locked: Type.Optional(
        Type.Boolean({ description: 'Bids: the fee is not for the bidder to change (needs fee)' }),
      ),
      due_date: Type.Optional(DateInput("When the appraiser must deliver (default: the order's due date)")),
      due_date_locked: Type.Optional(
        Type.Boolean({ description: 'Bids: the due date is not for the bidder to change' }),
      ),
      deadline: Type.Optional(
        DateInput('Answers after it are refused (default: in 24 hours; a broadcast: the offer timeout)'),
      ),
    }),
    async apply(context) {
      const { order, input, config, now, services } = context;
      const mode = input.mode ?? 'bids';
      const fee = moneyInput(input.fee, 'fee');
      if (input.fee_locked && fee === null) throw invalid('fee', 'is required to lock it');
      const dueDate = dateInput(input.due_date, 'due_date', context) ?? order.due_date;
      if (dueDate.getTime() < now.getTime()) throw invalid('due_date', 'must not be in the past');
      const deadline =
        dateInput(input.deadline, 'deadline', context) ??
        new Date(
          now.getTime() +
            (mode === 'broadcast' ? config.assignmentOfferTimeoutMinutes * 60_000 : 24 * 3_600_000),
        );
      if (deadline.getTime() <= now.getTime()) throw invalid('deadline', 'must be in the future');
      const maxBidders = input.appraisers ?? 5;
      const minBidders = input.min_bidders ?? 1;
      if (minBidders > maxBidders)
        throw invalid('min_bidders', `must not be more than appraisers (${maxBidders})`);
      const round = await services.openBidding({
        mode,
        feeCents: fee,
        feeLocked: mode === 'broadcast' ? fee !== null : input.fee_locked === true,
        dueDate,
        dueDateLocked: mode === 'broadcast' || input.due_date_locked === true,
        minBidders,
        maxBidders,
        deadline,
      });
      return {
        to: 'Bidding',
        patch: NO_APPRAISER,
        details: {
          bid_request_id: round.bidRequestId,
          mode,
          invited: round.invited,
          fee: money(fee),
          vendor_due_date: instant(dueDate),
          deadline: instant(deadline),
        },
      };
    },
  }),
  defineAction({
    action: 'award_bid',
    audience: 'appraiser',
    summary: "Give the order to a bid of its open round: the bid's fee and due date become the appraiser's",
    actors: ['staff'],
    from: ['Bidding'],
    to: ['Assigned'],
    input: Type.Object({ bid_id: Type.String({ minLength: 1, description: 'A bid of the open round' }) }),
    async apply({ input, now, services }) {
      const award = await services.awardBid(input.bid_id);
      return {
        to: 'Assigned',
        patch: {
          ...NO_APPRAISER,
          appraiser_id: award.appraiserId,
          appraiser_fee_cents: award.feeCents.toString(),
          vendor_due_date: award.dueDate,
          assigned_at: now,
        },
        details: {
          appraiser_id: award.appraiserId,
          appraiser_fee: money(award.feeCents),
          vendor_due_date: instant(award.dueDate),
          bid_id: award.bidId,
          bid_request_id: award.bidRequestId,
        },
      };
    },
  }),
  defineAction({
    action: 'broadcast_accepted',
    audience: 'appraiser',
    summary: 'System: an appraiser accepted a broadcast offer first and took the order at its terms',
    actors: [],
    from: ['Bidding'],
    to: ['Assigned'],
    apply: () => ({ to: 'Assigned' }),
  }),
  defineAction({
    action: 'auto_assign',
    audience: 'appraiser',
    summary:
      "Let the service offer the order to the assignment engine's first choice: the panel appraiser who passes every hard filter with the highest score (docs/assignment.md)",
    actors: ['staff'],
    from: ['Unassigned', 'Assignment rejected', 'Assignment timed out'],
    to: ['Auto assign processing'],
    apply: () => ({ to: 'Auto assign processing', patch: NO_APPRAISER }),
  }),
  defineAction({
    action: 'auto_assign_completed',
    audience: 'appraiser',
    summary: 'System: an appraiser was chosen and offered the order',
    actors: [],
    from: ['Auto assign processing'],
    to: ['Pending assignment'],
    apply: () => ({ to: 'Pending assignment' }),
  }),
  defineAction({
    action: 'auto_assign_failed',
    audience: 'appraiser',
    summary: 'System: no appraiser could be chosen',
    actors: [],
    from: ['Auto assign processing'],
    to: ['Unassigned'],
    apply: () => ({ to: 'Unassigned' }),
  }),
  defineAction({
    action: 'assign',
    audience: 'appraiser',
    summary: 'Offer the order to an appraiser of the company (GET /api/v1/appraisers lists them)',
    actors: ['staff'],
    from: ASSIGNABLE,
    to: ['Pending assignment'],
    input: Type.Object({
      appraiser_id: Type.String({ minLength: 1, description: "An appraiser of the order's company" }),
      fee: Type.Optional(
        Money(
          "The appraiser's fee; absent: the fee schedules' (the appraiser's own, else the company's standard fees)",
        ),
      ),
      due_date: Type.Optional(DateInput('When the appraiser must deliver')),
    }),
    async apply(context) {
      const { input, services } = context;
      if (!(await services.isCompanyAppraiser(input.appraiser_id)))
        throw invalid('appraiser_id', "is not an appraiser of the order's company");
      const appraiser = { id: input.appraiser_id.toLowerCase() };
      // An offer always carries a fee: the one entered, else the fee schedules' (docs/fees.md).
      const fee = moneyInput(input.fee, 'fee') ?? (await services.scheduledOfferFee(appraiser.id));
      if (fee === null)
        throw invalid(
          'fee',
          "is required: neither the appraiser's fee schedule nor the company's standard fees have a line for this order's product and place",
        );
      const dueDate = dateInput(input.due_date, 'due_date', context);
      // The offer's clock and the appraiser's default due date follow the company's calendar.
      const timing = await services.offerTiming();
      const vendorDue = dueDate ?? timing.appraiserDueDate;
      return {
        to: 'Pending assignment',
        patch: {
          ...NO_APPRAISER,
          appraiser_id: appraiser.id,
          appraiser_fee_cents: fee?.toString() ?? null,
          vendor_due_date: vendorDue,
          offer_expires_at: timing.expiresAt,
        },
        details: {
          appraiser_id: appraiser.id,
          appraiser_fee: money(fee),
          vendor_due_date: instant(vendorDue),
          offer_expires_at: instant(timing.expiresAt),
          ...(timing.zone ? { offer_clock_zone: timing.zone } : {}),
        },
      };
    },
  }),
  defineAction({
    action: 'accept_assignment',
    summary: 'Accept the offer; a fee, due date or comment makes it an acceptance with condition',
    actors: ['appraiser'],
    own: { by: 'person', what: 'accept an offer, with or without a condition' },
    audience: 'appraiser',
    from: ['Pending assignment'],
    to: ['Assigned', 'Assignment accepted with condition'],
    input: Type.Object({
      fee_condition: Type.Optional(Money('The fee the appraiser asks')),
      due_date_condition: Type.Optional(DateInput('The due date the appraiser asks')),
      comments: Type.Optional(Type.String({ maxLength: 5000 })),
    }),
    apply(context) {
      const { input, now } = context;
      const fee = moneyInput(input.fee_condition, 'fee_condition');
      const dueDate = dateInput(input.due_date_condition, 'due_date_condition', context);
      if (dueDate && dueDate.getTime() < now.getTime())
        throw invalid('due_date_condition', 'must not be in the past');
      const comments = input.comments?.trim() || null;
      if (fee === null && dueDate === null && comments === null) {
        return { to: 'Assigned', patch: { assigned_at: now, offer_expires_at: null } };
      }
      return {
        to: 'Assignment accepted with condition',
        patch: {
          condition_fee_cents: fee?.toString() ?? null,
          condition_due_date: dueDate,
          condition_comments: comments,
          condition_proposed_by: context.user.id,
          condition_proposed_at: now,
          offer_expires_at: null,
        },
        reason: comments,
        details: { appraiser_fee_condition: money(fee), due_date_condition: instant(dueDate) },
      };
    },
  }),
  defineAction({
    action: 'reject_assignment',
    audience: 'appraiser',
    summary: 'Decline the offer',
    actors: ['appraiser'],
    from: ['Pending assignment'],
    to: ['Assignment rejected'],
    input: Type.Object({ reason: Reason('Why the offer is declined') }),
    apply: ({ input, order }) => ({
      to: 'Assignment rejected',
      patch: NO_APPRAISER,
      reason: input.reason,
      details: { appraiser_id: order.appraiser_id },
    }),
  }),
  defineAction({
    action: 'offer_timeout',
    audience: 'appraiser',
    summary: 'System: the offer was not answered in time (ASSIGNMENT_OFFER_TIMEOUT_MINUTES)',
    actors: [],
    from: ['Pending assignment'],
    to: ['Assignment timed out'],
    apply: ({ order }) => ({
      to: 'Assignment timed out',
      patch: NO_APPRAISER,
      details: { appraiser_id: order.appraiser_id },
    }),
  }),
  defineAction({
    action: 'approve_assignment_condition',
    summary:
      "Accept the appraiser's condition, and decide what to ask the lender, if anything: client_total_fee asks a new total (the current total plus the appraiser's increase passes it on; left out, the lender's fee stays and the company absorbs it), client_due_date a date (left out: the appraiser's date when later than the lender's), client_comments are the company's words. The appraiser's terms and comments never reach the lender. A change for the lender waits for the lender's decision (Under negotiation)",
    actors: ['staff'],
    audience: 'appraiser',
    from: ['Assignment accepted with condition'],
    to: ['Assigned', 'Under negotiation'],
    input: Type.Object({
      client_total_fee: Type.Optional(
        Money(
          "The lender's total fee to ask for (the current total plus the appraiser's increase passes it on); left out: the lender's fee stays, and the company absorbs any increase",
        ),
      ),
      client_due_date: Type.Optional(
        DateInput(
          "The lender's due date to ask for; left out: the appraiser's date when later than the lender's",
        ),
      ),
      client_comments: Type.Optional(
        Type.String({
          maxLength: 5000,
          description: "The company's words to the lender about the new terms",
        }),
      ),
    }),
    apply(context) {
      const { order, input, user, now } = context;
      // The fee the appraiser asked, else the one offered (none when neither was named).
      const appraiserFee = order.condition_fee_cents ?? order.appraiser_fee_cents;
      const vendorDueDate = order.condition_due_date ?? order.vendor_due_date;
      const accepted: OrderPatch = {
        ...NO_CONDITION,
        appraiser_fee_cents: appraiserFee,
        vendor_due_date: vendorDueDate,
      };
      const terms = { appraiser_fee: money(appraiserFee), vendor_due_date: instant(vendorDueDate) };
      // What the lender is asked is the company's decision. Left to itself, the lender's fee
      // stays: a fee that rose by exactly the appraiser's increase would tell the lender the
      // appraiser's terms. A date later than the lender's due date moves it, by default.
      const currentFee = BigInt(order.total_fee_cents);
      const clientFee = moneyInput(input.client_total_fee, 'client_total_fee') ?? currentFee;
      const askedDate = dateInput(input.client_due_date, 'client_due_date', context);
      if (askedDate && askedDate.getTime() < now.getTime())
        throw invalid('client_due_date', 'must not be in the past');
      const later = order.condition_due_date !== null && order.condition_due_date > order.due_date;
      const clientDueDate = askedDate ?? (later ? order.condition_due_date! : order.due_date);
      const feeChanges = clientFee !== currentFee;
      // A date is asked by the day (as the lender reads it): the lender's own day is no change.
      const dateChanges =
        formatDate(clientDueDate, context.config.timeZone) !==
        formatDate(order.due_date, context.config.timeZone);
      if (!feeChanges && !dateChanges) {
        return { to: 'Assigned', patch: { ...accepted, assigned_at: now }, details: terms };
      }
      const comments = input.client_comments?.trim() || null;
      return {
        to: 'Under negotiation',
        patch: {
          ...accepted,
          negotiation_return_status: 'Assigned',
          negotiation_fee_cents: feeChanges ? clientFee.toString() : null,
          negotiation_due_date: dateChanges ? clientDueDate : null,
          negotiation_comments: comments,
          negotiation_proposed_by: user.id,
          negotiation_proposed_at: now,
        },
        details: {
          ...terms,
          total_fee: feeChanges ? money(clientFee) : null,
          due_date: dateChanges ? instant(clientDueDate) : null,
          client_comments: comments,
        },
      };
    },
  }),
  defineAction({
    action: 'reject_assignment_condition',
    audience: 'appraiser',
    summary: "Refuse the appraiser's condition; the order is to be assigned again",
    actors: ['staff'],
    from: ['Assignment accepted with condition'],
    to: ['Assignment rejected'],
    apply: ({ order }) => ({
      to: 'Assignment rejected',
      patch: NO_APPRAISER,
      details: { appraiser_id: order.appraiser_id },
    }),
  }),
  defineAction({
    action: 'request_negotiation',
    audience: 'client',
    summary: 'Ask the client to agree to a new fee and/or due date',
    actors: ['staff'],
    from: WORKING,
    to: ['Under negotiation'],
    input: Type.Object({
      fee: Type.Optional(Money('The new total fee of the order')),
      due_date: Type.Optional(DateInput('The new due date')),
      reason: OptionalReason,
    }),
    apply(context) {
      const fee = moneyInput(context.input.fee, 'fee');
      const dueDate = dateInput(context.input.due_date, 'due_date', context);
      if (fee === null && dueDate === null) throw invalid('fee', 'or due_date is required');
      const comments = context.input.reason?.trim() || null;
      return {
        to: 'Under negotiation',
        patch: {
          negotiation_return_status: context.order.status,
          negotiation_fee_cents: fee?.toString() ?? null,
          negotiation_due_date: dueDate,
          negotiation_comments: comments,
          negotiation_proposed_by: context.user.id,
          negotiation_proposed_at: context.now,
        },
        reason: comments,
        details: { total_fee: money(fee), due_date: instant(dueDate), client_comments: comments },
      };
    },
  }),
  defineAction({
    action: 'approve_negotiation',
    summary: 'Agree to the new fee and/or due date',
    actors: ['client'],
    own: { by: 'organization', what: 'approve a change of the fee or due date' },
    audience: 'client',
    from: ['Under negotiation'],
    to: ['Assigned', 'Inspection scheduled', 'Inspection completed'],
    apply({ order, now }) {
      const to = order.negotiation_return_status ?? 'Assigned';
      const totalFee = order.negotiation_fee_cents ?? order.total_fee_cents;
      const dueDate = order.negotiation_due_date ?? order.due_date;
      return {
        to,
        patch: {
          ...NO_NEGOTIATION,
          total_fee_cents: totalFee,
          due_date: dueDate,
          ...(to === 'Assigned' ? { assigned_at: now } : {}),
        },
        details: { total_fee: money(totalFee), due_date: instant(dueDate) },
      };
    },
  }),
  defineAction({
    action: 'refuse_negotiation',
    summary: 'Refuse the new terms; the order is to be assigned again',
    actors: ['client'],
    own: { by: 'organization', what: 'refuse a change of the fee or due date' },
    audience: 'client',
    from: ['Under negotiation'],
    to: ['Refused negotiation'],
    input: Type.Object({ reason: OptionalReason }),
    apply: ({ input }) => ({
      to: 'Refused negotiation',
      patch: { ...NO_APPRAISER, ...NO_NEGOTIATION },
      reason: input.reason?.trim() || null,
    }),
  }),
  defineAction({
    action: 'schedule_inspection',
    summary: 'Schedule (or reschedule) the inspection',
    actors: ['appraiser'],
    from: ['Assigned', 'Inspection scheduled'],
    to: ['Inspection scheduled'],
    input: Type.Object({
      inspection_scheduled_at: DateInput('When the inspection takes place; now or later'),
    }),
    apply(context) {
      const at = dateInput(context.input.inspection_scheduled_at, 'inspection_scheduled_at', context);
      if (!at) throw invalid('inspection_scheduled_at', 'is required');
      if (at.getTime() < context.now.getTime())
        throw sentence('inspection_scheduled_at', 'Enter an inspection time that is not in the past.');
      return {
        to: 'Inspection scheduled',
        patch: { inspection_scheduled_at: at },
        details: { inspection_scheduled_at: at.toISOString() },
      };
    },
  }),
  defineAction({
    action: 'complete_inspection',
    summary: 'Record that the inspection took place',
    actors: ['appraiser'],
    own: { by: 'person', what: 'record that the inspection took place' },
    from: ['Inspection scheduled'],
    to: ['Inspection completed'],
    input: Type.Object({
      inspected_at: Type.Optional(
        DateInput(
          'When the inspection took place, at or after the scheduled time and not in the future; default: now',
        ),
      ),
    }),
    apply(context) {
      const { now, order } = context;
      const given = dateInput(context.input.inspected_at, 'inspected_at', context);
      if (given && given.getTime() > now.getTime())
        throw sentence('inspected_at', 'Enter an inspection time that is not in the future.');
      const scheduled = order.inspection_scheduled_at;
      if (given && scheduled && given.getTime() < scheduled.getTime())
        throw sentence(
          'inspected_at',
          `Enter an inspection time at or after the scheduled one (${scheduled.toISOString()}), or reschedule the inspection first.`,
        );
      // Without a time, the interface's call with no body: the inspection is recorded as of now.
      const at = given ?? now;
      return {
        to: 'Inspection completed',
        patch: { inspection_completed_at: at },
        details: { inspected_at: at.toISOString() },
      };
    },
  }),
  defineAction({
    action: 'request_submission',
    summary:
      'Submit the appraisal report (files[]: attachment or file_id, file_type, product_id; at least one appraisal_pdf, or a UAD 3.6 ZIP package as appraisal_xml). The appraisal XML is read and checked first (docs/reports.md): 422 when it cannot be read, report_has_findings when its findings are not answered',
    actors: ['appraiser'],
    own: { by: 'person', what: 'submit the appraisal report' },
    audience: 'appraiser',
    unavailable: awaitsReview,
    from: ['Inspection completed', 'Client request', 'Action required', 'Submission fee failed'],
    to: ['Submission requested', 'In review'],
    acceptsFiles: true,
    input: Type.Object({
      files: SubmittedFiles,
      override_reason: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 2000,
          description:
            'Why the report goes as it is despite its fatal findings; only where the company allows an override (docs/reports.md)',
        }),
      ),
      acknowledge_warnings: Type.Optional(
        Type.Boolean({ description: "true: the report's warnings were read (required when it has any)" }),
      ),
    }),
    async apply({ input, now, services }) {
      const products = await services.orderProductIds();
      input.files.forEach((item, index) => {
        if ((item.attachment === undefined) === (item.file_id === undefined))
          throw invalid(`files[${index}].attachment`, 'must be given, or else file_id (one of the two)');
        if (item.product_id && !products.includes(item.product_id))
          throw invalid(`files[${index}].product_id`, "is not one of the order's products");
      });
      const uploads = input.files.flatMap((item, index) =>
        item.attachment === undefined
          ? []
          : [{ item, upload: services.upload(item.attachment, `files[${index}].attachment`) }],
      );
      const report = await services.readReport(
        input.files.map((item, index) => ({
          upload: uploads.find((entry) => entry.item === item)?.upload ?? null,
          fileId: item.file_id ?? null,
          fileTypeSlug: item.file_type,
          field: item.attachment === undefined ? `files[${index}].file_id` : `files[${index}].attachment`,
        })),
        { override_reason: input.override_reason, acknowledge_warnings: input.acknowledge_warnings },
      );
      if (!input.files.some((item) => item.file_type === 'appraisal_pdf') && !report?.hasPdf) {
        throw invalid('files', 'must include the appraisal report (a file_type appraisal_pdf)');
      }
      // The report's files are numbered by submission; the company releases a submission to
      // the lender once it has checked it (orders/order.release.ts). Until then the lender's
      // listing leaves them out, whatever their audience.
      const submissionNo = await services.nextSubmissionNo();
      const submitted: { file_type: string; filename: string }[] = [];
      for (const [index, item] of input.files.entries()) {
        if (item.file_id === undefined) continue;
        // A ZIP package uploaded before is kept as the package, like one sent with the submission.
        const fileTypeSlug = item.file_id === report?.packageFileId ? 'appraisal_env' : item.file_type;
        const { filename } = await services.submitUploadedFile(item.file_id, `files[${index}].file_id`, {
          fileTypeSlug,
          productId: item.product_id ?? null,
          submissionNo,
        });
        submitted.push({ file_type: fileTypeSlug, filename });
      }
      // A package is kept whole (its photos, for delivery), beside the XML and PDF read out of it.
      const saved = [
        ...uploads.map(({ item, upload }) => ({
          upload,
          fileTypeSlug: upload === report?.packageUpload ? ('appraisal_env' as const) : item.file_type,
          productId: item.product_id ?? null,
        })),
        ...(report?.extracted ?? []).map(({ upload, fileTypeSlug }) => ({
          upload,
          fileTypeSlug,
          productId: null,
        })),
      ];
      await services.saveFiles(
        saved.map((file) => ({
          ...file,
          source: 'submission' as const,
          audience: 'everyone' as const,
          submissionNo,
        })),
      );
      await report?.record(submissionNo);
      // The revised report answers the reconsideration the appraiser was given, if one was.
      const reconsideration = await services.reconsiderations.resubmitted(submissionNo);
      const fee = await services.chargeSubmissionFee();
      return {
        to: 'Submission requested',
        patch: { submitted_at: now },
        details: {
          submission: submissionNo,
          files: [
            ...saved.map(({ upload, fileTypeSlug }) => ({
              file_type: fileTypeSlug,
              filename: upload.filename,
            })),
            ...submitted,
          ],
          report: report?.summary ?? null,
          ...(reconsideration ? { reconsideration } : {}),
          ...(fee.outcome === 'none' ? {} : { submission_fee: fee.amount }),
        },
        then: [afterSubmissionFee(fee)],
      };
    },
  }),
  defineAction({
    action: 'submission_processed',
    audience: 'appraiser',
    summary: 'System: the submission was received and stored; the report awaits review',
    actors: [],
    from: ['Submission requested'],
    to: ['In review'],
    apply: () => ({ to: 'In review' }),
  }),
  defineAction({
    action: 'submission_fee_failed',
    audience: 'appraiser',
    summary:
      "System: the company's submission fee could not be charged to the appraiser's card; the report waits until it is paid",
    actors: [],
    from: ['Submission requested'],
    to: ['Submission fee failed'],
    apply: () => ({ to: 'Submission fee failed' }),
  }),
  defineAction({
    action: 'retry_submission_fee',
    own: { by: 'person', what: "pay the submission fee from the appraiser's card" },
    audience: 'appraiser',
    summary:
      'Charge the submission fee again (after updating the card on file: PUT /api/v1/me/payment_card); the report goes to review. 402 when the card is declined again',
    actors: ['appraiser'],
    from: ['Submission fee failed'],
    to: ['In review'],
    errors: [402],
    async apply({ services }) {
      const fee = await services.chargeSubmissionFee();
      if (fee.outcome === 'declined')
        throw new AppError(
          'payment_declined',
          `The submission fee of $${fee.amount} could not be charged: ${fee.message}`,
          [{ field: 'payment_card', message: fee.message }],
        );
      return { to: 'In review', details: fee.outcome === 'none' ? {} : { submission_fee: fee.amount } };
    },
  }),
  defineAction({
    action: 'start_review',
    summary: 'Start the internal quality review of the report',
    actors: ['staff'],
    from: ['In review'],
    to: ['Internal quality assurance'],
    apply: () => ({ to: 'Internal quality assurance' }),
  }),
  defineAction({
    action: 'require_action',
    audience: 'appraiser',
    summary: 'Send the report back to the appraiser with what to fix',
    actors: ['staff'],
    from: ['In review', 'Internal quality assurance'],
    to: ['Action required'],
    input: Type.Object({ reason: Reason('What the appraiser must fix') }),
    apply: ({ input }) => ({ to: 'Action required', reason: input.reason }),
  }),
  defineAction({
    action: 'request_completion',
    summary:
      'Complete the order: to client review if the client requires it, to payment if a balance is due, else Completed',
    actors: ['staff'],
    from: ['In review', 'Internal quality assurance'],
    to: ['Client quality assurance', 'Completion requested', 'Completion payment hold', 'Completed'],
    async apply(context) {
      const to = completionTarget(context.order, await context.services.clientReviewRequired());
      return { to, patch: to === 'Completed' ? { completed_at: context.now } : {} };
    },
  }),
  defineAction({
    action: 'approve_report',
    summary: 'Accept the report after client review',
    actors: ['client'],
    from: ['Client quality assurance'],
    to: ['Completion requested', 'Completion payment hold', 'Completed'],
    apply({ order, now }) {
      const to = paymentTarget(order);
      return { to, patch: to === 'Completed' ? { completed_at: now } : {} };
    },
  }),
  defineAction({
    action: 'request_revision',
    audienceVaries: REQUEST_AUDIENCE,
    summary:
      "Ask for a revision of the report (form: comments; attachments[] files): to the company's review first where the company reviews the client's requests, else to the appraiser",
    actors: ['client'],
    from: REVISABLE,
    to: ['Client request'],
    acceptsFiles: true,
    input: Type.Object({ comments: Reason('What to revise'), attachments: Attachments }),
    async apply(context) {
      const { input } = context;
      const { result } = await clientRequest(
        context,
        'Revision request',
        paragraphsHtml([input.comments]),
        'revision',
        input.attachments,
      );
      return { ...result, reason: input.comments };
    },
  }),
  defineAction({
    action: 'request_reconsideration_of_value',
    audienceVaries: REQUEST_AUDIENCE,
    summary:
      "Ask for a reconsideration of value (form-data: reason, summary, supporting_data, attachments[]; and, structured, initiated_by, deficiencies[], up to 5 comparables[]): to the company's review first where the company reviews the client's requests, else to the appraiser. 422 after the loan's closing date, and for a second borrower-initiated request",
    actors: ['client'],
    from: REVISABLE,
    to: ['Client request'],
    acceptsFiles: true,
    input: Type.Object({
      reason: RovReasonSchema,
      summary: Reason('What should be reconsidered, and why'),
      supporting_data: Type.Optional(Type.String({ maxLength: 20000 })),
      attachments: Attachments,
      ...ReconsiderationFields,
    }),
    async apply(context) {
      const { input, services } = context;
      const request = readReconsiderationRequest(input, todayIn(context.config.timeZone, context.now));
      await checkReconsiderationAllowed(context, request);
      const content =
        reasonHtml(request.reason) +
        paragraphsHtml([request.summary, ...(request.supportingData ? [request.supportingData] : [])]) +
        reconsiderationDetailsHtml(request);
      const { result, noteId, reviewed } = await clientRequest(
        context,
        'Reconsideration of value request',
        content,
        'reconsideration',
        input.attachments,
      );
      const id = await services.reconsiderations.open(request, { noteId, withAppraiser: !reviewed });
      return {
        ...result,
        reason: input.summary,
        details: {
          reason: input.reason,
          supporting_data: input.supporting_data ?? null,
          reconsideration_id: id,
          initiated_by: request.initiatedBy,
          deficiency_count: request.deficiencies.length,
          comparable_count: request.comparables.length,
        },
      };
    },
  }),
  defineAction({
    action: 'forward_request',
    summary:
      "Pass the client's request (revision, reconsideration of value) on to the appraiser: as the client wrote it, or in the company's words (comments), a reconsideration's deficiencies and comparables with them either way; its attachments go with it unless include_attachments is false",
    actors: ['staff'],
    audience: 'appraiser',
    unavailable: noRequestInReview,
    from: ['Client request'],
    to: ['Action required'],
    input: Type.Object({
      comments: Type.Optional(
        Type.String({
          maxLength: 20000,
          description: "What the appraiser reads; left out: the client's request as it was written",
        }),
      ),
      include_attachments: Type.Optional(
        Type.Boolean({ description: "Share the request's attachments with the appraiser (default: true)" }),
      ),
    }),
    async apply({ order, input, services }) {
      const requestId = order.request_note_id!;
      const request = await services.readNote(requestId);
      // A reconsideration's deficiencies and comparables reach the appraiser whatever words the
      // company puts around them: they are what the appraiser is asked to consider.
      const reconsideration = await services.reconsiderations.inReview(requestId);
      const edited = input.comments?.trim() || null;
      const content = edited
        ? paragraphsHtml(edited.split(/\n\s*\n/)) +
          (reconsideration
            ? reasonHtml(reconsideration.request.reason) + reconsiderationDetailsHtml(reconsideration.request)
            : '')
        : (request?.content ?? '');
      if (reconsideration) await services.reconsiderations.forwarded(reconsideration.id, edited);
      await services.addNote({
        subject: request?.subject ?? 'Client request',
        content,
        important: true,
        audience: 'appraiser',
        forwardedFrom: requestId,
        withAttachments: input.include_attachments !== false,
      });
      return {
        to: 'Action required',
        reason: edited ?? htmlToText(request?.content ?? ''),
        patch: { request_note_id: null, request_return_status: null, completed_at: null, fulfilled_at: null },
        ...(reconsideration ? { details: { reconsideration_id: reconsideration.id } } : {}),
      };
    },
  }),
  defineAction({
    action: 'answer_request',
    summary:
      "Answer the client's request without sending the report back (comments: the answer the client reads); the order returns to where it was",
    actors: ['staff'],
    audience: 'client',
    unavailable: noRequestInReview,
    from: ['Client request'],
    to: REVISABLE,
    input: Type.Object({ comments: Reason('The answer to the client') }),
    async apply({ order, input, services }) {
      const request = await services.readNote(order.request_note_id!);
      const reconsideration = await services.reconsiderations.inReview(order.request_note_id!);
      if (reconsideration)
        await services.reconsiderations.answered(reconsideration.id, input.comments.trim());
      await services.addNote({
        subject: `Re: ${request?.subject ?? 'your request'}`,
        content: paragraphsHtml(input.comments.trim().split(/\n\s*\n/)),
        important: true,
        audience: 'client',
      });
      return {
        to: order.request_return_status ?? 'In review',
        reason: input.comments,
        patch: { request_note_id: null, request_return_status: null },
        ...(reconsideration ? { details: { reconsideration_id: reconsideration.id } } : {}),
      };
    },
  }),
  defineAction({
    action: 'fulfill',
    summary: 'Deliver the completed appraisal',
    actors: ['viewer'],
    from: ['Completed'],
    to: ['Fulfilled'],
    apply: ({ now }) => ({ to: 'Fulfilled', patch: { fulfilled_at: now } }),
  }),
  defineAction({
    action: 'hold',
    summary: 'Put the order on hold',
    actors: ['client', 'staff'],
    from: OPEN,
    to: ['On hold'],
    input: Type.Object({ reason: OptionalReason }),
    apply: ({ order, input }) => ({
      to: 'On hold',
      patch: { resume_status: order.status },
      reason: input.reason?.trim() || null,
    }),
  }),
  defineAction({
    action: 'resume',
    summary: 'Take the order off hold, back to where it was',
    actors: ['client', 'staff'],
    from: ['On hold'],
    to: OPEN,
    apply: ({ order }) => ({ to: resumeTo(order), patch: { resume_status: null } }),
  }),
  defineAction({
    action: 'flag_attention',
    audience: 'internal',
    summary: 'Flag the order as needing attention',
    actors: ['staff'],
    from: OPEN,
    to: ['Attention needed'],
    input: Type.Object({ reason: Reason('What needs attention') }),
    apply: ({ order, input }) => ({
      to: 'Attention needed',
      patch: { resume_status: order.status },
      reason: input.reason,
    }),
  }),
  defineAction({
    action: 'clear_attention',
    audience: 'internal',
    summary: 'Clear the attention flag, back to where the order was',
    actors: ['staff'],
    from: ['Attention needed'],
    to: OPEN,
    apply: ({ order }) => ({ to: resumeTo(order), patch: { resume_status: null } }),
  }),
  defineAction({
    action: 'request_info',
    audience: 'client',
    summary: 'Ask the client for missing information',
    actors: ['staff'],
    from: OPEN,
    to: ['Waiting info from client'],
    input: Type.Object({ reason: Reason('What information is needed') }),
    apply: ({ order, input }) => ({
      to: 'Waiting info from client',
      patch: { resume_status: order.status },
      reason: input.reason,
    }),
  }),
  defineAction({
    action: 'provide_info',
    audience: 'client',
    summary: 'Answer the request for information, back to where the order was',
    actors: ['client'],
    from: ['Waiting info from client'],
    to: OPEN,
    input: Type.Object({ comments: Reason('The information asked for') }),
    apply: ({ order, input }) => ({
      to: resumeTo(order),
      patch: { resume_status: null },
      reason: input.comments,
    }),
  }),
  defineAction({
    action: 'request_cancel',
    audience: 'client',
    summary: 'Ask the company to cancel the order',
    actors: ['client'],
    from: [...OPEN, 'On hold', 'Attention needed', 'Waiting info from client'],
    to: ['Cancel requested'],
    input: Type.Object({ reason: OptionalReason }),
    apply: ({ order, input }) => ({
      to: 'Cancel requested',
      // From a paused status, keep the status the pause would return to.
      patch: { resume_status: PAUSED.includes(order.status) ? order.resume_status : order.status },
      reason: input.reason?.trim() || null,
    }),
  }),
  defineAction({
    action: 'deny_cancel',
    audience: 'client',
    summary: 'Refuse the cancellation request, back to where the order was',
    actors: ['staff'],
    from: ['Cancel requested'],
    to: OPEN,
    input: Type.Object({ reason: Reason('Why the order goes on') }),
    apply: ({ order, input }) => ({
      to: resumeTo(order),
      patch: { resume_status: null },
      reason: input.reason,
    }),
  }),
  defineAction({
    action: 'cancel',
    summary: 'Cancel the order',
    actors: ['staff'],
    from: [...OPEN, ...PAUSED],
    to: ['Cancelled'],
    input: Type.Object({ reason: OptionalReason }),
    apply: ({ input }) => ({
      to: 'Cancelled',
      patch: { resume_status: null, offer_expires_at: null },
      reason: input.reason?.trim() || null,
    }),
  }),
];

export const ACTIONS_BY_NAME = new Map(ACTIONS.map((a) => [a.action, a]));

/** Actions that have an endpoint (PUT /api/v1/orders/{id}/{action}). */
export const ENDPOINT_ACTIONS = ACTIONS.filter((a) => a.actors.length > 0);

export function systemAction(name: string): ActionDefinition {
  const definition = ACTIONS_BY_NAME.get(name);
  if (!definition || definition.actors.length > 0)
    throw new AppError('internal_error', `no system action ${name}`);
  return definition;
}
