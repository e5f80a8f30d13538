import { randomUUID } from 'node:crypto';
import { CLOSED, type Status } from '../workflow/statuses.ts';
import { BORROWER_FIRST, BORROWER_LAST } from './demo-people.ts';
import { DEMO_STATE_ID, countyById } from './demo-places.ts';
import { planFor, STATUS_MIX, type OrderPlan } from './demo-paths.ts';
import { replay, type NoteRow, type OrderState, type Person, type Replayed } from './demo-replay.ts';

/**
 * The demo orders: for each status of STATUS_MIX, orders whose path (demo-paths.ts) ends there,
 * placed at a time that leaves the path's steps in the past (finished orders over the last
 * five months, open ones in the last days; an inspection still ahead is in the future), with a
 * property in one of the lender's counties, a borrower, a loan, products and the notes people
 * write along the way. Deterministic but for ids and the clock: a seeded random sequence.
 */
export interface LenderWorld {
  id: string;
  counties: readonly string[];
  /** Per branch: its id, and its users (who place orders, who are named as loan officers). */
  branches: { id: string; placers: Person[]; loanOfficer: Person | null }[];
  /** The branch of each county. */
  branchOfCounty: Record<string, number>;
  loanPrefix: string;
}

export interface OrdersWorld {
  companyId: string;
  lenders: [LenderWorld, LenderWorld];
  staff: { coordinator: Person; reviewer: Person; relations: Person };
  /** Appraisers by county id. */
  panel: Record<string, Person[]>;
  products: { id: string; name: string; fee_cents: string }[];
  propertyTypes: Record<string, string>;
  submissionFeeCents: bigint;
}

export interface DemoOrder extends Replayed {
  row: Record<string, unknown> & { id: string; file_number: string; status: Status; client_id: string };
  products: { order_id: string; product_id: string; fee_cents: string; position: number }[];
  parties: Record<string, unknown>[];
  /** A purchase agreement the lender uploaded, for purchases. */
  agreement: { id: string; filename: string; uploaded_by: string; created_at: Date } | null;
  borrower: string;
  address: string;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A small seeded generator (mulberry32): the same world each time, but for ids and dates. */
export function seededRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every order's plan, in a mixed order so that file numbers do not group by status. */
export function demoPlans(random: () => number): OrderPlan[] {
  const plans = STATUS_MIX.flatMap(([status, count]) =>
    Array.from({ length: count }, (_, n) => planFor(status, n)),
  );
  for (let i = plans.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [plans[i], plans[j]] = [plans[j]!, plans[i]!];
  }
  return plans;
}

/**
 * The steps' times, relative to the order's creation, then placed: finished orders end within
 * the last five months, Completed ones in the last ten days, open ones in the last day and a
 * half (an offer still open: within its four hours). An inspection is set two to four days
 * after it is scheduled, or `inspectionIn` hours (in the future for orders that wait for it).
 */
export function timeline(
  plan: OrderPlan,
  random: () => number,
  now: Date,
): { times: Date[]; inspectionAt: Date | null } {
  const relative: number[] = [];
  let inspection: number | null = null;
  for (const [index, step] of plan.steps.entries()) {
    const before = relative[index - 1] ?? 0;
    let at = before + step.after * HOUR * (0.6 + 0.8 * random());
    if (step.action === 'complete_inspection' && inspection !== null) at = inspection + 1.5 * HOUR;
    at = index === 0 ? 0 : Math.max(at, before + 1000);
    relative.push(at);
    if (step.action === 'schedule_inspection') {
      const ahead = (plan.inspectionIn ?? 48 + Math.floor(random() * 48)) * HOUR;
      inspection = Math.ceil((at + ahead) / HOUR) * HOUR;
    }
  }
  const duration = relative.at(-1)!;
  const ago =
    plan.status === 'Completed'
      ? DAY * (1 + random() * 9)
      : CLOSED.includes(plan.status)
        ? DAY * (2 + random() * 148)
        : plan.status === 'Pending assignment'
          ? HOUR * (0.2 + random() * 3)
          : HOUR * (1 + random() * 35);
  const created = now.getTime() - ago - duration;
  return {
    times: relative.map((r) => new Date(created + r)),
    inspectionAt: inspection === null ? null : new Date(created + inspection),
  };
}

const pick = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length)]!;

