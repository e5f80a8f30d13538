import { Type, type Static } from 'typebox';
import { Id, Nullable, NullableNumber, ref } from '../schemas/common.ts';
import { AudienceSchema } from '../schemas/audience.ts';
import { DATE_INPUT_FORMATS } from '../format/dates.ts';
import { MONEY_PATTERN } from '../format/money.ts';
import { PAYMENT_METHODS } from '../db/schema.ts';
import { STATUS_CATEGORIES, STATUSES, statusId } from '../workflow/statuses.ts';
import { ENDPOINT_ACTIONS } from '../workflow/transitions.ts';
import { CORRECTABLE_FIELDS } from './order.correctable.ts';
import {
  ESTATE_HELD_TYPES,
  ESTATE_HELD_TYPES_CREATE,
  INVOICE_STRATEGIES,
  LOAN_TYPES,
  LOAN_TYPES_CREATE,
  OCCUPANCY_TYPES,
  TRANSACTION_TYPES,
  TRANSACTION_TYPES_CREATE,
} from './order.enums.ts';

const Enum = Type.Enum;
const NonBlank = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });
const Email = Type.String({ format: 'email', maxLength: 254 });
const Phone = Type.String({ maxLength: 40 });

// ---- input -------------------------------------------------------------------------------

/** Who lets the appraiser in: a name and a phone number at least. */
export const AccessContactInput = Type.Object(
  {
    name: NonBlank(200),
    phone: Type.String({
      maxLength: 40,
      description: 'A 10-digit US or Canadian (NANP) number: 512-555-0102, (512) 555-0102, +1 512 555 0102',
    }),
    email: Type.Optional(Nullable(Email)),
    note: Type.Optional(
      Nullable(
        Type.String({
          maxLength: 500,
          description: 'How to reach them or get in, for the appraiser: "tenant, call after 5 pm"',
        }),
      ),
    ),
  },
  {
    $id: 'AccessContactInput',
    description:
      'Who lets the appraiser into the property (a tenant, an agent, the owner): shown on the offer, the agenda and the calendar feed',
  },
);
export type AccessContactInput = Static<typeof AccessContactInput>;

