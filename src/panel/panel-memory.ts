import { poolOf, type Db } from '../db/connection.ts';
import { daysUntil, quoteFee, type ScheduleEntry } from '../fees/fee-quote.ts';
import {
  findLastFees,
  findMembers,
  findPanelChanges,
  findStandardFeeLines,
  findTurnedDown,
  type FeeLine,
  type LastFeeRow,
  type MemberLicense,
  type MemberRow,
} from './panel-memory.repository.ts';
import type { PricedFacts, TrackRecords } from './selection.engine.ts';
import type { PanelFacts, PanelRow, SelectionOrder, TrackRecord } from './selection.repository.ts';

/**
 * The panel in memory (docs/assignment.md, "At scale"). Ranking a panel of thousands for an
 * order read every appraiser's facts again: hundreds of milliseconds at 5,000 appraisers and a
 * million orders. Each process now keeps, per company, what the engine reads of each appraiser
 * that does not depend on the order (credentials, areas, products, time off, the lenders'
 * exclusions, open orders and their due dates, the last offer, fee schedule lines, the track
 * record, the last fee for each product asked about) with the database snapshot it was read at.
 * Before every ranking it asks which appraisers changed in a transaction that snapshot did not
 * see (migration 0050 notes each write the facts depend on) and reads those again: one short
 * statement when nothing changed. What depends on the order (who covers the subject, who turned
 * it down, the fee for its product, past-due against now) is worked out per ranking.
 *
 * A panel read on one local day is read whole again on the next (the track record's 90 days move
 * on; time off that ended is dropped); a company-wide change (its standard fees, the registry)
 * reads it whole too. The memory holds at most MAX_COMPANIES panels, the least recently ranked
 * dropped first. Every process keeps its own, so several processes stay right with no message
 * between them: the database says what changed.
 */

const MAX_COMPANIES = 50;
/** The track record is the appraiser's scorecard over the last 90 days (docs/turn-times.md). */
const TRACK_MS = 90 * 86_400_000;

/** The facts of PanelFacts that do not depend on the order, as kept. */
type UnchangingFacts = Pick<
  PanelFacts,
  | 'id'
  | 'first_name'
  | 'last_name'
  | 'name'
  | 'email'
  | 'active'
  | 'eo_expires_on'
  | 'eo_per_claim_cents'
  | 'fha_roster'
  | 'capacity'
  | 'home_latitude'
  | 'home_longitude'
  | 'radius_miles'
  | 'open_orders'
  | 'last_offered_at'
>;

interface Member extends UnchangingFacts {
  sort_key: string;
  has_areas: boolean;
  /** By the panel's slot for each state (CompanyPanel.stateSlots). */
  licenses: (MemberLicense | undefined)[];
  counties: ReadonlySet<string>;
  zips: ReadonlySet<string>;
  /** null: every product of the company. */
  products: Set<string> | null;
  time_off: readonly { starts_on: string; ends_on: string }[];
  exclusions: ReadonlyMap<string, string>;
  /** The first ten open orders' due dates in epoch milliseconds, soonest first: numbers side by side, counted each ranking. */
  due_times: readonly number[];
  /** The first three, as the picker shows them; null: none open. */
  next_due_dates: Date[] | null;
  fee_lines: ReadonlyMap<string, FeeLine[]>;
  track: TrackRecord | undefined;
  /** The last fee accepted, by the panel's slot for each product read (CompanyPanel.productSlots); absent: never one. */
  last_fees: (LastFee | undefined)[];
}

interface LastFee {
  fee_cents: string;
  assigned_at: Date;
}

/**
 * Most appraisers have no exclusion, own fee line or time off: they share one empty collection,
 * so that a ranking's pass over thousands of them does not visit thousands of empty ones.
 */
const NO_ENTRIES: ReadonlyMap<string, never> = new Map<string, never>();
const NO_CODES: ReadonlySet<string> = new Set<string>();
const NO_ITEMS: readonly never[] = [];
const sharedIfEmpty = <T>(items: T[]): readonly T[] => (items.length === 0 ? NO_ITEMS : items);

