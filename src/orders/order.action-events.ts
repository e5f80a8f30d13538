import type { EventType } from '../events/event-types.ts';
import type { ActionResult } from '../workflow/types.ts';

type ActionEvent = { type: EventType; data: Record<string, unknown> };

/** Which event each action announces, besides order.status_changed. */
const ACTION_EVENTS: Record<string, (result: ActionResult) => ActionEvent | null> = {
  assign: (r) => ({
    type: 'order.assigned',
    data: {
      appraiser_id: r.details?.appraiser_id ?? null,
      appraiser_fee: r.details?.appraiser_fee ?? null,
      due_date: r.details?.vendor_due_date ?? null,
    },
  }),
  auto_assign_completed: (r) => ({
    type: 'order.assigned',
    data: { appraiser_id: r.details?.appraiser_id ?? null, appraiser_fee: null, due_date: null },
  }),
  accept_assignment: (r) => ({
    type: 'order.offer_answered',
    data: {
      answer: r.to === 'Assigned' ? 'accepted' : 'accepted_with_condition',
      reason: r.reason ?? null,
      ...r.details,
    },
  }),
  reject_assignment: (r) => ({
    type: 'order.offer_answered',
    data: { answer: 'rejected', reason: r.reason ?? null, ...r.details },
  }),
  schedule_inspection: (r) => ({
    type: 'order.inspection_scheduled',
    data: { inspection_scheduled_at: r.details?.inspection_scheduled_at ?? null },
  }),
  complete_inspection: (r) => ({
    type: 'order.inspection_completed',
    data: { inspected_at: r.details?.inspected_at ?? null },
  }),
  request_submission: (r) => ({
    type: 'order.submission_received',
    data: { files: r.details?.files ?? [], report: r.details?.report ?? null },
  }),
  request_revision: (r) => ({ type: 'order.revision_requested', data: { comments: r.reason ?? null } }),
  request_reconsideration_of_value: (r) => ({
    type: 'order.reconsideration_requested',
    data: {
      reason: r.details?.reason ?? null,
      summary: r.reason ?? null,
      initiated_by: r.details?.initiated_by ?? null,
      reconsideration_id: r.details?.reconsideration_id ?? null,
    },
  }),
  request_negotiation: (r) => negotiationOpened(r),
  approve_assignment_condition: (r) => (r.to === 'Under negotiation' ? negotiationOpened(r) : null),
  approve_negotiation: (r) => ({
    type: 'order.negotiation_answered',
    data: {
      answer: 'approved',
      total_fee: r.details?.total_fee ?? null,
      due_date: r.details?.due_date ?? null,
    },
  }),
  refuse_negotiation: (r) => ({
    type: 'order.negotiation_answered',
    data: { answer: 'refused', reason: r.reason ?? null },
  }),
};

/**
 * The proposed terms that the client decides on (its new total fee and/or due date), with the
 * company's words to it: never the appraiser's own terms or comments.
 */
function negotiationOpened(r: ActionResult): ActionEvent {
  return {
    type: 'order.negotiation_opened',
    data: {
      total_fee: r.details?.total_fee ?? null,
      due_date: r.details?.due_date ?? null,
      comments: r.details?.client_comments ?? null,
    },
  };
}

export function actionEvent(action: string, result: ActionResult): ActionEvent | null {
  return ACTION_EVENTS[action]?.(result) ?? null;
}