export const CreateOrderBody = Type.Object(
  {
    address: Type.Object(
      {
        street_1: NonBlank(200),
        street_2: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
        city: NonBlank(100),
        state: Type.String({ minLength: 2, maxLength: 40, description: 'USPS code (TX) or name (Texas)' }),
        zip: Type.String({ pattern: '^\\d{5}(-?\\d{4})?$', description: '12345 or 12345-6789' }),
        county: Type.Optional(
          Nullable(Type.String({ maxLength: 100, description: 'Derived from the zip when absent' })),
        ),
      },
      { description: 'The property address' },
    ),
    borrower: Type.Object({
      first_name: NonBlank(100),
      last_name: NonBlank(100),
      email: Type.Optional(Nullable(Email)),
      phone: Type.Optional(Nullable(Phone)),
      co_first_name: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
      co_last_name: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    }),
    point_of_contact: Type.Optional(
      Type.Object(
        {
          name: NonBlank(200),
          phone: Type.Optional(Nullable(Phone)),
          emails: Type.Optional(Type.Array(Email, { maxItems: 20 })),
        },
        { description: 'Who opens the door for the inspection' },
      ),
    ),
    access_contact: Type.Optional(Nullable(ref(AccessContactInput))),
    due_date: Type.String({
      minLength: 10,
      maxLength: 40,
      description: `The interface's YYYY-MM-DDTHH:MM in the deployment time zone, or any date input: ${DATE_INPUT_FORMATS}. Today (in the deployment time zone) or later`,
    }),
    green_certified: Type.Union([Type.Boolean(), Enum(['true', 'false'])], {
      description: 'The text true or false',
    }),
    loan_type: Enum(LOAN_TYPES_CREATE),
    fha_case_number: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
    transaction_type: Enum(TRANSACTION_TYPES_CREATE),
    loan_amount: Type.Optional(
      Nullable(Type.String({ pattern: MONEY_PATTERN, description: 'A decimal amount' })),
    ),
    contract_price: Type.Optional(NullableNumber(Type.Number({ minimum: 0, maximum: 1e12 }))),
    special_instructions: Type.Optional(
      Nullable(Type.String({ maxLength: 20000, description: 'HTML; sanitized' })),
    ),
    payment_method: Enum(PAYMENT_METHODS),
    complex_property: Type.Optional(Nullable(Type.Boolean())),
    product_ids: Type.Array(Type.String(), {
      minItems: 1,
      maxItems: 20,
      description: 'From the client configuration',
    }),
    client_user_ids: Type.Optional(
      Type.Array(Type.String(), {
        maxItems: 50,
        description:
          'Client users from the configuration (its parties); they join the order as parties. Default: the calling client user',
      }),
    ),
    occupancy_type: Type.Optional(Nullable(Enum(OCCUPANCY_TYPES))),
    estate_held_type: Type.Optional(Nullable(Enum([...ESTATE_HELD_TYPES_CREATE, 'leasehold']))),
    loan_number: Type.Optional(Nullable(Type.String({ maxLength: 60 }))),
    closing_date: Type.Optional(
      Nullable(Type.String({ maxLength: 40, description: 'YYYY-MM-DD or MM/DD/YYYY' })),
    ),
    property_type_id: Type.Optional(Nullable(Type.String())),
    branch_id: Type.Optional(
      Nullable(
        Type.String({
          description:
            "A branch of the client (its configuration's branches): whose users see the order where the client scopes their view by branch. Default: the calling client user's branch",
        }),
      ),
    ),
    company_id: Type.Optional(
      Nullable(Type.String({ description: 'Needed when several companies serve the client' })),
    ),
    requested_by: Type.Optional(
      Type.Object({
        client_id: Type.Optional(
          Nullable(Type.String({ description: 'Staff: the client the order is for' })),
        ),
        lender_id: Type.Optional(
          Nullable(Type.String({ description: 'The lender, when it is not the client itself' })),
        ),
      }),
    ),
    draft: Type.Optional(
      Type.Boolean({ description: 'Create as a Draft, placed later with the place action' }),
    ),
  },
  { $id: 'CreateOrderRequest', description: 'A new order' },
);
export type CreateOrderBody = Static<typeof CreateOrderBody>;

export const SubjectAddressBody = Type.Object(
  {
    address_one: Type.Optional(NonBlank(200)),
    address_two: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    city: Type.Optional(NonBlank(100)),
    state: Type.Optional(Type.String({ minLength: 2, maxLength: 40 })),
    county: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    zip: Type.Optional(Type.String({ pattern: '^\\d{5}(-?\\d{4})?$' })),
    latitude: Type.Optional(
      Nullable(Type.Union([Type.Number(), Type.String({ pattern: '^\\s*-?\\d{1,3}(\\.\\d+)?\\s*$' })])),
    ),
    longitude: Type.Optional(
      Nullable(Type.Union([Type.Number(), Type.String({ pattern: '^\\s*-?\\d{1,3}(\\.\\d+)?\\s*$' })])),
    ),
  },
  {
    $id: 'SubjectAddressChange',
    description: "Changes to the subject property's address; absent fields stay",
  },
);
export type SubjectAddressBody = Static<typeof SubjectAddressBody>;

export const OrderCorrectionBody = Type.Object(
  {
    borrower: Type.Optional(
      Type.Object(
        {
          first_name: Type.Optional(NonBlank(100)),
          last_name: Type.Optional(NonBlank(100)),
          email: Type.Optional(Nullable(Email)),
          phone: Type.Optional(
            Nullable(
              Type.String({ maxLength: 40, description: 'A 10-digit NANP number; null or empty: none' }),
            ),
          ),
        },
        { description: "The borrower's name and contact details; absent fields stay" },
      ),
    ),
    loan_number: Type.Optional(Nullable(Type.String({ maxLength: 60 }))),
    loan_amount: Type.Optional(
      Nullable(Type.String({ pattern: MONEY_PATTERN, description: 'A decimal amount; null: none' })),
    ),
    due_date: Type.Optional(
      Type.String({
        minLength: 10,
        maxLength: 40,
        description: `The lender's due date, today or later: ${DATE_INPUT_FORMATS}`,
      }),
    ),
    special_instructions: Type.Optional(
      Nullable(Type.String({ maxLength: 20000, description: 'HTML; sanitized. null or empty: none' })),
    ),
    access_contact: Type.Optional(
      Nullable(ref(AccessContactInput, 'The access contact, replaced whole; null: none')),
    ),
    address: Type.Optional(
      ref(
        SubjectAddressBody,
        'The subject address; absent fields stay. Clients: only until an appraiser has accepted the order',
      ),
    ),
    reason: Type.Optional(
      Type.String({ maxLength: 5000, description: 'Why; recorded in the history with the change' }),
    ),
  },
  {
    $id: 'OrderCorrectionRequest',
    description:
      'Corrections to an order: only the fields given change (at least one); every field checked before anything changes',
  },
);
export type OrderCorrectionBody = Static<typeof OrderCorrectionBody>;

