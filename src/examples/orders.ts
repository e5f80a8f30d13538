import { CORRECTABLE_FIELDS } from '../orders/order.correctable.ts';
import type { Static } from 'typebox';
import { statusRef } from '../workflow/statuses.ts';
import {
  AccessContact,
  AccessContactInput,
  ActionName,
  Appraiser,
  AssignmentCondition,
  CreateOrderBody,
  HistoryEntry,
  LoanType,
  Negotiation,
  OrderCorrectionBody,
  OrderDetail,
  OrderList,
  OrderListItem,
  OrderStatus,
  OrderStatusCounts,
  Pagination,
  Party,
  PointOfContact,
  StatusName,
  SubjectAddressBody,
  TransactionType,
} from '../orders/order.schemas.ts';
import { AppraiserCandidate, AtRiskOrders, OrderQueues } from '../orders/pipeline.schemas.ts';
import { BorrowerCopy, BorrowerCopyBody } from '../orders/borrower-copy.schemas.ts';
import { ACTION_REQUESTS, ActionResponse } from '../orders/action.schemas.ts';
import { example, type NamedExample } from './example.ts';
import {
  APPRAISER,
  BORROWER_PARTY_ID,
  BRANCH,
  CLIENT,
  CLIENT_ADMIN,
  CO_BORROWER_ID,
  COMPANY,
  CONTACT_PARTY_ID,
  FILE_NUMBER,
  HISTORY_ENTRY_ID,
  LOAN_OFFICER,
  NOTE_ID,
  ORDER_ID,
  PRODUCT,
  PROPERTY_TYPE,
  STAFF,
} from './ids.ts';

/**
 * The order as its company's staff see it: completed, then sent back by the lender with a
 * revision request that waits for the staff's review.
 */
export const ORDER_STATUS: Static<typeof OrderStatus> = statusRef('Client request');
const SCHEDULED: Static<typeof OrderStatus> = statusRef('Inspection scheduled');

export const PARTY: Static<typeof Party> = {
  id: CONTACT_PARTY_ID,
  email: 'otto@occupant.example',
  emails: ['otto@occupant.example'],
  name: 'Otto Occupant',
  phone: '512-555-0102',
  phones: ['512-555-0102'],
  poc: true,
  role: 'Occupant',
  role_key: 'occupant',
};

export const POINT_OF_CONTACT: Static<typeof PointOfContact> = {
  id: CONTACT_PARTY_ID,
  emails: ['otto@occupant.example'],
  email: ['otto@occupant.example'],
  first_name: 'Otto',
  last_name: 'Occupant',
  name: 'Otto Occupant',
  phone: '512-555-0102',
};

export const ACCESS_CONTACT: Static<typeof AccessContact> = {
  name: 'Tina Tenant',
  phone: '512-555-0103',
  email: 'tina@tenant.example',
  note: 'Tenant; call after 5 pm',
};

export const ACCESS_CONTACT_INPUT: Static<typeof AccessContactInput> = {
  name: 'Tina Tenant',
  phone: '(512) 555-0103',
  email: 'tina@tenant.example',
  note: 'Tenant; call after 5 pm',
};

export const ASSIGNMENT_CONDITION: Static<typeof AssignmentCondition> = {
  appraiser_fee: '350.00',
  current_appraiser_fee: '300.00',
  due_date: '12/18/2026',
  current_due_date: '12/15/2026',
  comments: 'A second dwelling on the lot: $350 and three more days',
  proposed_by: { id: APPRAISER.id, name: APPRAISER.name },
  proposed_at: '2026-11-27T15:04:05.000Z',
};

export const NEGOTIATION: Static<typeof Negotiation> = {
  total_fee: '500.00',
  current_total_fee: '450.00',
  due_date: '12/18/2026',
  current_due_date: '12/15/2026',
  comments: 'The property has a second dwelling',
  proposed_by: { id: STAFF.id, name: STAFF.name },
  proposed_at: '2026-11-27T16:20:00.000Z',
};

