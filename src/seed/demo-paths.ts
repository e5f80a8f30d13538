import type { Status } from '../workflow/statuses.ts';

/**
 * How each demo order got where it is: the actions the service would have recorded, in order,
 * by whom, with the hours that passed before each. Every path starts with the order's creation
 * and is checked against the workflow table as it is replayed (demo-order-rows.ts), so a path
 * the service could not have taken fails the seeding.
 *
 * Two statuses hold no demo order: the service never leaves an order in Submission requested
 * (the submission is processed in the same transaction), and the orders seeded in Auto assign
 * processing are offered by the timers within a second of the first start (they show the
 * feature working, then sit in Pending assignment).
 */
export type By = 'client' | 'staff' | 'appraiser' | null;

export interface PathStep {
  action: string;
  by: By;
  to: Status;
  /** Hours since the step before (fractions allowed). */
  after: number;
  reason?: string;
  /** An acceptance with a condition, a negotiation's new total: the terms of the step. */
  terms?: { feeIncrease?: number; daysLater?: number };
}

export interface OrderPlan {
  status: Status;
  steps: PathStep[];
  /** What the order needs beyond its path: a lender, a payment method. */
  lender?: 0 | 1;
  payment?: 'invoice' | 'credit_card' | 'payment_link';
  /** The inspection is set this many hours after it was scheduled (default 48 to 96). */
  inspectionIn?: number;
}

const s = (action: string, by: By, to: Status, after: number, extra: Partial<PathStep> = {}): PathStep => ({
  action,
  by,
  to,
  after,
  ...extra,
});

const create = (to: Status = 'Unassigned') => [s('create', 'client', to, 0)];
const assign = (after = 3) => [s('assign', 'staff', 'Pending assignment', after)];
const accepted = () => [...assign(), s('accept_assignment', 'appraiser', 'Assigned', 2.5)];
const scheduled = () => [...accepted(), s('schedule_inspection', 'appraiser', 'Inspection scheduled', 6)];
const inspected = () => [...scheduled(), s('complete_inspection', 'appraiser', 'Inspection completed', 0)];
const submitted = (after = 40) => [
  s('request_submission', 'appraiser', 'Submission requested', after),
  s('submission_processed', null, 'In review', 0),
];

/** In review → Completed, as the order's lender has it: client review first (lender 2), then payment. */
function completion(lender: 0 | 1, payment: OrderPlan['payment']): PathStep[] {
  if (lender === 1)
    return [
      s('request_completion', 'staff', 'Client quality assurance', 5),
      s('approve_report', 'client', 'Completed', 14),
    ];
  if (payment === 'credit_card')
    return [
      s('request_completion', 'staff', 'Completion requested', 5),
      s('payment_received', null, 'Completed', 0.01),
    ];
  if (payment === 'payment_link')
    return [
      s('request_completion', 'staff', 'Completion payment hold', 5),
      s('payment_received', null, 'Completed', 20),
    ];
  return [s('request_completion', 'staff', 'Completed', 5)];
}

const REVISION =
  'Please address the square footage discrepancy with the MLS listing and add a third closed sale within one mile.';
const RECONSIDERATION =
  'The borrower supplied two closed sales on the same street that support a higher value.';

/** Variants of a finished order's life, chosen by the order's number. */
function finished(n: number, lender: 0 | 1, payment: OrderPlan['payment']): PathStep[] {
  const start =
    n % 7 === 3
      ? [
          ...create('Draft'),
          s('place', 'client', 'Pending', 0.2),
          s('accept_order', 'staff', 'Unassigned', 2),
        ]
      : create();
  const assignment =
    n % 9 === 4
      ? [
          ...assign(),
          s('reject_assignment', 'appraiser', 'Assignment rejected', 1.5, {
            reason: 'Outside my current capacity this week',
          }),
          ...accepted(),
        ]
      : n % 9 === 6
        ? [
            ...assign(),
            s('accept_assignment', 'appraiser', 'Assignment accepted with condition', 2, {
              reason: 'Rural comparables will need extra research; requesting a higher fee.',
              terms: { feeIncrease: 75 },
            }),
            s('approve_assignment_condition', 'staff', 'Assigned', 3),
          ]
        : accepted();
  const work = [
    ...assignment,
    s('schedule_inspection', 'appraiser', 'Inspection scheduled', 6),
    ...(n % 11 === 5
      ? [
          s('hold', 'client', 'On hold', 4, { reason: 'Borrower is traveling until next week' }),
          s('resume', 'client', 'Inspection scheduled', 90),
        ]
      : []),
    s('complete_inspection', 'appraiser', 'Inspection completed', 0),
    ...submitted(),
  ];
  const review =
    n % 4 === 1
      ? [s('start_review', 'staff', 'Internal quality assurance', 4)]
      : n % 8 === 2
        ? [
            s('start_review', 'staff', 'Internal quality assurance', 4),
            s('require_action', 'staff', 'Action required', 3, {
              reason: 'Comparable 2 is a short sale; replace it or explain the adjustment.',
            }),
            ...submitted(20),
          ]
        : [];
  const revision =
    n % 6 === 0
      ? [
          s(
            n % 12 === 0 ? 'request_reconsideration_of_value' : 'request_revision',
            'client',
            'Client request',
            30,
            {
              reason: n % 12 === 0 ? RECONSIDERATION : REVISION,
            },
          ),
          s('forward_request', 'staff', 'Action required', 3),
          ...submitted(26),
          // Paid at the first completion by then: the second one owes nothing.
          ...completion(lender, 'invoice'),
        ]
      : [];
  return [...start, ...work, ...review, ...completion(lender, payment), ...revision];
}

