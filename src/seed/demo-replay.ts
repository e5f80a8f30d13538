import { randomUUID } from 'node:crypto';
import { eventAudience, type EventType } from '../events/event-types.ts';
import { defaultCalendar } from '../calendar/calendar-settings.repository.ts';
import { actionEvent } from '../orders/order.action-events.ts';
import { phaseClockPatch } from '../orders/order.phase-clocks.ts';
import type { Audience } from '../policy/audience.ts';
import { PAUSED, type Status } from '../workflow/statuses.ts';
import { ACTIONS_BY_NAME } from '../workflow/transitions.ts';
import type { OrderPlan, PathStep } from './demo-paths.ts';

/**
 * Replays a demo order's path as the service would have recorded it: each step checked against
 * the workflow table (the action exists, its status allows it, it may lead where the path
 * says), the order's columns changed as the action's rule changes them, and the history entry,
 * the events and the side records (notes, report files, payments, submission fees) written with
 * the audiences the service gives them. Nothing here writes: demo-world.ts inserts the rows.
 */
export interface Person {
  id: string;
  name: string;
}

export interface ReplayContext {
  plan: OrderPlan;
  orderId: string;
  fileNumber: string;
  clientId: string;
  companyId: string;
  /** Step times, one per step of the plan (demo-timeline.ts). */
  times: Date[];
  /** When the inspection was set for, if the path schedules one. */
  inspectionAt: Date | null;
  placedBy: Person;
  staff: { coordinator: Person; reviewer: Person };
  /** The appraisers offered the order, in turn (a rejected offer goes to the next). */
  appraisers: Person[];
  submissionFeeCents: bigint;
  payerName: string;
  loanType: string;
  transactionType: string;
  reportFilename: (submission: number) => string;
  /** An invoiced order the lender paid later, by card on the payment page: when. */
  invoicePaidAt?: Date | null;
}

/** The order columns that the workflow changes. */
export interface OrderState {
  status: Status;
  resume_status: Status | null;
  negotiation_return_status: Status | null;
  request_note_id: string | null;
  request_return_status: Status | null;
  appraiser_id: string | null;
  offer_expires_at: Date | null;
  appraiser_fee_cents: string | null;
  condition_fee_cents: string | null;
  condition_due_date: Date | null;
  condition_comments: string | null;
  condition_proposed_by: string | null;
  condition_proposed_at: Date | null;
  negotiation_fee_cents: string | null;
  negotiation_due_date: Date | null;
  negotiation_comments: string | null;
  negotiation_proposed_by: string | null;
  negotiation_proposed_at: Date | null;
  total_fee_cents: string;
  paid_cents: string;
  due_date: Date;
  vendor_due_date: Date | null;
  assigned_at: Date | null;
  inspection_scheduled_at: Date | null;
  inspection_completed_at: Date | null;
  submitted_at: Date | null;
  completed_at: Date | null;
  fulfilled_at: Date | null;
  revised: boolean;
  updated_at: Date;
  /** The phase clocks (order.phase-clocks.ts), as the service would have run them. */
  status_since: Date;
  first_submitted_at: Date | null;
  assignment_minutes: number;
  appraiser_minutes: number;
  review_minutes: number;
  client_minutes: number;
  paused_minutes: number;
}

export interface HistoryRow {
  order_id: string;
  action: string;
  from_status: Status | null;
  to_status: Status;
  user_id: string | null;
  key_owner_id: string | null;
  reason: string | null;
  details: string;
  audience: Audience;
  created_at: Date;
}

export interface EventRow {
  type: string;
  order_id: string;
  organization_ids: string[];
  data: string;
  audience: Audience;
  created_at: Date;
}

export interface NoteRow {
  id: string;
  order_id: string;
  author_id: string | null;
  written_by: string | null;
  author_name: string;
  subject: string | null;
  content: string;
  important: boolean | null;
  audience: Audience;
  forwarded_from: string | null;
  created_at: Date;
}

/** A report file to generate and store (demo-world.ts makes the PDF). */
export interface ReportFile {
  id: string;
  order_id: string;
  submission_no: number;
  filename: string;
  uploaded_by: string;
  created_at: Date;
  released_at: Date | null;
}

