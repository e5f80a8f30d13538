import type { ColumnType, Generated, Insertable, Selectable, UpdateObject } from 'kysely';

/** Table types of the database, kept beside the migrations that create them. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export type OrganizationKind = 'client' | 'company';
export const ORDER_VISIBILITIES = ['all', 'branch', 'own'] as const;
export type OrderVisibility = (typeof ORDER_VISIBILITIES)[number];
/** Who besides the company sees a record of an order (src/policy/audience.ts declares them). */
type AudienceColumn = ColumnType<
  'internal' | 'appraiser' | 'client' | 'everyone',
  'internal' | 'appraiser' | 'client' | 'everyone' | undefined,
  'internal' | 'appraiser' | 'client' | 'everyone'
>;
export const ROLES = ['client', 'staff', 'appraiser', 'operator'] as const;
export type Role = (typeof ROLES)[number];
export const PAYMENT_METHODS = ['payment_link', 'invoice', 'credit_card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface ClientTypesTable {
  id: Generated<string>;
  name: string;
  created_at: CreatedAt;
}

export interface OrganizationsTable {
  id: Generated<string>;
  kind: OrganizationKind;
  name: string;
  client_type_id: string | null;
  /** A client's: which orders its users who are not admins see (policy/order-scope). */
  order_visibility: Generated<OrderVisibility>;
  /** A company's fee charged to its appraiser for each report submitted; null: none. */
  submission_fee_cents: ColumnType<
    string | null,
    string | number | bigint | null | undefined,
    string | number | bigint | null
  >;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface CompanyClientsTable {
  company_id: string;
  client_id: string;
  client_review_required: Generated<boolean>;
  payment_before_assignment: Generated<boolean>;
  /** A lender's revision and reconsideration requests go to the company's review first. */
  lender_requests_reviewed: Generated<boolean>;
  /** What the lender and the appraiser write reaches the other only through the company. */
  messages_through_company: Generated<boolean>;
  /** The lender gets the report only once the order is paid. */
  report_release_after_payment: Generated<boolean>;
  /** The lender's least E&O coverage per claim, in cents; null: none of its own (migration 0052). */
  eo_minimum_cents: ColumnType<string | null, string | null | undefined, string | null>;
  /** Days after an invoice is issued that it falls due (migration 0065). */
  payment_terms_days: Generated<number>;
  /** Days from an invoice's due day its client is reminded on, negative before (migration 0068). */
  invoice_reminder_days: ColumnType<number[], number[] | undefined, number[]>;
  created_at: CreatedAt;
}

export interface BranchesTable {
  id: Generated<string>;
  client_id: string;
  name: string;
  created_at: CreatedAt;
}

export interface PropertyTypesTable {
  id: Generated<string>;
  name: string;
  slug: string;
  position: number;
}

export interface ProductsTable {
  id: Generated<string>;
  company_id: string;
  name: string;
  service_type: Generated<string>;
  follow_up: Generated<boolean>;
  /** bigint arrives from pg as a string; it is never turned into a float. */
  fee_cents: ColumnType<string, string | number | bigint, string | number | bigint>;
  created_at: CreatedAt;
}

export interface ClientProductsTable {
  client_id: string;
  product_id: string;
  /** The client's own fee for the product; null: the product's standard fee. */
  fee_cents: ColumnType<
    string | null,
    string | number | bigint | null | undefined,
    string | number | bigint | null
  >;
}

export interface CompanyPaymentMethodsTable {
  company_id: string;
  method: PaymentMethod;
}

export interface UsersTable {
  id: Generated<string>;
  organization_id: string | null;
  role: Role;
  is_admin: Generated<boolean>;
  email: string;
  first_name: string;
  last_name: string;
  title: string | null;
  /** A client user's branch: with the client's order_visibility `branch`, the orders they see. */
  branch_id: string | null;
  invited_by: string | null;
  invited_at: Date | null;
  /** The status notices the user turned off. */
  notices_off: Generated<string[]>;
  /** The notices that arrive only when asked for (events/notice-kinds.ts, optIn) the user turned on. */
  notices_on: Generated<string[]>;
  /** scrypt (sessions/password.ts); null until the user sets a password. */
  password_hash: string | null;
  password_changed_at: Date | null;
  /** Set by an administrator: the user no longer signs in, authenticates or is acted for. */
  deactivated_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface WebSessionsTable {
  id: Generated<string>;
  /** SHA-256 of the cookie's value: the value itself is never stored. */
  token_hash: Buffer;
  user_id: string;
  /** The person who opened the session acting for user_id (a single-sign-on token minted while acting); null: the user. */
  actor_id: string | null;
  csrf_token: string;
  created_at: CreatedAt;
  last_seen_at: Generated<Date>;
  expires_at: Date;
  revoked_at: Date | null;
}

export type SignInLinkPurpose = 'set_password' | 'reset_password' | 'sign_in';

export interface SignInLinksTable {
  token_hash: Buffer;
  user_id: string;
  purpose: SignInLinkPurpose;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}

export interface UsedSsoTokensTable {
  token_hash: Buffer;
  expires_at: Date;
}

export interface ApiKeysTable {
  id: Generated<string>;
  user_id: string;
  token_hash: Buffer;
  prefix: string;
  label: string | null;
  created_at: CreatedAt;
  revoked_at: Date | null;
}

export interface ServiceSecretsTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

export interface OrganizationAddressesTable {
  organization_id: string;
  address_one: string;
  address_two: string | null;
  city: string;
  state: string;
  zip: string;
}

export interface ContactsTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  emails: string[];
  position: number;
  created_at: CreatedAt;
}

export interface ContactPhonesTable {
  id: Generated<string>;
  contact_id: string;
  phone_number: string;
  phone_type: string;
  position: number;
}

export type OutboxStatus = 'pending' | 'delivered' | 'failed';

export interface OutboxMessagesTable {
  id: Generated<string>;
  kind: string;
  payload: ColumnType<unknown, string, string>;
  status: Generated<OutboxStatus>;
  attempts: Generated<number>;
  max_attempts: number;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  locked_until: Date | null;
  claim: string | null;
  last_error: string | null;
  created_at: CreatedAt;
  delivered_at: Date | null;
  /** The order an email is about, who besides the company may read that it was sent, and what it is. */
  order_id: string | null;
  audience: string | null;
  topic: string | null;
}

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Cents = ColumnType<string, string | number | bigint, string | number | bigint>;

export interface OrdersTable {
  id: Generated<string>;
  file_number: string;
  client_id: string;
  company_id: string;
  lender_id: string | null;
  created_by: string;
  status: string;
  resume_status: string | null;
  negotiation_return_status: string | null;
  /** The note of a lender's request (revision, reconsideration of value) that waits for the company's review; null: none waits. */
  request_note_id: string | null;
  /** The status a lender's request came from: where answering it without a revision returns. */
  request_return_status: string | null;
  branch_id: string | null;
  appraiser_id: string | null;
  offer_expires_at: Timestamp | null;
  appraiser_fee_cents: Cents | null;
  condition_fee_cents: Cents | null;
  condition_due_date: Timestamp | null;
  condition_comments: string | null;
  condition_proposed_by: string | null;
  condition_proposed_at: Timestamp | null;
  negotiation_fee_cents: Cents | null;
  negotiation_due_date: Timestamp | null;
  negotiation_comments: string | null;
  negotiation_proposed_by: string | null;
  negotiation_proposed_at: Timestamp | null;
  address_one: string;
  address_two: string | null;
  city: string;
  state_id: string;
  county_id: string | null;
  zip: string;
  latitude: ColumnType<string | null, string | number | null, string | number | null>;
  longitude: ColumnType<string | null, string | number | null, string | number | null>;
  loan_type: string;
  transaction_type: string;
  occupancy_type: string | null;
  estate_held_type: string | null;
  loan_number: string | null;
  /** The first borrower party's name, kept for text search (migration 0030). */
  borrower_name: string | null;
  /** The order's first product, kept for its search and the dashboard's link (migration 0038). */
  first_product_id: string | null;
  loan_amount_cents: Cents | null;
  contract_price_cents: Cents | null;
  fha_case_number: string | null;
  green_certified: boolean;
  complex_property: boolean | null;
  special_instructions: string | null;
  /** Who lets the appraiser in (migration 0031); the phone as a 10-digit NANP number, 512-555-0102. */
  access_contact_name: ColumnType<string | null, string | null | undefined, string | null>;
  access_contact_phone: ColumnType<string | null, string | null | undefined, string | null>;
  access_contact_email: ColumnType<string | null, string | null | undefined, string | null>;
  access_contact_note: ColumnType<string | null, string | null | undefined, string | null>;
  payment_method: string;
  property_type_id: string | null;
  total_fee_cents: Cents;
  paid_cents: ColumnType<string, string | number | bigint | undefined, string | number | bigint>;
  /** Credit notes and write-offs on its invoice (migration 0065): the balance is total - paid - credited. */
  credited_cents: ColumnType<string, string | number | bigint | undefined, string | number | bigint>;
  due_date: Timestamp;
  original_due_date: Timestamp;
  vendor_due_date: Timestamp | null;
  closing_date: ColumnType<string | null, string | null, string | null>;
  assigned_at: Timestamp | null;
  inspection_scheduled_at: Timestamp | null;
  inspection_completed_at: Timestamp | null;
  submitted_at: Timestamp | null;
  /** The milestone the order is running, and its clock (migration 0061, docs/turn-times.md). */
  milestone: string | null;
  milestone_started_at: Timestamp | null;
  milestone_at_risk_at: Timestamp | null;
  milestone_due_at: Timestamp | null;
  /** When the next notice of its milestone is due, and the last stage told (migration 0063). */
  milestone_notice_at: Generated<Date | null>;
  milestone_noticed: Generated<'at_risk' | 'late' | 'overdue' | null>;
  /** The borrower's copy (Regulation B, migration 0064): given when, how, recorded by whom; the reminder. */
  borrower_copy_sent_at: Generated<Date | null>;
  borrower_copy_method: Generated<'email' | 'mail' | 'portal' | 'in_person' | null>;
  borrower_copy_recorded_by: Generated<string | null>;
  borrower_copy_remind_at: Generated<Date | null>;
  /** When it entered its status; the business minutes of each phase so far, null: never timed (migration 0062). */
  status_since: Generated<Date>;
  first_submitted_at: Generated<Date | null>;
  assignment_minutes: Generated<number | null>;
  appraiser_minutes: Generated<number | null>;
  review_minutes: Generated<number | null>;
  client_minutes: Generated<number | null>;
  paused_minutes: Generated<number | null>;
  completed_at: Timestamp | null;
  fulfilled_at: Timestamp | null;
  /** Ever sent back for a revision or a reconsideration of value (kept by a trigger on its history). */
  revised: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface CalendarFeedsTable {
  user_id: string;
  token_hash: string;
  /** When this token was made: a new token replaces it. */
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface OrderProductsTable {
  order_id: string;
  product_id: string;
  fee_cents: Cents;
  position: number;
}

export interface OrderPartiesTable {
  id: Generated<string>;
  order_id: string;
  user_id: string | null;
  name: string;
  first_name: string | null;
  last_name: string | null;
  /** The role as the caller named it ("Loan Officer"). */
  role: string;
  /** Its normalised key (loan_officer): what the service searches and picks borrowers by. */
  role_key: string;
  poc: Generated<boolean>;
  emails: string[];
  phones: string[];
  created_at: CreatedAt;
}

export interface OrderHistoryTable {
  id: Generated<string>;
  order_id: string;
  action: string;
  from_status: string | null;
  to_status: string;
  user_id: string | null;
  key_owner_id: string | null;
  reason: string | null;
  details: ColumnType<unknown, string | undefined, string>;
  audience: AudienceColumn;
  created_at: CreatedAt;
}

export interface FileTypesTable {
  id: Generated<string>;
  name: string;
  slug: string;
  position: number;
}

export interface NotesTable {
  id: Generated<string>;
  order_id: string;
  author_id: string | null;
  author_name: string;
  subject: string | null;
  content: string;
  important: boolean | null;
  additional_emails: string[];
  audience: AudienceColumn;
  /** The note this one forwards (staff passing a message on). */
  forwarded_from: string | null;
  /** Who wrote it when they did so acting for the author (author_id). */
  written_by: string | null;
  created_at: CreatedAt;
}

export interface OrderFilesTable {
  id: Generated<string>;
  order_id: string;
  file_type_id: string;
  product_id: string | null;
  note_id: string | null;
  source: string;
  storage_key: string;
  filename: string;
  content_type: string;
  size_bytes: ColumnType<string, number | string, number | string>;
  sha256: string;
  uploaded_by: string | null;
  audience: AudienceColumn;
  /** Report files: which submission of the order they came with (1, 2, …). */
  submission_no: number | null;
  /** Report files: when the company released them to the lender. */
  released_at: Date | null;
  created_at: CreatedAt;
}

export interface PaymentsTable {
  id: Generated<string>;
  order_id: string;
  amount_cents: Cents;
  method: string;
  status: 'succeeded' | 'pending' | 'declined' | 'failed';
  provider: string;
  provider_reference: string | null;
  card_brand: string | null;
  card_last4: string | null;
  payer_name: string | null;
  failure_message: string | null;
  created_at: CreatedAt;
  confirmed_at: Timestamp | null;
  /** A check, ACH or wire the company recorded (migration 0065); null: a card payment. */
  receipt_id: ColumnType<string | null, string | null | undefined, never>;
}

export interface EventsTable {
  id: Generated<string>;
  type: string;
  order_id: string | null;
  organization_ids: string[];
  data: ColumnType<Record<string, unknown>, string, string>;
  audience: AudienceColumn;
  created_at: CreatedAt;
}

export interface WebhookSubscriptionsTable {
  id: Generated<string>;
  organization_id: string;
  url: string;
  event_types: string[];
  active: Generated<boolean>;
  description: string | null;
  secret: string;
  failed_deliveries_in_a_row: Generated<number>;
  disabled_at: Timestamp | null;
  disabled_reason: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface WebhookDeliveriesTable {
  id: Generated<string>;
  subscription_id: string;
  event_id: string;
  status: Generated<'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: Timestamp | null;
  replay_of: string | null;
  created_at: CreatedAt;
  delivered_at: Timestamp | null;
}

export interface WebhookAttemptsTable {
  id: Generated<string>;
  delivery_id: string;
  attempted_at: CreatedAt;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
}

export interface PaymentCardsTable {
  user_id: string;
  provider: string;
  token: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  name: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SubmissionFeesTable {
  id: Generated<string>;
  order_id: string;
  appraiser_id: string;
  amount_cents: Cents;
  status: 'succeeded' | 'declined' | 'failed';
  provider: string;
  provider_reference: string | null;
  card_brand: string | null;
  card_last4: string | null;
  failure_message: string | null;
  created_at: CreatedAt;
}

export interface PaymentPageLocksTable {
  order_id: string;
  locked_at: CreatedAt;
  locked_until: Timestamp;
  declined_attempts: number;
  reason: string;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  request_hash: string;
  status_code: number | null;
  response_body: string | null;
  created_at: CreatedAt;
}

export interface OrderCountsTable {
  scope: string;
  scope_id: string;
  status: string;
  bucket: number;
  n: ColumnType<string, number, number>;
}

/** Per company and UTC day: orders received, completed, fulfilled (on time, revised). Kept by triggers. */
export interface OrderDailyFiguresTable {
  company_id: string;
  day: ColumnType<string, string, string>;
  bucket: number;
  received: number;
  completed: number;
  fulfilled: number;
  fulfilled_on_time: number;
  fulfilled_revised: number;
}

/** Per company, UTC month of fulfilment and first product: how many orders took each whole number of days. */
export interface OrderTurnTimesTable {
  company_id: string;
  month: ColumnType<string, string, string>;
  product_id: string;
  turn_days: number;
  bucket: number;
  n: number;
}

/** The columns a user chose for an order list (migration 0033). */
export interface OrderListColumnsTable {
  user_id: string;
  list: string;
  columns: string[];
  updated_at: Generated<Date>;
}

/** A user's saved view of an order list: a search, a sort and columns under a name. */
export interface OrderListViewsTable {
  id: Generated<string>;
  user_id: string;
  list: string;
  name: string;
  search: ColumnType<Record<string, unknown>, string, string>;
  columns: string[];
  created_at: Generated<Date>;
}

export type LicenseLevel = 'trainee' | 'licensed' | 'certified_residential' | 'certified_general';

/** An appraiser's license in one state (migration 0041): one per state. */
export interface AppraiserLicensesTable {
  id: Generated<string>;
  appraiser_id: string;
  /** 2-digit state FIPS code, as orders keep it. */
  state_id: string;
  number: string;
  level: LicenseLevel;
  /** YYYY-MM-DD (a DATE stays text: db/connection.ts). */
  issued_on: string | null;
  expires_on: string;
  verified_at: Date | null;
  verified_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** An appraiser's errors-and-omissions policy: the one in force, replaced on renewal. */
export interface AppraiserEoPoliciesTable {
  appraiser_id: string;
  carrier: string;
  policy_number: string;
  per_claim_cents: ColumnType<string, string | number | bigint, string | number | bigint>;
  aggregate_cents: ColumnType<
    string | null,
    string | number | bigint | null | undefined,
    string | number | bigint | null
  >;
  expires_on: string;
  verified_at: Date | null;
  verified_by: string | null;
  updated_at: UpdatedAt;
}

/** What the company confirms of an appraiser, and the most open orders they take. */
export interface AppraiserProfilesTable {
  appraiser_id: string;
  fha_roster: Generated<boolean>;
  w9_on_file: Generated<boolean>;
  capacity: number | null;
  /** Where the appraiser works from (migration 0044); both or neither. */
  home_latitude: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  home_longitude: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  /** How far from home they take orders, in miles; null: only their counties and ZIP codes. */
  radius_miles: ColumnType<number | null, number | null | undefined, number | null>;
  updated_at: UpdatedAt;
}

/** A change of an appraiser's credentials: what, by whom, the values before and after. */
export interface AppraiserCredentialChangesTable {
  id: Generated<string>;
  appraiser_id: string;
  change: string;
  changed_by: string | null;
  acted_by: string | null;
  before: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  after: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  created_at: CreatedAt;
}

/** A notice sent before a credential's last valid day (migration 0042). */
export interface CredentialExpiryNoticesTable {
  appraiser_id: string;
  /** `license:<state FIPS>` or `eo_policy`. */
  credential: string;
  expires_on: string;
  days_before: number;
  sent_at: Generated<Date>;
}

/** An appraiser a lender asked the company not to use on its orders (migration 0043). */
export interface ClientAppraiserExclusionsTable {
  company_id: string;
  client_id: string;
  appraiser_id: string;
  reason: string;
  excluded_by: string | null;
  created_at: Generated<Date>;
}

/** A county (5-digit FIPS) or ZIP code an appraiser takes orders in (migration 0044). */
export interface AppraiserCoverageTable {
  appraiser_id: string;
  kind: 'county' | 'zip';
  code: string;
}

/** A product an appraiser takes; none listed: every product of the company. */
export interface AppraiserProductsTable {
  appraiser_id: string;
  product_id: string;
}

/** Days an appraiser is away, both ends included (YYYY-MM-DD). */
export interface AppraiserTimeOffTable {
  id: Generated<string>;
  appraiser_id: string;
  starts_on: string;
  ends_on: string;
  note: string | null;
  created_at: Generated<Date>;
}

/** A company's rules for the assignment engine (docs/assignment.md, "The engine"). */
export interface CompanySelectionRulesTable {
  company_id: string;
  weights: ColumnType<Record<string, number>, string, string>;
  pass_over_past_due: boolean;
  eo_minimum_cents: ColumnType<string | null, string | null, string | null>;
  /** Products whose orders need a certified appraiser (migration 0051). */
  certified_product_ids: ColumnType<string[], string[] | undefined, string[]>;
  updated_at: Generated<Date>;
}

/** A decision of the engine: every candidate with its verdicts and points (migration 0044). */
export interface AssignmentDecisionsTable {
  id: Generated<string>;
  order_id: string;
  made_by: 'auto_assign' | 'picker';
  chosen_appraiser_id: string | null;
  rules: ColumnType<unknown, string, string>;
  /** panel/decision-candidates.ts: a plain list before, packed since. */
  candidates: ColumnType<unknown, string, string>;
  created_at: Generated<Date>;
}

/** A write the assignment engine's facts depend on, by transaction (migration 0050, panel/panel-memory.ts). */
export interface PanelChangesTable {
  /** The writing transaction's id (xid8), as text. */
  xid: ColumnType<string, never, never>;
  /** null: every company (the registry). */
  company_id: string | null;
  /** null: the company's whole panel. */
  appraiser_id: string | null;
  changed_at: Generated<Date>;
}

/** An import of the ASC National Registry's export (migration 0045). */
export interface RegistryImportsTable {
  id: Generated<string>;
  file_name: string;
  imported_by: string | null;
  lines: number;
  added: number;
  changed: number;
  unchanged: number;
  created_at: Generated<Date>;
}

/** A license as the ASC National Registry last gave it, keyed by state, number and type. */
export interface RegistryLicensesTable {
  state_id: string;
  number: string;
  /** 1 licensed, 2 certified general, 3 certified residential, 4 transitional licensed. */
  type: number;
  number_key: string;
  last_name: string;
  first_name: string | null;
  middle_name: string | null;
  company: string | null;
  phone: string | null;
  street: string | null;
  city: string | null;
  address_state: string | null;
  zip: string | null;
  county: string | null;
  county_code: string | null;
  /** A active, I inactive. */
  status: 'A' | 'I';
  expires_on: string;
  import_id: string | null;
  updated_at: Generated<Date>;
}

/** A change the registry brought to a license, by import. */
export interface RegistryLicenseChangesTable {
  id: Generated<string>;
  import_id: string;
  state_id: string;
  number: string;
  type: number;
  change: 'added' | 'changed';
  before: ColumnType<unknown, string | null, string | null>;
  after: ColumnType<unknown, string, string>;
  created_at: Generated<Date>;
}

/** Money with a default of 0 (migration 0046). */
type CentsWithDefault = ColumnType<string, string | number | bigint | undefined, string | number | bigint>;

/** What a fee schedule entry says, wherever it applies (migration 0046). */
interface FeeScheduleTerms {
  id: Generated<string>;
  company_id: string;
  product_id: string;
  /** 2-digit state code; null: every state. */
  state_id: string | null;
  /** 5-digit FIPS; null: the whole state (or everywhere). */
  county_id: string | null;
  fee_cents: Cents;
  rush_fee_cents: CentsWithDefault;
  /** A due date fewer than this many days away is a rush; null: never. */
  rush_days: number | null;
  complexity_fee_cents: CentsWithDefault;
}

export interface LenderFeeScheduleTable extends FeeScheduleTerms {
  /** null: every client of the company. */
  client_id: string | null;
}

export interface AppraiserFeeScheduleTable extends FeeScheduleTerms {
  /** null: the company's standard fee for its panel. */
  appraiser_id: string | null;
}

export interface FeeScheduleChangesTable {
  id: Generated<string>;
  company_id: string;
  schedule: 'lender' | 'appraiser' | 'cancellation';
  appraiser_id: string | null;
  changed_by: string | null;
  acted_by: string | null;
  before: ColumnType<unknown, string, string>;
  after: ColumnType<unknown, string, string>;
  created_at: CreatedAt;
}

/** A round of offering an order to several appraisers at once (migration 0047). */
export interface BidRequestsTable {
  id: Generated<string>;
  order_id: string;
  mode: 'broadcast' | 'bids';
  fee_cents: ColumnType<string | null, string | number | bigint | null, string | number | bigint | null>;
  fee_locked: boolean;
  due_date: Timestamp | null;
  due_date_locked: boolean;
  min_bidders: number;
  max_bidders: number;
  deadline: Timestamp;
  status: ColumnType<'open' | 'awarded' | 'closed', 'open' | 'awarded' | 'closed' | undefined>;
  awarded_bid_id: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  closed_at: Timestamp | null;
}

export interface BidInvitationsTable {
  bid_request_id: string;
  appraiser_id: string;
  rank: number;
  offer_fee_cents: ColumnType<
    string | null,
    string | number | bigint | null,
    string | number | bigint | null
  >;
}

export interface BidsTable {
  id: Generated<string>;
  bid_request_id: string;
  appraiser_id: string;
  fee_cents: Cents;
  due_date: Timestamp;
  comment: string | null;
  status: ColumnType<'placed' | 'won' | 'lost', 'placed' | 'won' | 'lost' | undefined>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A stored document of an appraiser's (migration 0049). */
export interface AppraiserDocumentsTable {
  id: Generated<string>;
  appraiser_id: string;
  kind: 'eo_certificate' | 'license' | 'w9' | 'other';
  file_name: string;
  content_type: string;
  size: ColumnType<string, number, never>;
  sha256: string;
  storage_key: string;
  expires_on: string | null;
  uploaded_by: string | null;
  created_at: CreatedAt;
}

/** What the service read of a submitted report, and its findings then (migration 0054). */
export interface ReportSubmissionsTable {
  id: Generated<string>;
  order_id: string;
  submission_no: number;
  format: 'uad_3.6' | 'mismo_2.6';
  report: ColumnType<unknown, string, string>;
  findings: ColumnType<unknown, string, string>;
  fatal_count: number;
  warning_count: number;
  /** YYYY-MM-DD (a DATE stays text: db/connection.ts). */
  checked_as_of: string;
  override_reason: string | null;
  warnings_acknowledged: boolean;
  submitted_by: string | null;
  created_at: CreatedAt;
}

/** The company's review of one finding of a submitted report (migration 0055). */
export interface ReportFindingReviewsTable {
  order_id: string;
  submission_no: number;
  finding_id: string;
  field: string;
  override_reason: string | null;
  overridden_by: string | null;
  overridden_at: Date | null;
  shared_with_lender: Generated<boolean>;
  updated_at: UpdatedAt;
}

/** A company's settings for the report checks of its own; no row: the defaults (migration 0054). */
export interface CompanyReportSettingsTable {
  company_id: string;
  allow_fatal_override: Generated<boolean>;
  comparable_max_age_months: Generated<number>;
  /** numeric: text from pg. */
  proximity_tolerance_miles: ColumnType<string, string | number | undefined, string | number>;
  net_adjustment_percent: ColumnType<string, string | number | undefined, string | number>;
  gross_adjustment_percent: ColumnType<string, string | number | undefined, string | number>;
  /** The items the company's reviewers tick for every report (migration 0057). */
  review_checklist: ColumnType<string[], string | undefined, string>;
  updated_at: UpdatedAt;
}

/** A company's business calendar; no row: the defaults (migration 0058, docs/turn-times.md). */
export interface CompanyCalendarsTable {
  company_id: string;
  time_zone: string;
  /** ISO weekdays, 1 Monday … 7 Sunday. */
  workdays: ColumnType<number[], string, string>;
  opens_at: string;
  closes_at: string;
  cutoff: string;
  holiday_states: ColumnType<string[], string | undefined, string>;
  closed_dates: ColumnType<string[], string | undefined, string>;
  offer_business_hours: Generated<boolean>;
  offer_hours_from: Generated<string>;
  offer_hours_to: Generated<string>;
  /** The statuses that stop its turn-time clocks (migration 0059). */
  clock_pauses: ColumnType<string[], string | undefined, string>;
  /** Business days the appraiser's due date keeps before the client's (migration 0060). */
  appraiser_buffer_days: Generated<number>;
  /** What placement does with a due date on a closed day (migration 0060). */
  closed_day_due_dates: ColumnType<'accept' | 'move' | 'refuse', 'accept' | 'move' | 'refuse' | undefined>;
  /** Milestone → target in business hours, where the company sets its own (migration 0061). */
  milestone_targets: ColumnType<Record<string, number>, string | undefined, string>;
  at_risk_percent: Generated<number>;
  updated_by: string | null;
  updated_at: UpdatedAt;
}

/** A turn time in business days for a product, a client's own or the company's (migration 0060). */
export interface TurnTimesTable {
  id: Generated<string>;
  company_id: string;
  client_id: string | null;
  product_id: string;
  business_days: number;
  rush_business_days: number | null;
}

/** A reviewer's tick of one checklist item for one submission (migration 0057). */
export interface ReportChecklistAnswersTable {
  order_id: string;
  submission_no: number;
  item: string;
  done: boolean;
  answered_by: string | null;
  answered_at: Generated<Date>;
}

/** A lender's reconsideration of value, what the company did with it, and its outcome (migration 0056). */
export interface ReconsiderationsTable {
  id: Generated<string>;
  order_id: string;
  number: number;
  reason: 'alternate_closed_sales' | 'general_errors' | 'subject_errors';
  initiated_by: 'borrower' | 'lender';
  summary: string;
  supporting_data: string | null;
  /** [{category, description}] */
  deficiencies: ColumnType<unknown, string, string>;
  request_note_id: string | null;
  requested_by: string | null;
  requested_at: CreatedAt;
  status: 'in_review' | 'with_appraiser' | 'answered' | 'resolved';
  /** Whether it went to the company's review first (lender_requests_reviewed when it was made). */
  reviewed: boolean;
  sent_to_appraiser_at: Date | null;
  forwarded_by: string | null;
  company_comments: string | null;
  answered_at: Date | null;
  answered_by: string | null;
  answer: string | null;
  submission_before: number | null;
  submission_after: number | null;
  /** bigint: text from pg. */
  value_before_cents: ColumnType<string | null, string | null, string | null>;
  value_after_cents: ColumnType<string | null, string | null, string | null>;
  result: 'value_change' | 'no_value_change' | 'unknown' | null;
  report_check: 'matches' | 'mismatch' | 'not_checked' | null;
  /** What the revised report's reconsideration section says. */
  report_section: ColumnType<unknown, string | null, string | null>;
  /** [{field, message}] */
  report_mismatches: ColumnType<unknown, string | null, string | null>;
  resolved_at: Date | null;
}

/** An alternative comparable a reconsideration names (migration 0056). */
export interface ReconsiderationComparablesTable {
  reconsideration_id: string;
  position: number;
  address: string;
  /** bigint: text from pg. */
  sale_price_cents: ColumnType<string, string, string>;
  /** YYYY-MM-DD (a DATE stays text: db/connection.ts). */
  sale_date: string;
  data_source: string;
  reason: string;
}

export interface Database {
  client_types: ClientTypesTable;
  organizations: OrganizationsTable;
  company_clients: CompanyClientsTable;
  branches: BranchesTable;
  property_types: PropertyTypesTable;
  products: ProductsTable;
  client_products: ClientProductsTable;
  company_payment_methods: CompanyPaymentMethodsTable;
  users: UsersTable;
  api_keys: ApiKeysTable;
  web_sessions: WebSessionsTable;
  sign_in_links: SignInLinksTable;
  used_sso_tokens: UsedSsoTokensTable;
  service_secrets: ServiceSecretsTable;
  organization_addresses: OrganizationAddressesTable;
  contacts: ContactsTable;
  contact_phones: ContactPhonesTable;
  outbox_messages: OutboxMessagesTable;
  orders: OrdersTable;
  order_products: OrderProductsTable;
  order_parties: OrderPartiesTable;
  order_history: OrderHistoryTable;
  file_types: FileTypesTable;
  notes: NotesTable;
  order_files: OrderFilesTable;
  payments: PaymentsTable;
  events: EventsTable;
  webhook_subscriptions: WebhookSubscriptionsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  idempotency_keys: IdempotencyKeysTable;
  payment_cards: PaymentCardsTable;
  submission_fees: SubmissionFeesTable;
  payment_page_locks: PaymentPageLocksTable;
  order_counts: OrderCountsTable;
  calendar_feeds: CalendarFeedsTable;
  order_daily_figures: OrderDailyFiguresTable;
  order_turn_times: OrderTurnTimesTable;
  order_list_columns: OrderListColumnsTable;
  order_list_views: OrderListViewsTable;
  appraiser_licenses: AppraiserLicensesTable;
  appraiser_eo_policies: AppraiserEoPoliciesTable;
  appraiser_profiles: AppraiserProfilesTable;
  appraiser_credential_changes: AppraiserCredentialChangesTable;
  credential_expiry_notices: CredentialExpiryNoticesTable;
  client_appraiser_exclusions: ClientAppraiserExclusionsTable;
  appraiser_coverage: AppraiserCoverageTable;
  appraiser_products: AppraiserProductsTable;
  appraiser_time_off: AppraiserTimeOffTable;
  company_selection_rules: CompanySelectionRulesTable;
  assignment_decisions: AssignmentDecisionsTable;
  registry_imports: RegistryImportsTable;
  registry_licenses: RegistryLicensesTable;
  registry_license_changes: RegistryLicenseChangesTable;
  lender_fee_schedule: LenderFeeScheduleTable;
  appraiser_fee_schedule: AppraiserFeeScheduleTable;
  fee_schedule_changes: FeeScheduleChangesTable;
  bid_requests: BidRequestsTable;
  bid_invitations: BidInvitationsTable;
  bids: BidsTable;
  appraiser_documents: AppraiserDocumentsTable;
  panel_changes: PanelChangesTable;
  report_submissions: ReportSubmissionsTable;
  reconsiderations: ReconsiderationsTable;
  reconsideration_comparables: ReconsiderationComparablesTable;
  company_report_settings: CompanyReportSettingsTable;
  company_calendars: CompanyCalendarsTable;
  turn_times: TurnTimesTable;
  report_finding_reviews: ReportFindingReviewsTable;
  report_checklist_answers: ReportChecklistAnswersTable;
  document_sequences: DocumentSequencesTable;
  invoices: InvoicesTable;
  receipts: ReceiptsTable;
  receivable_entries: ReceivableEntriesTable;
  company_payout_settings: CompanyPayoutSettingsTable;
  bank_accounts: BankAccountsTable;
  payables: PayablesTable;
  payout_batches: PayoutBatchesTable;
  payout_lines: PayoutLinesTable;
  payable_entries: PayableEntriesTable;
  cancellation_fees: CancellationFeesTable;
}

/** The last number given per company and kind of document: numbers without gaps (migration 0065). */
export interface DocumentSequencesTable {
  company_id: string;
  kind: 'invoice' | 'credit_note' | 'payout_batch';
  last_number: ColumnType<string, string | number | bigint, string | number | bigint>;
}

export type InvoiceIssuedOn = 'delivery' | 'payment' | 'cancellation';

/** An order's invoice, numbered when issued (docs/money.md). */
export interface InvoicesTable {
  id: Generated<string>;
  company_id: string;
  client_id: string;
  order_id: string;
  number: ColumnType<string, string | number | bigint, never>;
  issued_at: ColumnType<Date, Date, never>;
  issued_on: InvoiceIssuedOn;
  due_on: ColumnType<string, string, never>;
  /** The next reminder of what is owed, and how many of the client's schedule were sent (migration 0068). */
  remind_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  reminders_sent: ColumnType<number, number | undefined, number>;
}

export const RECEIPT_METHODS = ['check', 'ach', 'wire'] as const;
export type ReceiptMethod = (typeof RECEIPT_METHODS)[number];

/** Money a lender sent by check, ACH or wire, as the company recorded it, applied to invoices. */
export interface ReceiptsTable {
  id: Generated<string>;
  company_id: string;
  client_id: string;
  method: ReceiptMethod;
  reference: string;
  received_on: ColumnType<string, string, never>;
  amount_cents: ColumnType<string, string | bigint, never>;
  recorded_by: string | null;
  acting_for: string | null;
  created_at: CreatedAt;
}

export const RECEIVABLE_KINDS = ['charge', 'adjustment', 'payment', 'credit_note', 'write_off'] as const;
export type ReceivableKind = (typeof RECEIVABLE_KINDS)[number];

/** The receivables ledger: what moves an invoice's balance, signed as what the lender owes. */
export interface ReceivableEntriesTable {
  id: Generated<string>;
  invoice_id: string;
  company_id: string;
  client_id: string;
  kind: ReceivableKind;
  amount_cents: ColumnType<string, string | bigint, never>;
  payment_id: ColumnType<string | null, string | null | undefined, never>;
  credit_note_number: ColumnType<string | null, string | bigint | null | undefined, never>;
  reason: ColumnType<string | null, string | null | undefined, never>;
  recorded_by: ColumnType<string | null, string | null | undefined, never>;
  acting_for: ColumnType<string | null, string | null | undefined, never>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export const PAY_ON = ['delivery', 'client_payment', 'pay_cycle'] as const;
export type PayOn = (typeof PAY_ON)[number];
export const PAY_CYCLES = ['weekly', 'semimonthly', 'monthly'] as const;
export type PayCycle = (typeof PAY_CYCLES)[number];

/** When a company pays its appraisers, and the ACH originator it pays them from (migration 0066). */
export interface CompanyPayoutSettingsTable {
  company_id: string;
  pay_on: PayOn;
  /** With pay_on pay_cycle (migration 0070): the cycle and its day (a weekday 1–7, a day 1–31). */
  pay_cycle: PayCycle | null;
  pay_cycle_day: number | null;
  ach_bank_name: string | null;
  ach_routing_number: string | null;
  ach_company_name: string | null;
  ach_company_id: string | null;
  updated_by: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export const BANK_ACCOUNT_TYPES = ['checking', 'savings'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

/** Where an appraiser is paid; the account number sealed (auth/secret-box.ts). */
export interface BankAccountsTable {
  appraiser_id: string;
  holder_name: string;
  routing_number: string;
  account_number_sealed: string;
  account_last4: string;
  account_type: BankAccountType;
  updated_by: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** What the company owes an appraiser for an order (docs/money.md, "Payables"). */
export interface PayablesTable {
  id: Generated<string>;
  company_id: string;
  appraiser_id: string;
  order_id: string;
  earned_at: ColumnType<Date, Date, never>;
  due_on: ColumnType<string | null, string | null, string | null>;
  held_reason: string | null;
  held_by: string | null;
  held_at: Date | null;
  /** What is still owed: the sum of its entries, kept by a trigger (migration 0069); never written. */
  owed_cents: ColumnType<string, never, never>;
}

export type PayoutBatchStatus = 'draft' | 'approved' | 'paid';

export interface PayoutBatchesTable {
  id: Generated<string>;
  company_id: string;
  number: ColumnType<string, string | bigint, never>;
  pay_on: ColumnType<string, string, never>;
  status: ColumnType<PayoutBatchStatus, PayoutBatchStatus | undefined, PayoutBatchStatus>;
  total_cents: ColumnType<string, string | bigint, never>;
  created_by: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  approved_by: string | null;
  approved_at: Date | null;
  paid_by: string | null;
  paid_at: Date | null;
}

export interface PayoutLinesTable {
  id: Generated<string>;
  batch_id: string;
  payable_id: string;
  appraiser_id: string;
  amount_cents: ColumnType<string, string | bigint, never>;
}

export const PAYABLE_KINDS = ['fee', 'adjustment', 'extra', 'submission_fee', 'payout'] as const;
export type PayableKind = (typeof PAYABLE_KINDS)[number];

/** The payables ledger, signed as what the company owes the appraiser. */
export interface PayableEntriesTable {
  id: Generated<string>;
  payable_id: string;
  company_id: string;
  appraiser_id: string;
  kind: PayableKind;
  amount_cents: ColumnType<string, string | bigint, never>;
  submission_fee_id: ColumnType<string | null, string | null | undefined, never>;
  payout_batch_id: ColumnType<string | null, string | null | undefined, never>;
  reason: ColumnType<string | null, string | null | undefined, never>;
  recorded_by: ColumnType<string | null, string | null | undefined, never>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export const CANCELLATION_STAGES = [
  'before_assignment',
  'assigned',
  'inspection_scheduled',
  'inspected',
] as const;
export type CancellationStage = (typeof CANCELLATION_STAGES)[number];

/** What a cancellation at a stage costs the lender and pays the appraiser (migration 0067). */
export interface CancellationFeesTable {
  id: Generated<string>;
  company_id: string;
  client_id: string | null;
  product_id: string;
  stage: CancellationStage;
  lender_fee_cents: ColumnType<string, string | bigint, string | bigint>;
  appraiser_fee_cents: ColumnType<string, string | bigint, string | bigint>;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Organization = Selectable<OrganizationsTable>;

/** The columns a change of an order sets, SQL expressions allowed (`paid_cents + 100`). */
export type OrderPatch = UpdateObject<Database, 'orders'>;
