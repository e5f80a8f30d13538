/**
 * Every status an order can have, declared once: the name the API shows and a stable id, in
 * the workflow's order. The status union type and the API's enum derive from this list.
 */
export const STATUSES = [
  'Draft',
  'Pending',
  'Waiting payment',
  'Pending payment',
  'Unassigned',
  'Bidding',
  'Auto assign processing',
  'Pending assignment',
  'Assignment accepted with condition',
  'Assignment rejected',
  'Assignment timed out',
  'Under negotiation',
  'Refused negotiation',
  'Assigned',
  'Inspection scheduled',
  'Inspection completed',
  'Submission requested',
  'Submission fee failed',
  'In review',
  'Internal quality assurance',
  'Action required',
  'Client quality assurance',
  'Client request',
  'Completion requested',
  'Completion payment hold',
  'Completed',
  'Fulfilled',
  'On hold',
  'Attention needed',
  'Waiting info from client',
  'Cancel requested',
  'Cancelled',
] as const;

export type Status = (typeof STATUSES)[number];

/** The status id: the name in snake_case ("Pending assignment" → "pending_assignment"). */
export const statusId = (status: Status): string => status.toLowerCase().replace(/[^a-z0-9]+/g, '_');

export const statusById = new Map<string, Status>(STATUSES.map((s) => [statusId(s), s]));

/** Paused statuses remember the status to return to (orders.resume_status). */
export const PAUSED: readonly Status[] = [
  'On hold',
  'Attention needed',
  'Waiting info from client',
  'Cancel requested',
];

/** Closed statuses: the order's work is over (revisions may still reopen Completed and Fulfilled). */
export const CLOSED: readonly Status[] = ['Completed', 'Fulfilled', 'Cancelled'];

/**
 * The statuses before an appraiser holds the order (placement, payment, assignment, offers and
 * their negotiation): those the list above declares before Assigned, in the workflow's order.
 */
export const BEFORE_ASSIGNMENT: readonly Status[] = STATUSES.slice(0, STATUSES.indexOf('Assigned'));

/** Open statuses: neither paused nor closed. */
export const OPEN: readonly Status[] = STATUSES.filter((s) => !PAUSED.includes(s) && !CLOSED.includes(s));

/**
 * What kind of stage each status is, for people reading a list at a glance: the web application
 * colours a status by its category, and an integrator can group statuses without copying this table.
 */
export const STATUS_CATEGORIES = [
  'not_started',
  'in_progress',
  'in_review',
  'needs_attention',
  'stopped',
  'done',
] as const;
export type StatusCategory = (typeof STATUS_CATEGORIES)[number];

const CATEGORY_OF: Record<Status, StatusCategory> = {
  Draft: 'not_started',
  Pending: 'not_started',
  'Waiting payment': 'not_started',
  'Pending payment': 'not_started',
  Unassigned: 'not_started',
  Bidding: 'in_progress',
  'Auto assign processing': 'in_progress',
  'Pending assignment': 'in_progress',
  'Assignment accepted with condition': 'in_progress',
  'Assignment rejected': 'stopped',
  'Assignment timed out': 'in_progress',
  'Under negotiation': 'in_progress',
  'Refused negotiation': 'stopped',
  Assigned: 'in_progress',
  'Inspection scheduled': 'in_progress',
  'Inspection completed': 'in_progress',
  'Submission requested': 'in_progress',
  'Submission fee failed': 'stopped',
  'In review': 'in_review',
  'Internal quality assurance': 'in_review',
  'Action required': 'needs_attention',
  'Client quality assurance': 'in_review',
  'Client request': 'needs_attention',
  'Completion requested': 'in_review',
  'Completion payment hold': 'in_progress',
  Completed: 'done',
  Fulfilled: 'done',
  'On hold': 'needs_attention',
  'Attention needed': 'needs_attention',
  'Waiting info from client': 'needs_attention',
  'Cancel requested': 'needs_attention',
  Cancelled: 'stopped',
};

export const statusCategory = (status: Status): StatusCategory => CATEGORY_OF[status];

/** A status as the API shows it: its key, its name and its category. */
export const statusRef = (status: Status) => ({
  id: statusId(status),
  name: status,
  category: CATEGORY_OF[status],
});