export function buildOrder(
  world: OrdersWorld,
  plan: OrderPlan,
  index: number,
  fileNumber: string,
  random: () => number,
  now: Date,
): DemoOrder {
  const lender = world.lenders[plan.lender ?? 0];
  const clientId = lender.id;
  // Half of each lender's orders are in its home county (the first): the demo appraiser's for the first lender.
  const countyId = pick([...lender.counties, lender.counties[0]!, lender.counties[0]!], random);
  const county = countyById(countyId);
  const place = pick(county.cities, random);
  const zip = pick(place.zips, random);
  const street = `${100 + Math.floor(random() * 9800)} ${pick(place.streets, random)}`;
  const branch = lender.branches[lender.branchOfCounty[countyId] ?? 0]!;
  const placedBy = branch.placers[index % branch.placers.length]!;
  const first = pick(BORROWER_FIRST, random);
  const last = pick(BORROWER_LAST, random);
  const product =
    index % 10 === 7
      ? world.products[3]!
      : index % 6 === 2
        ? world.products[1]!
        : index % 9 === 5
          ? world.products[2]!
          : world.products[0]!;
  const propertyType = product.name.includes('1073')
    ? 'condominium'
    : product.name.includes('1025')
      ? 'two_to_four_units'
      : index % 5 === 0
        ? 'pud'
        : 'single_family';
  const transaction = index % 3 === 0 ? 'refinance' : index % 11 === 4 ? 'home_equity' : 'purchase';
  const loanType = index % 7 === 2 ? 'fha' : index % 13 === 6 ? 'usda' : 'conventional';
  const { times, inspectionAt } = timeline(plan, random, now);
  const created = times[0]!;
  const dueDate = new Date(Math.floor(created.getTime() / DAY) * DAY + (7 + (index % 8)) * DAY + 22 * HOUR);
  const orderId = randomUUID();
  const price = 185_000 + Math.floor(random() * 160) * 5_000;
  const payment = plan.payment ?? 'invoice';
  const initial: OrderState = {
    status: 'Draft',
    resume_status: null,
    negotiation_return_status: null,
    request_note_id: null,
    request_return_status: null,
    appraiser_id: null,
    offer_expires_at: null,
    appraiser_fee_cents: null,
    condition_fee_cents: null,
    condition_due_date: null,
    condition_comments: null,
    condition_proposed_by: null,
    condition_proposed_at: null,
    negotiation_fee_cents: null,
    negotiation_due_date: null,
    negotiation_comments: null,
    negotiation_proposed_by: null,
    negotiation_proposed_at: null,
    total_fee_cents: product.fee_cents,
    paid_cents: '0',
    due_date: dueDate,
    vendor_due_date: null,
    assigned_at: null,
    inspection_scheduled_at: null,
    inspection_completed_at: null,
    submitted_at: null,
    completed_at: null,
    fulfilled_at: null,
    revised: false,
    updated_at: created,
    status_since: created,
    first_submitted_at: null,
    assignment_minutes: 0,
    appraiser_minutes: 0,
    review_minutes: 0,
    client_minutes: 0,
    paused_minutes: 0,
  };
  const borrower = `${first} ${last}`;
  const replayed = replay(
    {
      plan,
      orderId,
      fileNumber,
      clientId,
      companyId: world.companyId,
      times,
      inspectionAt,
      placedBy,
      staff: world.staff,
      // Offers go to the county's panel: every other one to its first appraiser first (in
      // Travis County the demo appraiser, so that their inbox and calendar are full), the
      // rest starting at a different appraiser each.
      appraisers: rotate(world.panel[countyId]!, index % 2 === 0 ? 0 : index),
      submissionFeeCents: world.submissionFeeCents,
      payerName: payment === 'payment_link' ? borrower : placedBy.name,
      loanType,
      transactionType: transaction,
      // Most invoices of orders delivered weeks ago are paid, by the lender's card on the payment page.
      invoicePaidAt: invoicePaidAt(plan, times, index, now),
      reportFilename: (n) => `${fileNumber} appraisal report${n > 1 ? ` (revision ${n - 1})` : ''}.pdf`,
    },
    initial,
  );
  addNotes(replayed, plan, { orderId, fileNumber, clientId, placedBy, world, times, borrower, index });
  const { state } = replayed;
  const row = {
    id: orderId,
    file_number: fileNumber,
    client_id: clientId,
    company_id: world.companyId,
    lender_id: clientId,
    created_by: placedBy.id,
    branch_id: branch.id,
    first_product_id: product.id,
    ...state,
    address_one: street,
    address_two:
      propertyType === 'condominium'
        ? `Unit ${1 + Math.floor(random() * 30)}${pick(['A', 'B', 'C'], random)}`
        : null,
    city: place.city,
    state_id: DEMO_STATE_ID,
    county_id: countyId,
    zip,
    loan_type: loanType,
    transaction_type: transaction,
    occupancy_type: index % 8 === 3 ? 'investment' : index % 17 === 5 ? 'second_home' : 'primary_residence',
    estate_held_type: 'fee_simple',
    loan_number: `${lender.loanPrefix}-${String(260_000 + index * 37).padStart(7, '0')}`,
    loan_amount_cents: String(Math.round(price * (transaction === 'purchase' ? 0.8 : 0.7)) * 100),
    contract_price_cents: transaction === 'purchase' ? String(price * 100) : null,
    fha_case_number: loanType === 'fha' ? `511-${String(1_000_000 + index * 7919).slice(0, 7)}` : null,
    green_certified: index % 23 === 0,
    complex_property: index % 19 === 0,
    special_instructions:
      index % 4 === 0 ? 'Please call the borrower at least 24 hours before the inspection.' : null,
    payment_method: payment,
    property_type_id: world.propertyTypes[propertyType] ?? null,
    original_due_date: dueDate,
    closing_date:
      transaction === 'purchase' ? new Date(dueDate.getTime() + 21 * DAY).toISOString().slice(0, 10) : null,
    created_at: created,
  };
  const parties = [
    {
      order_id: orderId,
      user_id: null,
      name: borrower,
      first_name: first,
      last_name: last,
      role: 'Borrower',
      role_key: 'borrower',
      poc: true,
      emails: [`${first}.${last}@example.com`.toLowerCase().replace(/[^a-z0-9.@-]/g, '')],
      phones: [`512-555-${String(100 + (index % 100)).padStart(4, '0')}`],
    },
    ...(branch.loanOfficer
      ? [
          {
            order_id: orderId,
            user_id: branch.loanOfficer.id,
            name: branch.loanOfficer.name,
            first_name: branch.loanOfficer.name.split(' ')[0]!,
            last_name: branch.loanOfficer.name.split(' ').slice(1).join(' '),
            role: 'Loan Officer',
            role_key: 'loan_officer',
            poc: false,
            emails: [],
            phones: [],
          },
        ]
      : []),
  ];
  const agreement =
    transaction === 'purchase' && index % 2 === 0
      ? {
          id: randomUUID(),
          filename: `Purchase agreement - ${street}.pdf`,
          uploaded_by: placedBy.id,
          created_at: new Date(created.getTime() + 60_000),
        }
      : null;
  if (agreement) {
    replayed.events.push({
      type: 'order.file_added',
      order_id: orderId,
      organization_ids: [clientId, world.companyId],
      data: JSON.stringify({
        order_id: orderId,
        file_number: fileNumber,
        file_id: agreement.id,
        file_type: 'purchase_agreement',
        filename: agreement.filename,
        audience: 'client',
      }),
      audience: 'client',
      created_at: agreement.created_at,
    });
  }
  return {
    ...replayed,
    row,
    products: [{ order_id: orderId, product_id: product.id, fee_cents: product.fee_cents, position: 0 }],
    parties,
    agreement,
    borrower,
    address: `${street}, ${place.city}, TX ${zip}`,
  };
}

