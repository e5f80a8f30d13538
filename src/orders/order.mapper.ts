import type { Principal } from '../auth/principal.ts';
import { partyOf, type Party } from '../policy/audience.ts';
import { historyEntrySeenBy } from '../policy/records.ts';
import { audiencesFor, defaultAudience } from '../policy/messages.ts';
import { termsSeenBy, type TermsView } from '../policy/terms.ts';
import { formatDate } from '../format/dates.ts';
import { balanceCents, centsToDecimal } from '../format/money.ts';
import { findCounty, findState } from '../reference/geography.ts';
import { statusRef, type Status } from '../workflow/statuses.ts';
import { allowedTransitions } from '../workflow/allowed.ts';
import { toParty, type PartyRow } from './order.parties.ts';
import type { HistoryRow, OrderDetailRow } from './order.repository.ts';
import type { OrderExportRow, OrderListRow, OrderPageRow } from './order.list.repository.ts';
import { CREATE_TO_READ, invoiceStrategy } from './order.enums.ts';
import { toAccessContact } from './order.fields.ts';
import { correctableFields } from './order.correctable.ts';
import type { OrderDetail } from './order.schemas.ts';

/**
 * The one mapping from order rows to the API's shapes. Every format (MM/DD/YYYY, decimal
 * strings, the one-line address) is applied here and nowhere else.
 */
export function fullAddress(
  row: Pick<OrderListRow, 'address_one' | 'address_two' | 'city' | 'state_id' | 'zip'>,
): string {
  const state = findState(row.state_id)?.code ?? row.state_id;
  return [row.address_one, row.address_two, row.city, `${state} ${row.zip}`]
    .filter((part) => part && part.trim())
    .join(', ');
}

function toPointOfContact(party: PartyRow) {
  return {
    id: party.id,
    emails: party.emails,
    first_name: party.first_name,
    last_name: party.last_name,
    name: party.name,
    phone: party.phones[0] ?? null,
  };
}

const decimalNumber = (value: string | null): number | null => (value === null ? null : Number(value));

/**
 * The open terms of an order, for those who decide on them (policy/terms.ts says who sees which
 * side's terms): an appraiser's condition of acceptance (staff decide; the appraiser sees their
 * own), and a negotiation of the client's fee or due date (the client decides; staff see it too).
 */
function openTerms(row: OrderDetailRow, terms: TermsView, date: (value: Date | null) => string | null) {
  const proposer = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);
  const conditionOpen =
    row.condition_fee_cents !== null || row.condition_due_date !== null || row.condition_comments !== null;
  const negotiationOpen = row.negotiation_fee_cents !== null || row.negotiation_due_date !== null;
  return {
    assignment_condition:
      conditionOpen && terms.appraiserSide
        ? {
            appraiser_fee: centsToDecimal(row.condition_fee_cents),
            current_appraiser_fee: centsToDecimal(row.appraiser_fee_cents),
            due_date: date(row.condition_due_date),
            current_due_date: date(row.vendor_due_date),
            comments: row.condition_comments,
            proposed_by: proposer(row.condition_proposed_by, row.condition_proposer_name),
            proposed_at: row.condition_proposed_at?.toISOString() ?? null,
          }
        : null,
    negotiation:
      negotiationOpen && terms.clientSide
        ? {
            total_fee: centsToDecimal(row.negotiation_fee_cents),
            current_total_fee: centsToDecimal(row.total_fee_cents)!,
            due_date: date(row.negotiation_due_date),
            current_due_date: date(row.due_date),
            comments: row.negotiation_comments,
            proposed_by: proposer(row.negotiation_proposed_by, row.negotiation_proposer_name),
            proposed_at: row.negotiation_proposed_at?.toISOString() ?? null,
          }
        : null,
  };
}

/**
 * The appraiser of an order as a party sees them: the company and the appraiser always; the
 * lender once the appraiser has taken the order (who is offered it, and until when, is between
 * the company and the appraisers).
 */
function appraiserSeenBy(
  party: Party,
  row: Pick<OrderListRow, 'appraiser_id' | 'appraiser_name' | 'offer_expires_at'> & {
    assigned_at: Date | null;
  },
) {
  const shown = row.appraiser_id !== null && (party !== 'client' || row.assigned_at !== null);
  return {
    appraiser: shown ? { id: row.appraiser_id!, name: row.appraiser_name ?? '' } : null,
    offer_expires_at: party === 'client' ? null : (row.offer_expires_at?.toISOString() ?? null),
  };
}

/**
 * Where the report stands: its latest submission and the latest the company released to the
 * lender, and whether release waits for payment. The lender learns only of what it was given.
 */
