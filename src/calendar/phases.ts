import type { Status } from '../workflow/statuses.ts';

/**
 * The phases of an order's turn (docs/turn-times.md, "Scorecards"): whose move it is while the
 * order is in a status. Assignment: the company finding an appraiser; appraiser: from acceptance
 * to the report (revisions included); review: the company checking it and answering the lender's
 * requests; client: the lender's own review and payment before delivery. Null: not on the clock
 * (a draft, and once the order is completed, fulfilled or cancelled). Statuses that stop the
 * clocks (the company's `clock_pauses`) count as paused whatever their phase here; those that
 * pause without stopping them count in the phase of the status the order returns to.
 */
export const PHASES = ['assignment', 'appraiser', 'review', 'client'] as const;
export type Phase = (typeof PHASES)[number];

const PHASE_OF: Record<Status, Phase | 'resume' | null> = {
  Draft: null,
  Pending: 'assignment',
  'Waiting payment': 'assignment',
  'Pending payment': 'assignment',
  Unassigned: 'assignment',
  Bidding: 'assignment',
  'Auto assign processing': 'assignment',
  'Pending assignment': 'assignment',
  'Assignment accepted with condition': 'assignment',
  'Assignment rejected': 'assignment',
  'Assignment timed out': 'assignment',
  'Under negotiation': 'assignment',
  'Refused negotiation': 'assignment',
  Assigned: 'appraiser',
  'Inspection scheduled': 'appraiser',
  'Inspection completed': 'appraiser',
  'Action required': 'appraiser',
  'Submission fee failed': 'appraiser',
  'Submission requested': 'review',
  'In review': 'review',
  'Internal quality assurance': 'review',
  'Client request': 'review',
  'Client quality assurance': 'client',
  'Completion requested': 'client',
  'Completion payment hold': 'client',
  Completed: null,
  Fulfilled: null,
  Cancelled: null,
  'On hold': 'resume',
  'Attention needed': 'resume',
  'Waiting info from client': 'resume',
  'Cancel requested': 'resume',
};

/**
 * Where the time an order spends in `status` counts: a phase, `paused` when the company stops the
 * clocks in it, or null. A pausing status the company lets the clocks run in counts in the phase
 * of `resumeStatus` (review, when that is unknown).
 */
export function phaseOf(
  status: Status,
  resumeStatus: Status | null,
  clockPauses: ReadonlySet<string>,
): Phase | 'paused' | null {
  if (clockPauses.has(status)) return 'paused';
  const phase = PHASE_OF[status];
  if (phase !== 'resume') return phase;
  const resumed = resumeStatus === null ? 'review' : PHASE_OF[resumeStatus];
  return resumed === 'resume' ? 'review' : resumed;
}