export interface PaymentRow {
  id: string;
  order_id: string;
  amount_cents: string;
  method: string;
  status: 'succeeded' | 'pending';
  provider: string;
  provider_reference: string;
  card_brand: string;
  card_last4: string;
  payer_name: string;
  created_at: Date;
  confirmed_at: Date | null;
}

export interface SubmissionFeeRow {
  order_id: string;
  appraiser_id: string;
  amount_cents: string;
  status: 'succeeded' | 'declined';
  provider: string;
  provider_reference: string | null;
  card_brand: string;
  card_last4: string;
  failure_message: string | null;
  created_at: Date;
}

export interface Replayed {
  state: OrderState;
  history: HistoryRow[];
  events: EventRow[];
  notes: NoteRow[];
  reports: ReportFile[];
  payments: PaymentRow[];
  submissionFees: SubmissionFeeRow[];
}

const RELEASING: readonly Status[] = ['Client quality assurance', 'Completed', 'Fulfilled'];
const cents = (value: bigint) => value.toString();
const money = (value: string | bigint | null) => (value === null ? null : (Number(value) / 100).toFixed(2));
const iso = (date: Date | null) => date?.toISOString() ?? null;
const OFFER_MINUTES = 240;

const NO_CONDITION = {
  condition_fee_cents: null,
  condition_due_date: null,
  condition_comments: null,
  condition_proposed_by: null,
  condition_proposed_at: null,
} as const;
const NO_APPRAISER = {
  ...NO_CONDITION,
  appraiser_id: null,
  offer_expires_at: null,
  appraiser_fee_cents: null,
  assigned_at: null,
  vendor_due_date: null,
} as const;
const NO_NEGOTIATION = {
  negotiation_fee_cents: null,
  negotiation_due_date: null,
  negotiation_comments: null,
  negotiation_proposed_by: null,
  negotiation_proposed_at: null,
  negotiation_return_status: null,
} as const;

const DEMO_CALENDAR = defaultCalendar('UTC');