function reportSeenBy(party: Party, row: OrderDetailRow) {
  if (row.latest_submission === null) return null;
  if (party === 'client')
    return row.released_submission === null
      ? null
      : {
          latest_submission: null,
          released_submission: row.released_submission,
          release_after_payment: null,
        };
  return {
    latest_submission: row.latest_submission,
    released_submission: row.released_submission,
    release_after_payment: row.release_after_payment,
  };
}

export function toOrderDetail(row: OrderDetailRow, principal: Principal, timeZone: string): OrderDetail {
  const date = (value: Date | string | null) => formatDate(value, timeZone);
  const party = partyOf(principal.user.role);
  const terms = termsSeenBy(party);
  const borrower = row.parties.find((p) => p.role_key === 'borrower');
  const coBorrowers = row.parties.filter((p) => p.role_key === 'co_borrower');
  const contacts = row.parties.filter((p) => p.poc).map(toPointOfContact);
  const clientUsers = row.parties.filter((p) => p.user_id !== null);
  const state = findState(row.state_id);
  const county = row.county_id ? findCounty(row.state_id, row.county_id) : null;
  const person = (p: PartyRow) => ({
    id: p.id,
    first_name: p.first_name,
    last_name: p.last_name,
    email: p.emails[0] ?? null,
    phone: p.phones[0] ?? null,
  });
  return {
    id: row.id,
    file_number: row.file_number,
    status: statusRef(row.status as Status),
    allowed_transitions: allowedTransitions(principal, row),
    address: {
      address_one: row.address_one,
      address_two: row.address_two,
      city: row.city,
      county_id: row.county_id,
      county: county?.name ?? null,
      state_id: row.state_id,
      state: state?.code ?? row.state_id,
      zip: row.zip,
      latitude: decimalNumber(row.latitude),
      longitude: decimalNumber(row.longitude),
    },
    full_address: fullAddress(row),
    borrower: borrower
      ? person(borrower)
      : { id: null, email: null, first_name: null, last_name: null, phone: null },
    co_borrowers: coBorrowers.map(person),
    client: { id: row.client_id, name: row.client_name },
    lender: { id: row.lender_id ?? row.client_id, name: row.lender_name ?? row.client_name },
    company: { id: row.company_id, name: row.company_name },
    branch: row.branch_id ? { id: row.branch_id, name: row.branch_name ?? '' } : null,
    client_emails: clientUsers.length > 0 ? clientUsers.flatMap((p) => p.emails) : null,
    ...appraiserSeenBy(party, row),
    complex_property: row.complex_property,
    contract_price: decimalNumber(centsToDecimal(row.contract_price_cents)),
    decimal_balance: terms.clientSide ? centsToDecimal(balanceCents(row)) : null,
    total_fee: terms.clientSide ? centsToDecimal(row.total_fee_cents) : null,
    appraiser_fee: terms.appraiserSide ? centsToDecimal(row.appraiser_fee_cents) : null,
    margin:
      terms.margin && row.appraiser_fee_cents !== null
        ? centsToDecimal(BigInt(row.total_fee_cents) - BigInt(row.appraiser_fee_cents))
        : null,
    ...openTerms(row, terms, date),
    client_request:
      party === 'company' && row.request_note_id !== null
        ? { note_id: row.request_note_id, returns_to: row.request_return_status ?? 'In review' }
        : null,
    report: reportSeenBy(party, row),
    message_audiences: {
      choices: audiencesFor(party, row.messages_through_company),
      default: defaultAudience(party, row.messages_through_company),
    },
    // The lender's side: the amount lent is no input of the value, and appraiser independence
    // keeps it from the appraiser (docs/api.md, "Who sees which detail").
    loan_amount: terms.clientSide ? centsToDecimal(row.loan_amount_cents) : null,
    loan_number: row.loan_number,
    loan_type: row.loan_type as OrderDetail['loan_type'],
    transaction_type: row.transaction_type as OrderDetail['transaction_type'],
    occupancy_type: row.occupancy_type as OrderDetail['occupancy_type'],
    estate_held_type: (row.estate_held_type
      ? (CREATE_TO_READ[row.estate_held_type] ?? row.estate_held_type)
      : null) as OrderDetail['estate_held_type'],
    fha_case_number: row.fha_case_number,
    green_certified: row.green_certified,
    invoice_strategy: invoiceStrategy(row.payment_method),
    payment_method: row.payment_method as OrderDetail['payment_method'],
    special_instructions: row.special_instructions,
    access_contact: toAccessContact(row),
    parties: row.parties.map(toParty),
    point_of_contact: contacts[0] ?? null,
    points_of_contact: contacts,
    products: row.products,
    property_type: row.property_type,
    due_date: date(row.due_date),
    original_due_date: date(row.original_due_date),
    vendor_due_date: terms.appraiserSide ? date(row.vendor_due_date) : null,
    closing_date: date(row.closing_date),
    created_at: date(row.created_at),
    updated_at: date(row.updated_at),
    assigned_at: date(row.assigned_at),
    inspection_scheduled_at: row.inspection_scheduled_at
      ? new Date(row.inspection_scheduled_at).toISOString()
      : null,
    inspection_completed_at: date(row.inspection_completed_at),
    inspection_completed_at_iso: row.inspection_completed_at
      ? new Date(row.inspection_completed_at).toISOString()
      : null,
    submitted_at: date(row.submitted_at),
    completed_at: date(row.completed_at),
    fulfilled_at: date(row.fulfilled_at),
    version: orderVersion(row.updated_at),
    correctable_fields: correctableFields(principal.user, row),
  };
}