// ---- output ------------------------------------------------------------------------------

const IdName = Type.Object({ id: Type.String(), name: Type.String() });

/** The closed sets the orders' answers and the event payloads name, as named schemas. */
export const StatusName = Enum(STATUSES, {
  $id: 'StatusName',
  description: "An order's status, as the API names it (docs/workflow.md)",
});
export const LoanType = Enum(LOAN_TYPES, { $id: 'LoanType', description: 'The loan the appraisal is for' });
export const TransactionType = Enum(TRANSACTION_TYPES, {
  $id: 'TransactionType',
  description: 'What the loan finances',
});
export const ActionName = Enum(
  ENDPOINT_ACTIONS.map((a) => a.action),
  {
    $id: 'ActionName',
    description: 'A workflow action: PUT /api/v1/orders/{order_id}/{action} (docs/workflow.md)',
  },
);

export const OrderStatus = Type.Object(
  {
    id: Enum(STATUSES.map(statusId), { description: 'The status key (in_review)' }),
    name: ref(StatusName),
    category: Enum(STATUS_CATEGORIES, {
      description:
        'What kind of stage it is (not_started, in_progress, in_review, needs_attention, stopped, done): for grouping and colouring statuses',
    }),
  },
  { $id: 'OrderStatus', description: "The order's status (docs/workflow.md)" },
);
const StatusObject = ref(OrderStatus);

/**
 * A field the interface deprecates, with its replacement: answered as long as /api/v1 lasts,
 * gone from the next major version (docs/api.md, "Deprecated fields").
 */
const deprecated = (use: string, what: string) => ({
  deprecated: true,
  description: `Deprecated: ${what}; use ${use}. Sunset: answered for as long as /api/v1 lasts, removed in the next major version (docs/api.md#deprecated-fields)`,
});
const DateString = Nullable(Type.String({ description: 'MM/DD/YYYY' }));
const Decimal = Nullable(Type.String({ description: 'Decimal string, e.g. "450.00"' }));

export const Party = Type.Object(
  {
    id: Id(),
    email: Type.Union([Type.String(), Type.Null()], deprecated('emails', 'the first of emails')),
    emails: Type.Array(Type.String()),
    name: Type.String(),
    phone: Type.Union([Type.String(), Type.Null()], deprecated('phones', 'the first of phones')),
    phones: Type.Array(Type.String()),
    poc: Type.Boolean(),
    role: Type.String({ description: 'The role as it was named ("Loan Officer")' }),
    role_key: Type.String({ description: 'The normalised key of the role (loan_officer), for search' }),
  },
  { $id: 'Party', description: 'Someone concerned by the order: loan officer, agent, borrower…' },
);

export const PointOfContact = Type.Object(
  {
    id: Id(),
    emails: Type.Array(Type.String()),
    email: Type.Optional(
      Type.Array(Type.String(), { description: 'The create response names the contact list email' }),
    ),
    first_name: Nullable(Type.String()),
    last_name: Nullable(Type.String()),
    name: Type.String(),
    phone: Nullable(Type.String()),
  },
  { $id: 'PointOfContact', description: 'Who opens the door for the inspection' },
);

export const AccessContact = Type.Object(
  {
    name: Type.String(),
    phone: Type.String({ description: '512-555-0102' }),
    email: Nullable(Type.String()),
    note: Nullable(Type.String({ description: 'How to reach them or get in: "tenant, call after 5 pm"' })),
  },
  {
    $id: 'AccessContact',
    description:
      'Who lets the appraiser into the property; seen by the company, the lender and the appraiser',
  },
);