function invoicePaidAt(plan: OrderPlan, times: Date[], index: number, now: Date): Date | null {
  if (plan.status !== 'Fulfilled' || (plan.payment ?? 'invoice') !== 'invoice' || index % 4 === 0)
    return null;
  const at = new Date(times.at(-1)!.getTime() + (6 + (index % 18)) * DAY + 3 * HOUR);
  return at.getTime() < now.getTime() - HOUR ? at : null;
}

const rotate = <T>(list: readonly T[], by: number): T[] => list.map((_, i) => list[(i + by) % list.length]!);

/**
 * The notes people write besides the workflow's: the lender's access instructions (to the
 * company, which passes them on to the appraiser once one is assigned), the appraiser's word
 * that the inspection is confirmed, and the company's own internal remarks.
 */
function addNotes(
  replayed: Replayed,
  plan: OrderPlan,
  input: {
    orderId: string;
    fileNumber: string;
    clientId: string;
    placedBy: Person;
    world: OrdersWorld;
    times: Date[];
    borrower: string;
    index: number;
  },
): void {
  const { orderId, clientId, placedBy, world, times, index } = input;
  const step = (action: string) => plan.steps.findIndex((s) => s.action === action);
  const add = (
    note: Omit<NoteRow, 'id' | 'order_id' | 'written_by' | 'important'> & { important?: boolean },
  ) => {
    const id = randomUUID();
    replayed.notes.push({
      id,
      order_id: orderId,
      written_by: note.author_id,
      important: note.important ?? false,
      ...note,
    });
    replayed.events.push({
      type: 'order.note_added',
      order_id: orderId,
      organization_ids: [clientId, world.companyId],
      data: JSON.stringify({
        order_id: orderId,
        file_number: input.fileNumber,
        note_id: id,
        subject: note.subject,
        author_name: note.author_name,
        audience: note.audience,
      }),
      audience: note.audience,
      created_at: note.created_at,
    });
    return id;
  };
  const minutes = (at: Date, m: number) => new Date(at.getTime() + m * 60_000);
  if (index % 2 === 0) {
    const access = add({
      author_id: placedBy.id,
      author_name: placedBy.name,
      subject: 'Property access',
      content: `<p>${input.borrower} works from home; call the cell number on file. Lockbox on the side gate, code ${1000 + ((index * 7) % 9000)}. Two friendly dogs.</p>`,
      audience: 'client',
      forwarded_from: null,
      created_at: minutes(times[0]!, 12),
    });
    const assigned = step('accept_assignment');
    if (assigned >= 0 && assigned < times.length && replayed.state.appraiser_id)
      add({
        author_id: world.staff.coordinator.id,
        author_name: world.staff.coordinator.name,
        subject: 'Property access',
        content: `<p>From the lender: ${input.borrower} works from home; call the cell number on file. Lockbox on the side gate, code ${1000 + ((index * 7) % 9000)}. Two friendly dogs.</p>`,
        audience: 'appraiser',
        forwarded_from: access,
        created_at: minutes(times[assigned]!, 20),
      });
  }
  const scheduled = step('schedule_inspection');
  const appraiser = Object.values(world.panel)
    .flat()
    .find((a) => a.id === replayed.state.appraiser_id);
  if (index % 3 === 0 && scheduled >= 0 && appraiser) {
    add({
      author_id: appraiser.id,
      author_name: appraiser.name,
      subject: 'Inspection confirmed',
      content:
        '<p>Confirmed the appointment with the borrower by phone. Will send photos with the report.</p>',
      audience: 'appraiser',
      forwarded_from: null,
      created_at: minutes(times[scheduled]!, 5),
    });
  }
  if (index % 5 === 1) {
    add({
      author_id: world.staff.relations.id,
      author_name: world.staff.relations.name,
      subject: 'Client relations',
      content:
        '<p>The loan officer asked us to keep this one moving: closing is scheduled right after the due date.</p>',
      audience: 'internal',
      forwarded_from: null,
      created_at: minutes(times[0]!, 45),
    });
  }
}
