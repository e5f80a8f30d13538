import type { Status } from '../workflow/statuses.ts';

/**
 * The milestones of an order (docs/turn-times.md, "Milestones"): each starts when the order
 * enters one of its statuses, and has a target in business hours of the company's calendar
 * (its own, or the default here). A milestone is at risk once `at_risk_percent` of its target
 * has run, late once all of it has.
 */
export interface MilestoneDefinition {
  id: MilestoneId;
  name: string;
  /** Entering one of these starts it; moving among them keeps it running. */
  statuses: readonly Status[];
  /** Business hours, where the company sets none. */
  defaultHours: number;
}

export const MILESTONE_IDS = [
  'offer_answered',
  'inspection_scheduled',
  'inspection_completed',
  'report_submitted',
  'review_done',
  'delivered',
] as const;
export type MilestoneId = (typeof MILESTONE_IDS)[number];

export const MILESTONES: readonly MilestoneDefinition[] = [
  { id: 'offer_answered', name: 'Offer answered', statuses: ['Pending assignment'], defaultHours: 4 },
  {
    id: 'inspection_scheduled',
    name: 'First contact: inspection scheduled',
    statuses: ['Assigned'],
    defaultHours: 8,
  },
  {
    id: 'inspection_completed',
    name: 'Inspection done',
    statuses: ['Inspection scheduled'],
    defaultHours: 24,
  },
  {
    id: 'report_submitted',
    name: 'Report submitted after the inspection',
    statuses: ['Inspection completed', 'Action required'],
    defaultHours: 16,
  },
  {
    id: 'review_done',
    name: 'Review done',
    statuses: ['Submission requested', 'In review', 'Internal quality assurance'],
    defaultHours: 8,
  },
  { id: 'delivered', name: 'Delivered', statuses: ['Completed'], defaultHours: 8 },
];

/** The milestone a status runs, if any. */
export const milestoneOf = (status: Status): MilestoneDefinition | undefined =>
  MILESTONES.find((milestone) => milestone.statuses.includes(status));