const Proposer = Nullable(IdName);

export const AssignmentCondition = Type.Object(
  {
    appraiser_fee: Decimal,
    current_appraiser_fee: Decimal,
    due_date: DateString,
    current_due_date: DateString,
    comments: Nullable(Type.String()),
    proposed_by: Proposer,
    proposed_at: Nullable(Type.String({ format: 'date-time' })),
  },
  {
    $id: 'AssignmentCondition',
    description:
      "The appraiser's open condition of acceptance (fee, due date, comments): shown to staff, who decide on it, and to the appraiser",
  },
);

export const Negotiation = Type.Object(
  {
    total_fee: Decimal,
    current_total_fee: Type.String(),
    due_date: DateString,
    current_due_date: DateString,
    comments: Nullable(Type.String()),
    proposed_by: Proposer,
    proposed_at: Nullable(Type.String({ format: 'date-time' })),
  },
  {
    $id: 'Negotiation',
    description:
      "The open negotiation of the client's fee and/or due date: shown to the client, who decides on it, and to staff",
  },
);

const Borrower = Type.Object({
  id: Nullable(Type.String()),
  email: Nullable(Type.String()),
  first_name: Nullable(Type.String()),
  last_name: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  co_first_name: Type.Optional(Nullable(Type.String())),
  co_last_name: Type.Optional(Nullable(Type.String())),
});

