import type { AuthUser } from '../auth/principal.ts';
import type { Db } from '../db/connection.ts';
import type { Status } from '../workflow/statuses.ts';
import { orderVisibleTo } from '../policy/order-access.ts';
import { countQueues } from './pipeline.repository.ts';
import { countScope } from './order.scope.ts';

/**
 * The staff pipeline: queues that answer "what needs me now", each a set of statuses, declared
 * once here. GET /orders/queues gives each with its counts; the web application lists a queue's
 * orders with GET /orders?q[status_name_in][]=… from the statuses given, so the page keeps no
 * copy of the workflow.
 */
export interface QueueDefinition {
  id: string;
  name: string;
  description: string;
  statuses: readonly Status[];
}

export const QUEUES: readonly QueueDefinition[] = [
  {
    id: 'new',
    name: 'New and unassigned',
    description:
      'Placed by the lender and waiting to be accepted, not yet offered, open for bids, or back after a rejection, a timeout or a refused negotiation: assign them',
    statuses: [
      'Pending',
      'Unassigned',
      'Bidding',
      'Assignment rejected',
      'Assignment timed out',
      'Refused negotiation',
    ],
  },
  {
    id: 'offers',
    name: 'Offers out',
    description: 'Offered to an appraiser who has not answered yet; each offer times out',
    statuses: ['Auto assign processing', 'Pending assignment'],
  },
  {
    id: 'decisions',
    name: 'Conditions and negotiations',
    description:
      "An appraiser's condition of acceptance for you to decide, or new terms waiting for the lender",
    statuses: ['Assignment accepted with condition', 'Under negotiation'],
  },
  {
    id: 'review',
    name: 'Reports in review',
    description: 'Submitted reports to review, approve or send back',
    statuses: ['Submission requested', 'In review', 'Internal quality assurance'],
  },
  {
    id: 'revisions',
    name: 'Revision and reconsideration requests',
    description:
      "The lender asked for a revision or a reconsideration of value: where the company reviews the lender's requests, forward each to the appraiser or answer it; else the appraiser answers",
    statuses: ['Client request'],
  },
  {
    id: 'on_hold',
    name: 'On hold',
    description: 'Paused by the lender or the company; resume them when they can go on',
    statuses: ['On hold'],
  },
  {
    id: 'attention',
    name: 'Attention needed',
    description: 'Flagged as needing attention, or waiting for information from the lender',
    statuses: ['Attention needed', 'Waiting info from client'],
  },
  {
    id: 'cancellations',
    name: 'Cancellations requested',
    description: 'The lender asked to cancel: cancel the order, or refuse and go on',
    statuses: ['Cancel requested'],
  },
];

/** An order is due soon when its due date falls within this many hours. */
export const DUE_SOON_HOURS = 48;

/** Overdue and due-soon orders are counted up to this many per queue ("100+ overdue"). */
export const DEADLINE_COUNT_CAP = 100;

/**
 * Each queue with how many orders it holds (exact, from the running totals: order_counts),
 * and how many of them are overdue and due soon (exact up to DEADLINE_COUNT_CAP, beyond which
 * the answer says "at least": counting every late order of a busy company on every look at
 * the pipeline would cost a scan of them all, for a number no one acts on differently).
 */
export async function orderQueues(db: Db, user: AuthUser, now = new Date()) {
  const soon = new Date(now.getTime() + DUE_SOON_HOURS * 3_600_000);
  const counts = await countQueues(
    db,
    countScope(user),
    orderVisibleTo(user),
    QUEUES.map((queue) => queue.statuses),
    { now, soon, cap: DEADLINE_COUNT_CAP },
  );
  const capped = (count: number) => ({
    count: Math.min(count, DEADLINE_COUNT_CAP),
    more: count > DEADLINE_COUNT_CAP,
  });
  return {
    data: QUEUES.map((queue, index) => {
      const { count, overdue, due_soon } = counts[index]!;
      return {
        id: queue.id,
        name: queue.name,
        description: queue.description,
        statuses: [...queue.statuses],
        count,
        overdue_count: capped(overdue).count,
        overdue_count_capped: capped(overdue).more,
        due_soon_count: capped(due_soon).count,
        due_soon_count_capped: capped(due_soon).more,
      };
    }),
    as_of: now.toISOString(),
    due_soon_before: soon.toISOString(),
  };
}
