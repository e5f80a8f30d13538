/**
 * Every status an order can have, declared once: the name the API shows and a stable id.
 * The status union type and the API's enum derive from this list.
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

/** Open statuses: neither paused nor closed. */
export const OPEN: readonly Status[] = STATUSES.filter((s) => !PAUSED.includes(s) && !CLOSED.includes(s));