export const OrderDetail = Type.Object(
  {
    id: Id(),
    file_number: Type.String({ description: 'Prefix, hyphen, eight digits: AOM-00000042' }),
    status: StatusObject,
    allowed_transitions: Type.Array(ref(ActionName), { description: 'Actions the caller may take now' }),
    address: Type.Object({
      address_one: Type.String(),
      address_two: Nullable(Type.String()),
      city: Type.String(),
      county_id: Nullable(Type.String({ description: '5-digit county FIPS code' })),
      county: Nullable(Type.String()),
      state_id: Type.String({ description: '2-digit state FIPS code' }),
      state: Type.String({ description: 'USPS code' }),
      zip: Type.String(),
      latitude: Nullable(Type.Number()),
      longitude: Nullable(Type.Number()),
    }),
    full_address: Type.String(),
    borrower: Borrower,
    co_borrowers: Type.Array(
      Type.Object({
        id: Type.String(),
        first_name: Nullable(Type.String()),
        last_name: Nullable(Type.String()),
        email: Nullable(Type.String()),
        phone: Nullable(Type.String()),
      }),
    ),
    client: IdName,
    lender: IdName,
    company: IdName,
    branch: Nullable(
      Type.Object(
        { id: Type.String(), name: Type.String() },
        { description: "The client's branch the order is for" },
      ),
    ),
    client_emails: Nullable(Type.Array(Type.String())),
    appraiser: Nullable(
      Type.Object(
        { id: Type.String(), name: Type.String() },
        {
          description:
            'The appraiser the order is offered or assigned to; for the lender, only once the appraiser has taken it',
        },
      ),
    ),
    offer_expires_at: Nullable(
      Type.String({
        format: 'date-time',
        description:
          'While the order is offered (Pending assignment): when the offer times out; null for the lender',
      }),
    ),
    complex_property: Nullable(Type.Boolean()),
    contract_price: Nullable(
      Type.Number({ description: 'The purchase price of the contract of sale; the appraiser sees it too' }),
    ),
    decimal_balance: Nullable(
      Type.String({ description: "What remains unpaid of the client's fee; null for appraisers" }),
    ),
    total_fee: Nullable(Type.String({ description: "The client's fee; null for appraisers" })),
    appraiser_fee: Nullable(
      Type.String({ description: "The appraiser's fee, for staff and the appraiser; null for clients" }),
    ),
    margin: Nullable(
      Type.String({
        description:
          "The company's margin: the client's fee less the appraiser's; for the company's staff only, once the appraiser's fee is set",
      }),
    ),
    assignment_condition: Nullable(ref(AssignmentCondition)),
    negotiation: Nullable(ref(Negotiation)),
    client_request: Nullable(
      Type.Object(
        {
          note_id: Id("The note that holds the client's request"),
          returns_to: Type.String({ description: 'Where answering it without a revision returns the order' }),
        },
        {
          description:
            "For the company's staff: a revision or reconsideration request of the client that waits for their review (forward_request, answer_request)",
        },
      ),
    ),
    message_audiences: Type.Object(
      {
        choices: Type.Array(ref(AudienceSchema), {
          description: 'The audiences the caller may give a note or a file on this order',
        }),
        default: ref(AudienceSchema, 'The one a note or a file of theirs gets when none is named'),
      },
      { description: 'Who the caller may write to on this order (docs/api.md, "Who reads which record")' },
    ),
    report: Nullable(
      Type.Object(
        {
          latest_submission: Nullable(
            Type.Integer({
              description: 'The latest submission of the report (1, 2, …); null for the lender',
            }),
          ),
          released_submission: Nullable(
            Type.Integer({ description: 'The latest submission the company released to the lender' }),
          ),
          release_after_payment: Nullable(
            Type.Boolean({
              description:
                'Whether the company releases the report only once the order is paid; null for the lender',
            }),
          ),
        },
        {
          description:
            'Where the report stands: submitted, and released to the lender by the company. Null before a first submission (for the lender: before a first release)',
        },
      ),
    ),
    loan_amount: Nullable(
      Type.String({
        description:
          'Decimal string, e.g. "350000.00": the lender\'s side (null for the appraiser: the amount lent is no input of the value)',
      }),
    ),
    loan_number: Nullable(Type.String()),
    loan_type: ref(LoanType),
    transaction_type: ref(TransactionType),
    occupancy_type: Nullable(Enum(OCCUPANCY_TYPES)),
    estate_held_type: Nullable(Enum(ESTATE_HELD_TYPES)),
    fha_case_number: Nullable(Type.String()),
    green_certified: Type.Boolean(),
    invoice_strategy: Enum(INVOICE_STRATEGIES),
    payment_method: Enum(PAYMENT_METHODS, { description: 'How the client pays for the order' }),
    special_instructions: Nullable(
      Type.String({ description: 'Sanitized HTML; for the appraiser too (what the inspection needs)' }),
    ),
    access_contact: Nullable(ref(AccessContact)),
    parties: Type.Array(ref(Party)),
    point_of_contact: Type.Union(
      [ref(PointOfContact), Type.Null()],
      deprecated('points_of_contact', 'the first of points_of_contact'),
    ),
    points_of_contact: Type.Array(ref(PointOfContact)),
    products: Type.Array(IdName),
    property_type: Nullable(Type.Object({ id: Type.String(), name: Type.String(), slug: Type.String() })),
    due_date: DateString,
    original_due_date: DateString,
    vendor_due_date: Nullable(
      Type.String({ description: "MM/DD/YYYY: the appraiser's due date; null for the lender" }),
    ),
    closing_date: DateString,
    created_at: DateString,
    updated_at: DateString,
    assigned_at: DateString,
    inspection_scheduled_at: Nullable(Type.String({ description: 'ISO 8601 date-time' })),
    inspection_completed_at: DateString,
    inspection_completed_at_iso: Nullable(
      Type.String({
        format: 'date-time',
        description: 'When the inspection took place (complete_inspection inspected_at): ISO 8601, UTC',
      }),
    ),
    submitted_at: DateString,
    completed_at: DateString,
    fulfilled_at: DateString,
    version: Type.String({
      description:
        "The order's version, which moves with every change: send it as If-Match with PATCH /orders/{order_id} so that a correction made on a stale read is refused (409)",
    }),
    correctable_fields: Type.Array(Enum(CORRECTABLE_FIELDS), {
      description:
        'The fields the caller may correct now with PATCH /orders/{order_id}: empty when they may not correct the order (an appraiser, a closed order); no address for a client once an appraiser has accepted the order, no due_date while one is negotiated',
    }),
  },
  { $id: 'Order', description: 'An appraisal order, as the caller may see it' },
);
export type OrderDetail = Static<typeof OrderDetail>;