/**
 * A small number per state (or product) of a panel: an appraiser's licenses and last fees are
 * arrays by it, read in a step where a map of their own took several (a ranking visits thousands).
 */
function slotOf(slots: Map<string, number>, key: string): number {
  let slot = slots.get(key);
  if (slot === undefined) {
    slot = slots.size;
    slots.set(key, slot);
  }
  return slot;
}

function memberOf(row: MemberRow, stateSlots: Map<string, number>): Member {
  const licenses: (MemberLicense | undefined)[] = [];
  for (const license of row.licenses) licenses[slotOf(stateSlots, license.state_id)] = license;
  return {
    id: row.id,
    sort_key: nameKey(row),
    first_name: row.first_name,
    last_name: row.last_name,
    name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    active: row.active,
    licenses,
    eo_expires_on: row.eo_expires_on,
    eo_per_claim_cents: row.eo_per_claim_cents,
    fha_roster: row.fha_roster ?? false,
    capacity: row.capacity,
    home_latitude: row.home_latitude === null ? null : Number(row.home_latitude),
    home_longitude: row.home_longitude === null ? null : Number(row.home_longitude),
    radius_miles: row.radius_miles,
    has_areas: row.counties.length > 0 || row.zips.length > 0,
    counties: row.counties.length === 0 ? NO_CODES : new Set(row.counties),
    zips: row.zips.length === 0 ? NO_CODES : new Set(row.zips),
    products: row.products.length === 0 ? null : new Set(row.products),
    time_off: sharedIfEmpty(row.time_off),
    exclusions:
      row.exclusions.length === 0
        ? NO_ENTRIES
        : new Map(row.exclusions.map((exclusion) => [exclusion.client_id, exclusion.reason])),
    open_orders: Number(row.open_orders),
    due_times: row.due_dates.map((date) => date.getTime()),
    next_due_dates: row.due_dates.length === 0 ? null : row.due_dates.slice(0, 3),
    last_offered_at: row.last_offered_at,
    fee_lines: row.fee_lines.length === 0 ? NO_ENTRIES : byKey(row.fee_lines, (line) => line.product_id),
    track: trackOf(row),
    last_fees: [],
  };
}

/** The 90 days' record: orders completed and how they went, and how offers were answered; undefined: neither. */
function trackOf(row: MemberRow): TrackRecord | undefined {
  const accepted = Number(row.offers_accepted);
  const answered = accepted + Number(row.offers_declined);
  if (Number(row.reports) === 0 && answered === 0) return undefined;
  return {
    appraiser_id: row.id,
    reports: row.reports,
    mean_turn_business_days: row.mean_turn_business_days,
    on_time_rate: row.on_time_rate,
    revision_rate: row.revision_rate,
    acceptance_rate: answered === 0 ? null : String(accepted / answered),
  };
}

/**
 * By last name, first name, then id, without case or accents: the picker's order. A key made
 * once per appraiser and compared as plain text (a collator compared thousands of names each
 * time the panel changed: tens of milliseconds).
 */
const nameKey = (row: MemberRow) =>
  [row.last_name, row.first_name]
    .map((name) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase())
    .concat(row.id)
    .join('\u0000');
const byName = (a: Member, b: Member) => (a.sort_key < b.sort_key ? -1 : a.sort_key > b.sort_key ? 1 : 0);

/** Puts a member into a list sorted by name, in its place. */
function insertSorted(sorted: Member[], member: Member): void {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]!.sort_key < member.sort_key) low = middle + 1;
    else high = middle;
  }
  sorted.splice(low, 0, member);
}

interface CompanyPanel {
  day: string;
  snapshot: string;
  members: Map<string, Member>;
  /** Sorted by name, as the picker lists them. */
  sorted: Member[];
  standardFees: Map<string, FeeLine[]>;
  stateSlots: Map<string, number>;
  /** The products whose last fees are read for every member, each with its slot. */
  productSlots: Map<string, number>;
}