export const ORDER: Static<typeof OrderDetail> = {
  id: ORDER_ID,
  file_number: FILE_NUMBER,
  status: ORDER_STATUS,
  allowed_transitions: ['forward_request', 'answer_request', 'hold', 'flag_attention'],
  address: {
    address_one: '1100 Congress Ave',
    address_two: 'Unit 4',
    city: 'Austin',
    county_id: '48453',
    county: 'Travis County',
    state_id: '48',
    state: 'TX',
    zip: '78701',
    latitude: 30.2747,
    longitude: -97.7404,
  },
  full_address: '1100 Congress Ave, Unit 4, Austin, TX 78701',
  borrower: {
    id: BORROWER_PARTY_ID,
    email: 'bea@borrower.example',
    first_name: 'Bea',
    last_name: 'Borrower',
    phone: '512-555-0101',
    co_first_name: 'Cody',
    co_last_name: 'Borrower',
  },
  co_borrowers: [{ id: CO_BORROWER_ID, first_name: 'Cody', last_name: 'Borrower', email: null, phone: null }],
  client: CLIENT,
  lender: CLIENT,
  company: COMPANY,
  branch: BRANCH,
  client_emails: [CLIENT_ADMIN.email, LOAN_OFFICER.email],
  appraiser: { id: APPRAISER.id, name: APPRAISER.name },
  offer_expires_at: null,
  complex_property: false,
  contract_price: 420000,
  decimal_balance: '450.00',
  total_fee: '450.00',
  appraiser_fee: '300.00',
  margin: '150.00',
  assignment_condition: null,
  negotiation: null,
  client_request: { note_id: NOTE_ID, returns_to: 'Completed' },
  message_audiences: { choices: ['internal', 'appraiser', 'client', 'everyone'], default: 'everyone' },
  report: { latest_submission: 1, released_submission: 1, release_after_payment: false },
  loan_amount: '350000.00',
  loan_number: 'HC-2026-0042',
  loan_type: 'conventional',
  transaction_type: 'purchase',
  occupancy_type: 'primary_residence',
  estate_held_type: 'fee_simple',
  fha_case_number: null,
  green_certified: false,
  invoice_strategy: 'invoice_client',
  payment_method: 'invoice',
  special_instructions: '<p>Call the occupant first; gate code <b>1234</b></p>',
  access_contact: ACCESS_CONTACT,
  parties: [
    {
      id: BORROWER_PARTY_ID,
      email: 'bea@borrower.example',
      emails: ['bea@borrower.example'],
      name: 'Bea Borrower',
      phone: '512-555-0101',
      phones: ['512-555-0101'],
      poc: false,
      role: 'borrower',
      role_key: 'borrower',
    },
    PARTY,
  ],
  point_of_contact: POINT_OF_CONTACT,
  points_of_contact: [POINT_OF_CONTACT],
  products: [PRODUCT],
  property_type: PROPERTY_TYPE,
  due_date: '12/15/2026',
  original_due_date: '12/15/2026',
  vendor_due_date: '12/12/2026',
  closing_date: '01/15/2027',
  created_at: '11/26/2026',
  updated_at: '12/07/2026',
  assigned_at: '11/26/2026',
  inspection_scheduled_at: '2026-12-01T15:00:00.000Z',
  inspection_completed_at: '12/01/2026',
  inspection_completed_at_iso: '2026-12-01T16:10:00.000Z',
  submitted_at: '12/03/2026',
  completed_at: '12/04/2026',
  fulfilled_at: null,
  version: '2026-12-07T16:31:08.412Z',
  correctable_fields: [...CORRECTABLE_FIELDS],
};

export const ORDER_LIST_ITEM: Static<typeof OrderListItem> = {
  id: ORDER_ID,
  file_number: FILE_NUMBER,
  full_address: ORDER.full_address,
  status: ORDER_STATUS,
  due_date: '12/15/2026',
  loan_type: 'conventional',
  transaction_type: 'purchase',
  appraiser: { id: APPRAISER.id, name: APPRAISER.name },
  offer_expires_at: null,
  borrower_name: 'Bea Borrower',
  loan_number: ORDER.loan_number,
  client: ORDER.client,
  products: ORDER.products,
  created_at: ORDER.created_at,
  inspection_scheduled_at: ORDER.inspection_scheduled_at,
  inspection_completed_at: ORDER.inspection_completed_at,
  total_fee: ORDER.total_fee,
  appraiser_fee: ORDER.appraiser_fee,
  status_changed_at: '2026-12-01T16:10:00.000Z',
};

export const PAGINATION: Static<typeof Pagination> = {
  current_page: 1,
  total_pages: 3,
  total_count: 61,
  total_count_is_estimate: false,
  per_page: 25,
  has_next_page: true,
  has_prev_page: false,
  next_cursor: 'eyJrIjpbIjIwMjYtMTItMTUiLCI2ZjFjMmQzZSJdfQ.Zm9vYmFy',
};

export const ORDER_LIST: Static<typeof OrderList> = { data: [ORDER_LIST_ITEM], pagination: PAGINATION };

export const ORDER_STATUS_COUNTS: Static<typeof OrderStatusCounts> = {
  data: [
    { status: statusRef('Pending assignment'), count: 4 },
    { status: SCHEDULED, count: 12 },
  ],
  total_count: 16,
  total_count_is_estimate: false,
};