export const OrderListItem = Type.Object(
  {
    id: Id(),
    file_number: Type.String(),
    full_address: Type.String(),
    status: StatusObject,
    due_date: DateString,
    loan_type: ref(LoanType),
    transaction_type: ref(TransactionType),
    appraiser: Nullable(IdName),
    offer_expires_at: Nullable(
      Type.String({
        format: 'date-time',
        description: 'While the order is offered (Pending assignment): when the offer times out',
      }),
    ),
    borrower_name: Nullable(Type.String({ description: "The first borrower's name" })),
    loan_number: Nullable(Type.String()),
    client: IdName,
    products: Type.Array(IdName),
    created_at: Nullable(Type.String({ description: 'MM/DD/YYYY: when the order was placed' })),
    inspection_scheduled_at: Nullable(Type.String({ description: 'ISO 8601 date-time' })),
    inspection_completed_at: DateString,
    total_fee: Nullable(Type.String({ description: "The client's fee; null for appraisers" })),
    appraiser_fee: Nullable(
      Type.String({ description: "The appraiser's fee, for staff and the appraiser; null for clients" }),
    ),
    status_changed_at: Type.String({
      format: 'date-time',
      description: 'When the order came into its status (ISO 8601, UTC): how long it has been in it',
    }),
  },
  { $id: 'OrderListItem', description: 'An order in a list: enough to show a row' },
);

export const Pagination = Type.Object(
  {
    current_page: Type.Integer(),
    total_pages: Type.Integer(),
    total_count: Type.Integer({
      description:
        'The orders the search finds: exact up to a bound (LIST_EXACT_COUNT_LIMIT, 1,000 by default), estimated above it (see total_count_is_estimate)',
    }),
    total_count_is_estimate: Type.Boolean({
      description:
        'true: the search finds more orders than the service counts one by one, and total_count (and total_pages) is the database planner’s estimate, never below the bound nor below the orders already paged through: show it as an approximation ("about 480,000"). false: total_count is exact',
    }),
    per_page: Type.Integer(),
    has_next_page: Type.Boolean(),
    has_prev_page: Type.Boolean(),
    next_cursor: Nullable(
      Type.String({
        description:
          'Pass as after= (instead of page) for the page that follows this one, at the cost of a first page however deep; null on the last page',
      }),
    ),
  },
  { $id: 'Pagination', description: 'Where this page is in the list' },
);

export const OrderList = Type.Object(
  { data: Type.Array(ref(OrderListItem)), pagination: ref(Pagination) },
  { $id: 'OrderList', description: 'A page of orders' },
);

export const OrderStatusCounts = Type.Object(
  {
    data: Type.Array(
      Type.Object(
        { status: StatusObject, count: Type.Integer({ minimum: 1 }) },
        { additionalProperties: false },
      ),
      { description: 'Each status with at least one order, in workflow order' },
    ),
    total_count: Type.Integer({ description: 'The orders counted, all statuses together' }),
    total_count_is_estimate: Type.Boolean({
      description:
        'true: the search finds more orders than the service counts one by one (LIST_EXACT_COUNT_LIMIT): total_count is the planner’s estimate, shared among the statuses of the orders read in the proportions of your orders; show each as an approximation. false: every count is exact',
    }),
  },
  {
    $id: 'OrderStatusCounts',
    description: 'How many of the orders a search finds are in each status (the search’s status terms aside)',
  },
);

export const HistoryEntry = Type.Object(
  {
    id: Id(),
    action: Type.String({
      description:
        "The workflow action (docs/workflow.md), or the service's own step (create, payment_received, …)",
    }),
    from: Nullable(ref(StatusName, 'The status before; null for the creation')),
    to: ref(StatusName, 'The status after (the same when the status did not move)'),
    by: Nullable(IdName),
    acting_for: Nullable(IdName),
    reason: Nullable(Type.String()),
    details: Type.Record(Type.String(), Type.Unknown()),
    created_at: Type.String({ description: 'ISO 8601' }),
  },
  { $id: 'HistoryEntry', description: "One change in the order's history" },
);

export const Appraiser = Type.Object(
  {
    id: Id(),
    name: Type.String(),
    email: Type.String(),
    company_id: Id(),
    open_orders: Type.Integer({ description: 'Orders assigned and not yet completed' }),
  },
  { $id: 'Appraiser', description: 'An appraiser of the panel' },
);