interface Memory {
  panels: Map<string, CompanyPanel>;
  /** The reading in progress per company: one at a time, each from where the last left off. */
  readings: Map<string, Promise<CompanyPanel>>;
}

/** One memory per database (the pool a handle comes from). */
const memories = new WeakMap<Db, Memory>();

function memoryOf(db: Db): Memory {
  const pool = poolOf(db);
  let memory = memories.get(pool);
  if (!memory) {
    memory = { panels: new Map(), readings: new Map() };
    memories.set(pool, memory);
  }
  return memory;
}

const byKey = <T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> => {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const list = map.get(key(item));
    if (list) list.push(item);
    else map.set(key(item), [item]);
  }
  return map;
};

/** Keeps the last fees read for these products, for every member or those of `ids`. */
function keepLastFees(
  panel: CompanyPanel,
  productIds: string[],
  ids: string[] | null,
  rows: LastFeeRow[],
): void {
  const slots = productIds.map((productId) => slotOf(panel.productSlots, productId));
  const cleared = ids === null ? panel.sorted : ids.flatMap((id) => panel.members.get(id) ?? []);
  for (const member of cleared) for (const slot of slots) member.last_fees[slot] = undefined;
  for (const row of rows) {
    const member = panel.members.get(row.appraiser_id);
    if (member) member.last_fees[panel.productSlots.get(row.product_id)!] = row;
  }
}

async function readWhole(
  db: Db,
  companyId: string,
  snapshot: string,
  today: string,
  now: Date,
  productsRead: string[],
): Promise<CompanyPanel> {
  const [rows, standard, lastFees] = await Promise.all([
    findMembers(db, companyId, { ids: null, today, since: new Date(now.getTime() - TRACK_MS) }),
    findStandardFeeLines(db, companyId),
    findLastFees(db, companyId, productsRead, null),
  ]);
  const stateSlots = new Map<string, number>();
  const panel: CompanyPanel = {
    day: today,
    snapshot,
    members: new Map(rows.map((row) => [row.id, memberOf(row, stateSlots)])),
    sorted: [],
    standardFees: byKey(standard, (line) => line.product_id),
    stateSlots,
    productSlots: new Map(),
  };
  panel.sorted = [...panel.members.values()].sort(byName);
  keepLastFees(panel, productsRead, null, lastFees);
  return panel;
}

/**
 * Brings the company's panel up to date, with the last fees of `productId`: read whole, or only
 * the appraisers that changed. Read on the caller's handle while its transaction has written
 * nothing (it then sees only what has committed); otherwise on the pool, so that what is kept
 * never holds a write that may roll back.
 */
async function read(
  db: Db,
  companyId: string,
  productId: string | null,
  today: string,
  now: Date,
): Promise<CompanyPanel> {
  const memory = memoryOf(db);
  const kept = memory.panels.get(companyId);
  const current = kept?.day === today ? kept : undefined;
  let changes = await findPanelChanges(db, companyId, current?.snapshot ?? null);
  let reader = db;
  if (changes.wrote) {
    reader = poolOf(db);
    changes = await findPanelChanges(reader, companyId, current?.snapshot ?? null);
  }
  let panel: CompanyPanel;
  if (!current || changes.everything)
    panel = await readWhole(reader, companyId, changes.snapshot, today, now, [
      ...(current?.productSlots.keys() ?? []),
    ]);
  else {
    panel = current;
    if (changes.appraisers.length > 0) {
      // Read together, kept together: a ranking never sees a member's new facts with their old fees.
      const productIds = [...panel.productSlots.keys()];
      const [rows, lastFees] = await Promise.all([
        findMembers(reader, companyId, {
          ids: changes.appraisers,
          today,
          since: new Date(now.getTime() - TRACK_MS),
        }),
        findLastFees(reader, companyId, productIds, changes.appraisers),
      ]);
      const changed = new Set(changes.appraisers);
      for (const id of changed) panel.members.delete(id);
      panel.sorted = panel.sorted.filter((member) => !changed.has(member.id));
      for (const row of rows) {
        const member = memberOf(row, panel.stateSlots);
        panel.members.set(member.id, member);
        insertSorted(panel.sorted, member);
      }
      keepLastFees(panel, productIds, changes.appraisers, lastFees);
    }
    panel.snapshot = changes.snapshot;
  }
  if (productId !== null && !panel.productSlots.has(productId))
    keepLastFees(panel, [productId], null, await findLastFees(reader, companyId, [productId], null));
  // The least recently ranked company is dropped first: a Map iterates in insertion order.
  memory.panels.delete(companyId);
  memory.panels.set(companyId, panel);
  while (memory.panels.size > MAX_COMPANIES) memory.panels.delete(memory.panels.keys().next().value!);
  return panel;
}

