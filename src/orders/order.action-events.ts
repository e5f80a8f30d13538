import type { EventType } from '../events/event-types.ts';
import type { ActionResult } from '../workflow/types.ts';

type ActionEvent = { type: EventType; data: Record<string, unknown> };

/** Which event each action announces, besides order.status_changed. */
const ACTION_EVENTS: Record<string, (result: ActionResult) => ActionEvent | null> = {
  assign: (r) => ({
    type: 'order.assigned',
    data: { appraiser_id: r.details?.appraiser_id ?? null, fee: r.details?.fee ?? null },
  }),
  auto_assign_completed: (r) => ({
    type: 'order.assigned',
    data: { appraiser_id: r.details?.appraiser_id ?? null, fee: null },
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
  complete_inspection: () => ({ type: 'order.inspection_completed', data: {} }),
  request_submission: (r) => ({ type: 'order.submission_received', data: { files: r.details?.files ?? [] } }),
  request_revision: (r) => ({ type: 'order.revision_requested', data: { comments: r.reason ?? null } }),
  request_reconsideration_of_value: (r) => ({
    type: 'order.reconsideration_requested',
    data: { reason: r.details?.reason ?? null, summary: r.reason ?? null },
  }),
  request_negotiation: (r) => ({
    type: 'order.negotiation_opened',
    data: { fee: r.patch?.negotiation_fee_cents ?? null, due_date: r.patch?.negotiation_due_date ?? null },
  }),
  approve_assignment_condition: (r) =>
    r.to === 'Under negotiation'
      ? {
          type: 'order.negotiation_opened',
          data: {
            fee: r.patch?.negotiation_fee_cents ?? null,
            due_date: r.patch?.negotiation_due_date ?? null,
          },
        }
      : null,
  approve_negotiation: () => ({ type: 'order.negotiation_answered', data: { answer: 'approved' } }),
  refuse_negotiation: (r) => ({
    type: 'order.negotiation_answered',
    data: { answer: 'refused', reason: r.reason ?? null },
  }),
};

export function actionEvent(action: string, result: ActionResult): ActionEvent | null {
  return ACTION_EVENTS[action]?.(result) ?? null;
}