/** The plan of the `n`th order (counted from 0) that ends in `status`. */
export function planFor(status: Status, n: number): OrderPlan {
  const lender: 0 | 1 = n % 2 === 0 ? 0 : 1;
  const open = (steps: PathStep[], extra: Partial<OrderPlan> = {}): OrderPlan => ({
    status,
    steps,
    lender,
    ...extra,
  });
  switch (status) {
    case 'Draft':
      return open(create('Draft'));
    case 'Pending':
      return open([...create('Draft'), s('place', 'client', 'Pending', 0.3)]);
    case 'Waiting payment':
      return open([...create(), s('payment_required', null, 'Waiting payment', 0)], {
        lender: 1,
        payment: 'payment_link',
      });
    case 'Pending payment':
      return open(
        [
          ...create(),
          s('payment_required', null, 'Waiting payment', 0),
          s('payment_submitted', null, 'Pending payment', 3),
        ],
        {
          lender: 1,
          payment: 'credit_card',
        },
      );
    case 'Unassigned':
      return open(
        n % 3 === 1
          ? [
              ...create('Draft'),
              s('place', 'client', 'Pending', 0.2),
              s('accept_order', 'staff', 'Unassigned', 1.5),
            ]
          : create(),
      );
    case 'Bidding':
      return open([...create(), s('start_bidding', 'staff', 'Bidding', 2)]);
    case 'Auto assign processing':
      return open([...create(), s('auto_assign', 'staff', 'Auto assign processing', 1)]);
    case 'Pending assignment':
      return open([...create(), ...assign(2)]);
    case 'Assignment accepted with condition':
      return open([
        ...create(),
        ...assign(),
        s('accept_assignment', 'appraiser', 'Assignment accepted with condition', 2, {
          reason: 'Can complete by the requested date for a rush fee.',
          terms: { feeIncrease: 100, daysLater: 3 },
        }),
      ]);
    case 'Assignment rejected':
      return open([
        ...create(),
        ...assign(),
        s('reject_assignment', 'appraiser', 'Assignment rejected', 1, {
          reason: 'Conflict of interest: I appraised this property last year for another lender',
        }),
      ]);
    case 'Assignment timed out':
      return open([...create(), ...assign(), s('offer_timeout', null, 'Assignment timed out', 4)]);
    case 'Under negotiation':
      return open([
        ...create(),
        ...scheduled(),
        s('request_negotiation', 'staff', 'Under negotiation', 5, {
          reason: 'The property is a 4,800 sq ft custom home on acreage: complex assignment.',
          terms: { feeIncrease: 150, daysLater: 4 },
        }),
      ]);
    case 'Refused negotiation':
      return open([
        ...create(),
        ...accepted(),
        s('request_negotiation', 'staff', 'Under negotiation', 4, {
          reason: 'Rush request',
          terms: { feeIncrease: 125 },
        }),
        s('refuse_negotiation', 'client', 'Refused negotiation', 6, {
          reason: 'Our pricing agreement does not allow rush fees.',
        }),
      ]);
    case 'Assigned':
      return open([...create(), ...accepted()]);
    case 'Inspection scheduled':
      return open([...create(), ...scheduled()], { inspectionIn: 24 * (1 + (n % 6)) });
    case 'Inspection completed':
      return open([...create(), ...inspected()]);
    case 'Submission fee failed':
      return open([
        ...create(),
        ...inspected(),
        s('request_submission', 'appraiser', 'Submission requested', 40),
        s('submission_fee_failed', null, 'Submission fee failed', 0, { reason: 'The card was declined' }),
      ]);
    case 'In review':
      return open([...create(), ...inspected(), ...submitted()]);
    case 'Internal quality assurance':
      return open([
        ...create(),
        ...inspected(),
        ...submitted(),
        s('start_review', 'staff', 'Internal quality assurance', 3),
      ]);
    case 'Action required':
      return open([
        ...create(),
        ...inspected(),
        ...submitted(),
        s('require_action', 'staff', 'Action required', 6, {
          reason: 'The sketch is missing the detached garage; please add it and update the GLA.',
        }),
      ]);
    case 'Client quality assurance':
      return open(
        [
          ...create(),
          ...inspected(),
          ...submitted(),
          s('request_completion', 'staff', 'Client quality assurance', 5),
        ],
        { lender: 1 },
      );
    case 'Client request':
      return open(
        [
          ...create(),
          ...inspected(),
          ...submitted(),
          ...completion(0, 'invoice'),
          s('request_revision', 'client', 'Client request', 20, { reason: REVISION }),
        ],
        { lender: 0 },
      );
    case 'Completion requested':
      return open(
        [
          ...create(),
          ...inspected(),
          ...submitted(),
          s('request_completion', 'staff', 'Completion requested', 5),
        ],
        { lender: 0, payment: 'credit_card' },
      );
    case 'Completion payment hold':
      return open(
        [
          ...create(),
          ...inspected(),
          ...submitted(),
          s('request_completion', 'staff', 'Completion payment hold', 5),
        ],
        { lender: 0, payment: 'payment_link' },
      );
    case 'Completed':
      return open(finished(n, lender, 'invoice').filter((step) => step.action !== 'fulfill'));
    case 'Fulfilled': {
      const payment =
        lender === 0 && n % 5 === 1
          ? 'credit_card'
          : lender === 0 && n % 5 === 3
            ? 'payment_link'
            : 'invoice';
      return open([...finished(n, lender, payment), s('fulfill', 'staff', 'Fulfilled', 6 + (n % 20))], {
        payment,
      });
    }
    case 'On hold':
      return open([
        ...create(),
        ...scheduled(),
        s('hold', n % 2 ? 'staff' : 'client', 'On hold', 8, {
          reason: 'Borrower requested to postpone the inspection',
        }),
      ]);
    case 'Attention needed':
      return open([
        ...create(),
        ...accepted(),
        s('flag_attention', 'staff', 'Attention needed', 30, {
          reason: 'Appraiser has not scheduled the inspection within 48 hours',
        }),
      ]);
    case 'Waiting info from client':
      return open([
        ...create(),
        s('request_info', 'staff', 'Waiting info from client', 3, {
          reason: 'Please send the purchase agreement with all addenda',
        }),
      ]);
    case 'Cancel requested':
      return open([
        ...create(),
        ...assign(),
        s('request_cancel', 'client', 'Cancel requested', 10, {
          reason: 'Borrower withdrew the loan application',
        }),
      ]);
    case 'Cancelled':
      return open(
        n % 3 === 0
          ? [
              ...create('Draft'),
              s('place', 'client', 'Pending', 0.2),
              s('decline_order', 'staff', 'Cancelled', 3, { reason: 'Property is outside our service area' }),
            ]
          : n % 3 === 1
            ? [
                ...create(),
                ...accepted(),
                s('request_cancel', 'client', 'Cancel requested', 20, {
                  reason: 'Loan denied by underwriting',
                }),
                s('cancel', 'staff', 'Cancelled', 2),
              ]
            : [...create(), s('cancel', 'staff', 'Cancelled', 26, { reason: 'Duplicate order' })],
      );
    case 'Submission requested':
      throw new Error('demo world: no order is left in Submission requested (see demo-paths.ts)');
  }
}

/** How many demo orders end in each status: most are done, every queue has some. */
export const STATUS_MIX: readonly [Status, number][] = [
  ['Draft', 3],
  ['Pending', 4],
  ['Waiting payment', 3],
  ['Pending payment', 2],
  ['Unassigned', 9],
  ['Bidding', 3],
  ['Auto assign processing', 2],
  ['Pending assignment', 8],
  ['Assignment accepted with condition', 3],
  ['Assignment rejected', 3],
  ['Assignment timed out', 2],
  ['Under negotiation', 3],
  ['Refused negotiation', 2],
  ['Assigned', 8],
  ['Inspection scheduled', 12],
  ['Inspection completed', 7],
  ['Submission fee failed', 2],
  ['In review', 8],
  ['Internal quality assurance', 5],
  ['Action required', 4],
  ['Client quality assurance', 4],
  ['Client request', 4],
  ['Completion requested', 2],
  ['Completion payment hold', 3],
  ['Completed', 14],
  ['Fulfilled', 72],
  ['On hold', 4],
  ['Attention needed', 3],
  ['Waiting info from client', 3],
  ['Cancel requested', 3],
  ['Cancelled', 10],
];