/** `read`, one at a time per company: a reading waits for the one in progress, then starts from it. */
async function readInTurn(
  db: Db,
  companyId: string,
  productId: string | null,
  today: string,
  now: Date,
): Promise<CompanyPanel> {
  const memory = memoryOf(db);
  const before = memory.readings.get(companyId);
  const next = (before ?? Promise.resolve())
    .catch(() => undefined)
    .then(() => read(db, companyId, productId, today, now));
  memory.readings.set(companyId, next);
  try {
    return await next;
  } finally {
    if (memory.readings.get(companyId) === next) memory.readings.delete(companyId);
  }
}

/** The first ten due dates answer the past-due count (up to 10: the late ones come first). */
function pastDue(dueTimes: readonly number[], now: number): number {
  let count = 0;
  while (count < dueTimes.length && dueTimes[count]! < now) count += 1;
  return count;
}

/** The last day of a time off that includes today; null: not away. */
function awayThrough(timeOff: Member['time_off'], today: string): string | null {
  let through: string | null = null;
  for (let i = 0; i < timeOff.length; i++) {
    const span = timeOff[i]!;
    if (span.starts_on <= today && span.ends_on >= today && (through === null || span.ends_on > through))
      through = span.ends_on;
  }
  return through;
}

/**
 * One appraiser of the panel for one order: what depends on the order is its own, the rest is
 * read through from the kept member. A ranking makes thousands of them: a dozen fields each,
 * where copying all thirty of the facts was most of what a ranking spent outside the engine.
 */
class FactsForOrder implements PanelRow, PricedFacts {
  readonly #member: Member;
  readonly #license: MemberLicense | undefined;
  readonly #last: LastFee | undefined;
  readonly covers_county: boolean;
  readonly covers_zip: boolean;
  readonly takes_product: boolean;
  readonly away_through: string | null;
  readonly excluded_reason: string | null;
  readonly turned_down: boolean;
  readonly past_due: number;
  readonly offer_fee_cents: string | null;

  // Positional: an options object would be one more allocation for each of thousands.
  constructor(
    member: Member,
    license: MemberLicense | undefined,
    last: LastFee | undefined,
    coversCounty: boolean,
    coversZip: boolean,
    takesProduct: boolean,
    awayThrough: string | null,
    excludedReason: string | null,
    turnedDown: boolean,
    pastDue: number,
    offerFeeCents: string | null,
  ) {
    this.#member = member;
    this.#license = license;
    this.#last = last;
    this.covers_county = coversCounty;
    this.covers_zip = coversZip;
    this.takes_product = takesProduct;
    this.away_through = awayThrough;
    this.excluded_reason = excludedReason;
    this.turned_down = turnedDown;
    this.past_due = pastDue;
    this.offer_fee_cents = offerFeeCents;
  }