export function replay(context: ReplayContext, initial: OrderState): Replayed {
  const { plan, orderId, clientId, companyId } = context;
  const state: OrderState = { ...initial };
  const out: Replayed = {
    state,
    history: [],
    events: [],
    notes: [],
    reports: [],
    payments: [],
    submissionFees: [],
  };
  let offers = 0;
  let submission = 0;

  const event = (type: EventType, data: Record<string, unknown>, audience: Audience, at: Date) =>
    out.events.push({
      type,
      order_id: orderId,
      organization_ids: [clientId, companyId],
      data: JSON.stringify({ order_id: orderId, file_number: context.fileNumber, ...data }),
      audience: eventAudience(type, audience),
      created_at: at,
    });
  const record = (
    step: { action: string; from: Status | null; to: Status; by: Person | null; audience: Audience },
    at: Date,
    reason: string | null,
    details: Record<string, unknown>,
  ) => {
    out.history.push({
      order_id: orderId,
      action: step.action,
      from_status: step.from,
      to_status: step.to,
      user_id: step.by?.id ?? null,
      key_owner_id: step.by?.id ?? null,
      reason,
      details: JSON.stringify(details),
      audience: step.audience,
      created_at: at,
    });
  };
  const note = (n: Omit<NoteRow, 'id' | 'order_id' | 'written_by'>): string => {
    const id = randomUUID();
    out.notes.push({ id, order_id: orderId, written_by: n.author_id, ...n });
    event(
      'order.note_added',
      { note_id: id, subject: n.subject, author_name: n.author_name, audience: n.audience },
      n.audience,
      n.created_at,
    );
    return id;
  };
  const pay = (amount: bigint, at: Date, status: 'succeeded' | 'pending'): PaymentRow => {
    const card =
      plan.payment === 'payment_link'
        ? { brand: 'Mastercard', last4: '4444' }
        : { brand: 'Visa', last4: '4242' };
    const payment: PaymentRow = {
      id: randomUUID(),
      order_id: orderId,
      amount_cents: cents(amount),
      method: 'credit_card',
      status,
      provider: 'sandbox',
      // A pending payment whose reference the sandbox never settles: the order stays in Pending payment.
      provider_reference:
        status === 'pending' ? `sandbox_pending_${randomUUID()}` : `sandbox_${randomUUID()}`,
      card_brand: card.brand,
      card_last4: card.last4,
      payer_name: context.payerName,
      created_at: at,
      confirmed_at: status === 'succeeded' ? at : null,
    };
    out.payments.push(payment);
    return payment;
  };

  plan.steps.forEach((step, index) => {
    const at = context.times[index]!;
    const from = index === 0 ? null : state.status;
    const by = who(context, step, state);
    const definition = ACTIONS_BY_NAME.get(step.action);
    if (step.action !== 'create') {
      if (!definition) throw new Error(`demo world: no action ${step.action}`);
      if (!definition.from.includes(from!) || !definition.to.includes(step.to))
        throw new Error(`demo world: ${step.action} cannot lead from ${from} to ${step.to} (${plan.status})`);
    }
    let audience: Audience = definition?.audience ?? 'everyone';
    let reason = step.reason ?? null;
    let details: Record<string, unknown> = {};
    const effect = apply(step, at);
    audience = effect.audience ?? audience;
    reason = effect.reason === undefined ? reason : effect.reason;
    details = effect.details ?? details;
    // The time spent in the status it leaves goes to its phase, counted as for a company without a
    // calendar of its own in a deployment on UTC (the demo's company has none).
    if (index > 0 && step.to !== from) Object.assign(state, phaseClockPatch(DEMO_CALENDAR, state, at));
    state.status = step.to;
    state.updated_at = at;
    if (step.action === 'create') details = { file_number: context.fileNumber };
    record({ action: step.action, from, to: step.to, by, audience }, at, reason, details);
    if (step.action === 'create') {
      event(
        'order.created',
        {
          status: step.to,
          client_id: clientId,
          company_id: companyId,
          due_date: state.due_date.toISOString(),
          loan_type: context.loanType,
          transaction_type: context.transactionType,
          total_fee: money(state.total_fee_cents),
        },
        'everyone',
        at,
      );
    } else {
      const announced = actionEvent(step.action, { to: step.to, reason, details });
      if (announced) event(announced.type, announced.data, audience, at);
      if (from !== step.to)
        event(
          'order.status_changed',
          { from, to: step.to, action: step.action, actor: by, acting_for: null, reason },
          audience,
          at,
        );
    }
    // The release is recorded after the change that led to it (order.release.ts), a moment later.
    if (RELEASING.includes(step.to)) release(new Date(at.getTime() + 1));
  });
  if (context.invoicePaidAt) invoicePaid(context.invoicePaidAt);
  return out;

  /** The lender pays an invoiced order's balance on the payment page: no status moves. */
  function invoicePaid(at: Date) {
    const amount = BigInt(state.total_fee_cents) - BigInt(state.paid_cents);
    if (amount <= 0n) return;
    const payment = pay(amount, at, 'succeeded');
    state.paid_cents = cents(BigInt(state.paid_cents) + amount);
    const details = { payment_id: payment.id, amount: money(amount) };
    event('order.payment_received', { ...details, balance: '0.00' }, 'client', at);
    record(
      { action: 'payment_received', from: state.status, to: state.status, by: null, audience: 'client' },
      at,
      null,
      details,
    );
  }

  /** The report's latest submission reaches the lender when the order is completed or sent to its review. */
  function release(at: Date) {
    const latest = out.reports.filter((r) => r.submission_no === submission && r.released_at === null);
    if (latest.length === 0) return;
    for (const file of latest) file.released_at = at;
    const files = latest.map((f) => ({ file_id: f.id, file_type: 'appraisal_pdf', filename: f.filename }));
    const details = { submission, files };
    record(
      { action: 'release_report', from: state.status, to: state.status, by: null, audience: 'everyone' },
      at,
      null,
      details,
    );
    event('order.report_released', details, 'everyone', at);
  }

  function apply(
    step: PathStep,
    at: Date,
  ): { audience?: Audience; reason?: string | null; details?: Record<string, unknown> } {
    const hours = (h: number) => new Date(at.getTime() + h * 3_600_000);
    switch (step.action) {
      case 'create':
      case 'place':
      case 'accept_order':
      case 'decline_order':
      case 'payment_required':
      case 'start_bidding':
      case 'start_review':
      case 'require_action':
      case 'submission_processed':
        return {};
      case 'auto_assign':
        Object.assign(state, NO_APPRAISER);
        return {};
      case 'payment_submitted': {
        const payment = pay(BigInt(state.total_fee_cents) - BigInt(state.paid_cents), at, 'pending');
        return { details: { payment_id: payment.id, amount: money(payment.amount_cents) } };
      }
      case 'payment_received': {
        const amount = BigInt(state.total_fee_cents) - BigInt(state.paid_cents);
        const payment = pay(amount, at, 'succeeded');
        state.paid_cents = cents(BigInt(state.paid_cents) + amount);
        if (step.to === 'Completed') state.completed_at = at;
        event(
          'order.payment_received',
          { payment_id: payment.id, amount: money(amount), balance: '0.00' },
          'client',
          at,
        );
        return { details: { payment_id: payment.id, amount: money(amount) } };
      }
      case 'assign': {
        const appraiser = context.appraisers[offers % context.appraisers.length]!;
        offers += 1;
        const fee = BigInt(Math.round((Number(state.total_fee_cents) * 0.62) / 500) * 500);
        Object.assign(state, NO_APPRAISER, {
          appraiser_id: appraiser.id,
          appraiser_fee_cents: cents(fee),
          vendor_due_date: new Date(state.due_date.getTime() - 86_400_000),
          offer_expires_at: new Date(at.getTime() + OFFER_MINUTES * 60_000),
        });
        return {
          details: {
            appraiser_id: appraiser.id,
            appraiser_fee: money(fee),
            vendor_due_date: iso(state.vendor_due_date),
            offer_expires_at: iso(state.offer_expires_at),
          },
        };
      }
      case 'accept_assignment': {
        if (!step.terms) {
          Object.assign(state, { assigned_at: at, offer_expires_at: null });
          return {};
        }
        const fee = BigInt(state.appraiser_fee_cents!) + BigInt((step.terms.feeIncrease ?? 0) * 100);
        const dueDate = step.terms.daysLater
          ? new Date(state.vendor_due_date!.getTime() + step.terms.daysLater * 86_400_000)
          : null;
        Object.assign(state, {
          condition_fee_cents: cents(fee),
          condition_due_date: dueDate,
          condition_comments: step.reason ?? null,
          condition_proposed_by: state.appraiser_id,
          condition_proposed_at: at,
          offer_expires_at: null,
        });
        return { details: { appraiser_fee_condition: money(fee), due_date_condition: iso(dueDate) } };
      }
      case 'reject_assignment':
      case 'offer_timeout':
      case 'reject_assignment_condition': {
        const appraiserId = state.appraiser_id;
        Object.assign(state, NO_APPRAISER);
        return { details: { appraiser_id: appraiserId } };
      }
      case 'approve_assignment_condition': {
        const fee = state.condition_fee_cents ?? state.appraiser_fee_cents;
        const vendorDue = state.condition_due_date ?? state.vendor_due_date;
        Object.assign(state, NO_CONDITION, {
          appraiser_fee_cents: fee,
          vendor_due_date: vendorDue,
          assigned_at: at,
        });
        // The company absorbs the increase: the lender's fee and date stay, and are not asked.
        return { details: { appraiser_fee: money(fee), vendor_due_date: iso(vendorDue) } };
      }
      case 'request_negotiation': {
        const fee = BigInt(state.total_fee_cents) + BigInt((step.terms?.feeIncrease ?? 0) * 100);
        const dueDate = step.terms?.daysLater
          ? new Date(state.due_date.getTime() + step.terms.daysLater * 86_400_000)
          : null;
        Object.assign(state, {
          negotiation_return_status: state.status,
          negotiation_fee_cents: cents(fee),
          negotiation_due_date: dueDate,
          negotiation_comments: step.reason ?? null,
          negotiation_proposed_by: context.staff.coordinator.id,
          negotiation_proposed_at: at,
        });
        return {
          details: { total_fee: money(fee), due_date: iso(dueDate), client_comments: step.reason ?? null },
        };
      }
      case 'refuse_negotiation':
        Object.assign(state, NO_APPRAISER, NO_NEGOTIATION);
        return {};
      case 'schedule_inspection': {
        const when = context.inspectionAt ?? hours(48);
        state.inspection_scheduled_at = when;
        return { details: { inspection_scheduled_at: when.toISOString() } };
      }
      case 'complete_inspection':
        state.inspection_completed_at = at;
        return {};
      case 'request_submission':
        return submit(at);
      case 'submission_fee_failed':
        return { details: { submission_fee: money(context.submissionFeeCents) } };
      case 'request_completion':
      case 'approve_report':
        if (step.to === 'Completed') state.completed_at = at;
        return {};
      case 'request_revision':
      case 'request_reconsideration_of_value': {
        // The company reviews the lender's requests first (lender_requests_reviewed, on by default).
        const reconsideration = step.action === 'request_reconsideration_of_value';
        const noteId = note({
          author_id: context.placedBy.id,
          author_name: context.placedBy.name,
          subject: reconsideration ? 'Reconsideration of value' : 'Revision request',
          content: `<p>${step.reason ?? ''}</p>`,
          important: true,
          audience: 'client',
          forwarded_from: null,
          created_at: at,
        });
        Object.assign(state, { request_note_id: noteId, request_return_status: state.status, revised: true });
        return {
          audience: 'client',
          details: reconsideration
            ? { reason: 'Value is not supported by the comparables', supporting_data: null }
            : {},
        };
      }
      case 'forward_request': {
        const request = out.notes.find((n) => n.id === state.request_note_id)!;
        note({
          author_id: context.staff.coordinator.id,
          author_name: context.staff.coordinator.name,
          subject: request.subject,
          content: request.content,
          important: true,
          audience: 'appraiser',
          forwarded_from: request.id,
          created_at: at,
        });
        Object.assign(state, {
          request_note_id: null,
          request_return_status: null,
          completed_at: null,
          fulfilled_at: null,
        });
        return { reason: request.content.replace(/<[^>]+>/g, '') };
      }
      case 'fulfill':
        state.fulfilled_at = at;
        return {};
      case 'hold':
      case 'flag_attention':
      case 'request_info':
        state.resume_status = state.status;
        return {};
      case 'request_cancel':
        state.resume_status = PAUSED.includes(state.status) ? state.resume_status : state.status;
        return {};
      case 'resume':
      case 'clear_attention':
      case 'provide_info':
      case 'deny_cancel':
        if (state.resume_status !== step.to)
          throw new Error(`demo world: ${step.action} returns to ${state.resume_status}`);
        state.resume_status = null;
        return {};
      case 'cancel':
        Object.assign(state, { resume_status: null, offer_expires_at: null });
        return {};
      default:
        throw new Error(`demo world: the replay does not know ${step.action}`);
    }
  }

  /** A report submission: its PDF, the company's fee charged to the appraiser's card. */
  function submit(at: Date) {
    submission += 1;
    const appraiserId = state.appraiser_id!;
    const filename = context.reportFilename(submission);
    out.reports.push({
      id: randomUUID(),
      order_id: orderId,
      submission_no: submission,
      filename,
      uploaded_by: appraiserId,
      created_at: at,
      released_at: null,
    });
    const declined = plan.status === 'Submission fee failed' && isLastSubmission();
    // The appraisers' cards on file (demo-world.ts): a sandbox Visa, one that declines for a fee that failed.
    const card = { brand: 'Visa', last4: declined ? '0002' : '4242' };
    out.submissionFees.push({
      order_id: orderId,
      appraiser_id: appraiserId,
      amount_cents: cents(context.submissionFeeCents),
      status: declined ? 'declined' : 'succeeded',
      provider: 'sandbox',
      provider_reference: declined ? null : `sandbox_${randomUUID()}`,
      card_brand: card.brand,
      card_last4: card.last4,
      failure_message: declined ? 'The card was declined' : null,
      created_at: at,
    });
    state.submitted_at = at;
    state.first_submitted_at ??= at;
    return {
      details: {
        submission,
        files: [{ file_type: 'appraisal_pdf', filename }],
        submission_fee: money(context.submissionFeeCents),
      },
    };
  }

  function isLastSubmission(): boolean {
    return plan.steps.filter((s) => s.action === 'request_submission').length === submission;
  }
}

/** Who took a step: the lender's user who placed the order, the coordinator or reviewer, the appraiser; the service for system events. */
function who(context: ReplayContext, step: PathStep, state: OrderState): Person | null {
  switch (step.by) {
    case null:
      return null;
    case 'client':
      return context.placedBy;
    case 'appraiser':
      return context.appraisers.find((a) => a.id === state.appraiser_id) ?? null;
    case 'staff':
      return ['start_review', 'require_action', 'request_completion'].includes(step.action)
        ? context.staff.reviewer
        : context.staff.coordinator;
  }
}