export const HISTORY_ENTRY: Static<typeof HistoryEntry> = {
  id: HISTORY_ENTRY_ID,
  action: 'schedule_inspection',
  from: 'Assigned',
  to: 'Inspection scheduled',
  by: { id: STAFF.id, name: STAFF.name },
  acting_for: { id: APPRAISER.id, name: APPRAISER.name },
  reason: null,
  details: { inspection_scheduled_at: '2026-12-01T15:00:00.000Z' },
  created_at: '2026-11-27T14:02:11.000Z',
};

export const CREATE_ORDER_REQUEST: Static<typeof CreateOrderBody> = {
  address: {
    street_1: '1100 Congress Ave',
    street_2: 'Unit 4',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    county: 'Travis',
  },
  borrower: {
    first_name: 'Bea',
    last_name: 'Borrower',
    email: 'bea@borrower.example',
    phone: '512-555-0101',
    co_first_name: 'Cody',
    co_last_name: 'Borrower',
  },
  point_of_contact: { name: 'Otto Occupant', phone: '512-555-0102', emails: ['otto@occupant.example'] },
  access_contact: ACCESS_CONTACT_INPUT,
  due_date: '2026-12-15T17:00',
  green_certified: false,
  loan_type: 'conventional',
  fha_case_number: null,
  transaction_type: 'purchase',
  loan_amount: '350000.00',
  contract_price: 420000,
  special_instructions: '<p>Call the occupant first; gate code <b>1234</b></p>',
  payment_method: 'invoice',
  complex_property: false,
  product_ids: [PRODUCT.id],
  client_user_ids: [LOAN_OFFICER.id],
  occupancy_type: 'primary_residence',
  estate_held_type: 'fee_simple',
  loan_number: 'HC-2026-0042',
  closing_date: '01/15/2027',
  property_type_id: PROPERTY_TYPE.id,
  branch_id: BRANCH.id,
  company_id: COMPANY.id,
  requested_by: { client_id: CLIENT.id, lender_id: CLIENT.id },
  draft: false,
};

export const SUBJECT_ADDRESS_CHANGE: Static<typeof SubjectAddressBody> = {
  address_one: '1100 Congress Ave',
  address_two: 'Unit 4B',
  city: 'Austin',
  state: 'TX',
  county: 'Travis',
  zip: '78701',
  latitude: 30.2747,
  longitude: -97.7404,
};

export const ORDER_CORRECTION: Static<typeof OrderCorrectionBody> = {
  borrower: {
    first_name: 'Beatrice',
    last_name: 'Borrower',
    phone: '(512) 555-0111',
    email: 'bea.borrower@mail.example',
  },
  loan_number: 'HC-2026-0042-A',
  due_date: '12/18/2026',
  access_contact: ACCESS_CONTACT_INPUT,
  reason: 'The closing moved to December 18',
};

export const APPRAISER_OF_PANEL: Static<typeof Appraiser> = {
  id: APPRAISER.id,
  name: APPRAISER.name,
  email: APPRAISER.email,
  company_id: COMPANY.id,
  open_orders: 6,
};

export const ORDER_QUEUES: Static<typeof OrderQueues> = {
  data: [
    {
      id: 'new',
      name: 'New and unassigned',
      description:
        'Placed by the lender and waiting to be accepted, not yet offered, open for bids, or back after a rejection, a timeout or a refused negotiation: assign them',
      statuses: ['Pending', 'Unassigned', 'Bidding'],
      count: 3,
      overdue_count: 1,
      overdue_count_capped: false,
      due_soon_count: 1,
      due_soon_count_capped: false,
    },
  ],
  as_of: '2026-11-27T15:00:00.000Z',
  due_soon_before: '2026-11-29T15:00:00.000Z',
};

export const APPRAISER_CANDIDATE: Static<typeof AppraiserCandidate> = {
  id: APPRAISER.id,
  name: APPRAISER.name,
  email: APPRAISER.email,
  open_orders: 6,
  next_due_dates: ['12/10/2026', '12/12/2026'],
  last_accepted_fee: '300.00',
  last_accepted_on: '11/20/2026',
  turned_down_this_order: false,
  is_current: true,
  credential_problems: [],
  excluded_by_client: null,
  eligible: true,
  rank: 1,
  score: 113.5,
  points: {
    distance: 26.4,
    workload: 21,
    turn_time: 14.7,
    on_time: 19,
    quality: 18.4,
    acceptance: 9,
    fee: 5,
  },
  failed_filters: [],
  distance_miles: 12.1,
  offer_fee: '300.00',
  last_90_days: {
    completed: 14,
    business_days: 3.6,
    on_time_rate: 0.929,
    sent_back_rate: 0.071,
    acceptance_rate: 0.9,
  },
};

export const ACTION_RESULT: Static<typeof ActionResponse> = { success: true, status: SCHEDULED };