  get id() {
    return this.#member.id;
  }
  get first_name() {
    return this.#member.first_name;
  }
  get last_name() {
    return this.#member.last_name;
  }
  get name() {
    return this.#member.name;
  }
  get email() {
    return this.#member.email;
  }
  get active() {
    return this.#member.active;
  }
  get license_level() {
    return this.#license?.level ?? null;
  }
  get license_expires_on() {
    return this.#license?.expires_on ?? null;
  }
  get license_number() {
    return this.#license?.number ?? null;
  }
  get registry_status() {
    return this.#license?.registry_status ?? null;
  }
  get registry_expires_on() {
    return this.#license?.registry_expires_on ?? null;
  }
  get eo_expires_on() {
    return this.#member.eo_expires_on;
  }
  get eo_per_claim_cents() {
    return this.#member.eo_per_claim_cents;
  }
  get fha_roster() {
    return this.#member.fha_roster;
  }
  get capacity() {
    return this.#member.capacity;
  }
  get home_latitude() {
    return this.#member.home_latitude;
  }
  get home_longitude() {
    return this.#member.home_longitude;
  }
  get radius_miles() {
    return this.#member.radius_miles;
  }
  get has_areas() {
    return this.#member.has_areas;
  }
  get open_orders() {
    return this.#member.open_orders;
  }
  get next_due_dates() {
    return this.#member.next_due_dates;
  }
  get last_offered_at() {
    return this.#member.last_offered_at;
  }
  get last_fee_cents() {
    return this.#last?.fee_cents ?? null;
  }
  get last_assigned_at() {
    return this.#last?.assigned_at ?? null;
  }
}

export interface PanelForOrder {
  panel: (PanelRow & PricedFacts)[];
  /** The track records of the panel's appraisers who have one. */
  tracks: TrackRecords;
}

/**
 * The company's appraisers with the facts of the hard filters for this order, what the picker
 * shows beside them, and what each would be offered (offer-fee.ts's rules), sorted by name.
 * `licensedInState`: only those holding a license (of any standing) in the subject's state, the
 * engine's candidates; otherwise the whole panel, as the picker lists it.
 */
export async function panelForOrder(
  db: Db,
  order: SelectionOrder,
  options: { today: string; now: Date; licensedInState: boolean },
): Promise<PanelForOrder> {
  const { today, now } = options;
  const [panel, turnedDown] = await Promise.all([
    readInTurn(db, order.company_id, order.product_id, today, now),
    findTurnedDown(db, order.id),
  ]);
  const zip = order.zip.slice(0, 5);
  const product = order.product_id;
  const standard: ScheduleEntry[] = product === null ? [] : (panel.standardFees.get(product) ?? []);
  const subject = {
    stateId: order.state_id,
    countyId: order.county_id,
    daysToDue: daysUntil(order.vendor_due_date ?? order.due_date, now),
    complex: order.complex_property === true,
  };
  // Those without a line of their own (most) are all offered the company's standard fee.
  const standardFee = product === null ? null : quoteFee(standard, subject);
  const standardFeeCents = standardFee === null ? null : standardFee.total_cents.toString();
  const stateSlot = panel.stateSlots.get(order.state_id) ?? -1;
  const productSlot = product === null ? -1 : (panel.productSlots.get(product) ?? -1);
  const nowTime = now.getTime();
  const { sorted } = panel;
  // Sized once: grown by push, the list was copied a dozen times on its way to thousands.
  const rows: FactsForOrder[] = new Array<FactsForOrder>(sorted.length);
  let count = 0;
  for (let i = 0; i < sorted.length; i++) {
    const member = sorted[i]!;
    const license = stateSlot < 0 ? undefined : member.licenses[stateSlot];
    if (options.licensedInState && !license) continue;
    const own = product === null ? undefined : member.fee_lines.get(product);
    const fee = own ? quoteFee(own, subject, standard) : standardFee;
    rows[count++] = new FactsForOrder(
      member,
      license,
      productSlot < 0 ? undefined : member.last_fees[productSlot],
      order.county_id !== null && member.counties.has(order.county_id),
      member.zips.has(zip),
      member.products === null || (product !== null && member.products.has(product)),
      awayThrough(member.time_off, today),
      member.exclusions.get(order.client_id) ?? null,
      turnedDown.has(member.id),
      pastDue(member.due_times, nowTime),
      fee === standardFee ? standardFeeCents : fee === null ? null : fee.total_cents.toString(),
    );
  }
  rows.length = count;
  const { members } = panel;
  return { panel: rows, tracks: { get: (id) => members.get(id)?.track } };
}