/** An order's version as the API shows it (If-Match): its updated_at, to the millisecond. */
export const orderVersion = (updatedAt: Date): string => updatedAt.toISOString();

export function toOrderListItem(row: OrderPageRow, party: Party, timeZone: string) {
  const terms = termsSeenBy(party);
  return {
    id: row.id,
    file_number: row.file_number,
    full_address: fullAddress(row),
    status: statusRef(row.status as Status),
    due_date: formatDate(row.due_date, timeZone),
    loan_type: row.loan_type as OrderDetail['loan_type'],
    transaction_type: row.transaction_type as OrderDetail['transaction_type'],
    ...appraiserSeenBy(party, row),
    borrower_name: row.borrower_name,
    loan_number: row.loan_number,
    client: { id: row.client_id, name: row.client_name },
    products: row.products,
    created_at: formatDate(row.created_at, timeZone),
    inspection_scheduled_at: row.inspection_scheduled_at
      ? new Date(row.inspection_scheduled_at).toISOString()
      : null,
    inspection_completed_at: formatDate(row.inspection_completed_at, timeZone),
    // Each side sees its own fee only, as on the order (policy/terms.ts).
    total_fee: terms.clientSide ? centsToDecimal(row.total_fee_cents) : null,
    appraiser_fee: terms.appraiserSide ? centsToDecimal(row.appraiser_fee_cents) : null,
    status_changed_at: new Date(row.status_changed_at).toISOString(),
  };
}

/**
 * A history entry as the party sees it (policy/records.ts): whole, less the other side's terms,
 * where its audience reaches them; as a bare move of status otherwise; not at all when it moved
 * no status. Null when not seen.
 */
export function toHistoryEntry(r: HistoryRow, party: Party) {
  const entry = {
    id: r.id,
    action: r.action,
    from: r.from_status as Status | null,
    to: r.to_status as Status,
    by: r.key_id ? { id: r.key_id, name: `${r.key_first} ${r.key_last}` } : null,
    acting_for:
      r.user_id && r.user_id !== r.key_id ? { id: r.user_id, name: `${r.user_first} ${r.user_last}` } : null,
    reason: r.reason,
    details: (r.details ?? {}) as Record<string, unknown>,
    audience: r.audience,
    created_at: r.created_at.toISOString(),
  };
  return historyEntrySeenBy(entry, entry.audience, party);
}

/** The CSV export's header: what a person sees atop each column. */
export const ORDER_EXPORT_HEADER = [
  'File number',
  'Status',
  'Address',
  'City',
  'State',
  'ZIP',
  'Client',
  'Borrower',
  'Loan number',
  'Loan type',
  'Transaction type',
  'Appraiser',
  'Due date',
  'Created',
  'Completed',
  'Fulfilled',
] as const;

/** One order as a row of the CSV export, in the columns of ORDER_EXPORT_HEADER. */
export function toOrderExportRow(row: OrderExportRow, party: Party, timeZone: string): (string | null)[] {
  return [
    row.file_number,
    row.status,
    [row.address_one, row.address_two].filter(Boolean).join(', '),
    row.city,
    findState(row.state_id)?.code ?? row.state_id,
    row.zip,
    row.client_name,
    row.borrower_name,
    row.loan_number,
    row.loan_type,
    row.transaction_type,
    appraiserSeenBy(party, row).appraiser?.name ?? null,
    formatDate(row.due_date, timeZone),
    formatDate(row.created_at, timeZone),
    formatDate(row.completed_at, timeZone),
    formatDate(row.fulfilled_at, timeZone),
  ];
}