/** Each workflow action's body, by action (an action without a body has none). */
const ACTION_BODIES: Record<string, unknown> = {
  decline_order: { reason: 'Outside our coverage area' },
  waive_payment: { reason: 'Paid by check at closing' },
  assign: { appraiser_id: APPRAISER.id, fee: '300.00', due_date: '12/12/2026' },
  start_bidding: {
    mode: 'bids',
    appraisers: 5,
    min_bidders: 2,
    fee: '300.00',
    fee_locked: false,
    due_date: '12/12/2026',
    due_date_locked: true,
    deadline: '2026-11-28T17:00',
  },
  award_bid: { bid_id: '9f8e7d6c-5b4a-4392-8f1e-0d9c8b7a6f5e' },
  accept_assignment: {
    fee_condition: '350.00',
    due_date_condition: '12/18/2026',
    comments: 'A second dwelling on the lot',
  },
  reject_assignment: { reason: 'Too far from my area this week' },
  approve_assignment_condition: {
    client_total_fee: '500.00',
    client_due_date: '12/18/2026',
    client_comments: 'The appraiser needs three more days for the second dwelling',
  },
  request_negotiation: {
    fee: '500.00',
    due_date: '12/18/2026',
    reason: 'The property has a second dwelling',
  },
  refuse_negotiation: { reason: 'Over the budget for this loan' },
  schedule_inspection: { inspection_scheduled_at: '2026-12-01T09:00' },
  complete_inspection: { inspected_at: '2026-12-01T10:10' },
  require_action: { reason: 'Comparable 2 is outside the neighborhood' },
  forward_request: { comments: 'Please check the living area against the plans', include_attachments: true },
  answer_request: { comments: 'The sales named closed after the effective date of the appraisal.' },
  hold: { reason: 'The borrower is travelling until December 5' },
  flag_attention: { reason: 'The borrower called about the inspection time' },
  request_info: { reason: 'We need the gate code' },
  provide_info: { comments: 'Gate code 1234' },
  request_cancel: { reason: 'The purchase fell through' },
  deny_cancel: { reason: 'The report is nearly done; the inspection fee is due' },
  cancel: { reason: 'The loan was withdrawn' },
};

export const ORDER_EXAMPLES: NamedExample[] = [
  example(StatusName, 'Inspection scheduled'),
  example(LoanType, 'conventional'),
  example(TransactionType, 'purchase'),
  example(ActionName, 'schedule_inspection'),
  example(OrderStatus, ORDER_STATUS),
  example(Party, PARTY),
  example(PointOfContact, POINT_OF_CONTACT),
  example(AccessContact, ACCESS_CONTACT),
  example(AccessContactInput, ACCESS_CONTACT_INPUT),
  example(AssignmentCondition, ASSIGNMENT_CONDITION),
  example(Negotiation, NEGOTIATION),
  example(OrderDetail, ORDER),
  example(OrderListItem, ORDER_LIST_ITEM),
  example(Pagination, PAGINATION),
  example(OrderList, ORDER_LIST),
  example(OrderStatusCounts, ORDER_STATUS_COUNTS),
  example(HistoryEntry, HISTORY_ENTRY),
  example(CreateOrderBody, CREATE_ORDER_REQUEST),
  example(SubjectAddressBody, SUBJECT_ADDRESS_CHANGE),
  example(OrderCorrectionBody, ORDER_CORRECTION),
  example(Appraiser, APPRAISER_OF_PANEL),
  example(OrderQueues, ORDER_QUEUES),
  example(AtRiskOrders, {
    data: [
      {
        id: ORDER_ID,
        file_number: FILE_NUMBER,
        status: 'Inspection completed',
        milestone: 'report_submitted',
        milestone_name: 'Report submitted after the inspection',
        state: 'at_risk',
        started_at: '2026-11-24T16:10:00.000Z',
        at_risk_at: '2026-11-25T22:10:00.000Z',
        due_at: '2026-11-26T16:10:00.000Z',
        order_due_at: '2026-12-15T23:00:00.000Z',
        appraiser: 'Avery Appraiser',
      },
    ],
    as_of: '2026-11-25T23:00:00.000Z',
  }),
  example(AppraiserCandidate, APPRAISER_CANDIDATE),
  example(BorrowerCopy, {
    order_id: ORDER_ID,
    state: 'sent',
    due_on: '2026-12-02',
    basis: 'delivery',
    delivered_at: '2026-11-30T16:20:00.000Z',
    closing_date: '2026-12-18',
    sent_at: '2026-12-01T15:05:00.000Z',
    method: 'email',
    recorded_by: { id: LOAN_OFFICER.id, name: LOAN_OFFICER.name },
  }),
  example(BorrowerCopyBody, { method: 'email', sent_at: '2026-12-01T15:05:00.000Z' }),
  example(ActionResponse, ACTION_RESULT),
  ...Object.entries(ACTION_BODIES).map(([action, body]) => example(ACTION_REQUESTS[action]!, body)),
];
