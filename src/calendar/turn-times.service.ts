import type { AuthUser } from '../auth/principal.ts';
import type { Db } from '../db/connection.ts';
import { AppError, invalid, type FieldProblem } from '../errors/app-error.ts';
import { findCompanyCatalog } from '../fees/fee-schedule.repository.ts';
import { companyInReach, requireCompanyAdmin } from '../organizations/company-reach.ts';
import { BusinessCalendar } from './business-calendar.ts';
import { findCompanyCalendar } from './calendar-settings.repository.ts';
import { findTurnTime, findTurnTimes, replaceTurnTimes } from './turn-times.repository.ts';
import type { TurnTimeQuoteView, TurnTimesInput, TurnTimesView } from './turn-times.schemas.ts';

/** The company's turn times: its staff read them, its admins replace them, operators both. */
export async function getTurnTimes(db: Db, user: AuthUser, companyId: string): Promise<TurnTimesView> {
  const id = await companyInReach(db, user, companyId);
  return { company_id: id, entries: await findTurnTimes(db, id) };
}

/**
 * Replaces the company's turn times whole. Each problem is named by its line
 * (`entries[2].product_id`), and nothing is kept unless every line is well.
 */
export async function changeTurnTimes(
  db: Db,
  user: AuthUser,
  companyId: string,
  input: TurnTimesInput,
): Promise<TurnTimesView> {
  const id = await companyInReach(db, user, companyId);
  requireCompanyAdmin(user, 'change its turn times');
  const catalog = await findCompanyCatalog(db, id);
  const problems: FieldProblem[] = [];
  const seen = new Map<string, number>();
  const entries = input.entries.map((entry, index) => ({
    ...entry,
    client_id: entry.client_id?.toLowerCase() ?? null,
    product_id: entry.product_id.toLowerCase(),
    index,
  }));
  for (const entry of entries) {
    const at = `entries[${entry.index}]`;
    if (!catalog.products.has(entry.product_id))
      problems.push({ field: `${at}.product_id`, message: 'is not a product of the company' });
    if (entry.client_id && !catalog.clients.has(entry.client_id))
      problems.push({ field: `${at}.client_id`, message: 'is not a client of the company' });
    if (entry.rush_business_days !== null && entry.rush_business_days >= entry.business_days)
      problems.push({
        field: `${at}.rush_business_days`,
        message: `is ${entry.rush_business_days}: a rush takes fewer business days than the ${entry.business_days} of the line`,
      });
    const key = `${entry.client_id ?? ''}/${entry.product_id}`;
    const earlier = seen.get(key);
    if (earlier !== undefined)
      problems.push({
        field: `${at}.product_id`,
        message: `repeats entries[${earlier}]: one line per client and product`,
      });
    else seen.set(key, entry.index);
  }
  if (problems.length > 0)
    throw new AppError(
      'validation_failed',
      `The turn times are not valid: ${problems.map((problem) => problem.field).join(', ')}`,
      problems,
    );
  await replaceTurnTimes(
    db,
    id,
    entries.map(({ index: _index, ...entry }) => entry),
  );
  return getTurnTimes(db, user, id);
}

/**
 * The due dates a turn time gives an order arriving at `at` (docs/turn-times.md, "Turn times"):
 * counted in the company's calendar from the day it arrives (before the cut-off) or the next
 * business day; the appraiser's due date keeps the company's buffer before the client's.
 */
export async function quoteTurnTime(
  db: Db,
  user: AuthUser,
  companyId: string,
  query: { product_id: string; client_id?: string; variant?: 'standard' | 'rush'; at?: string },
  defaultZone: string,
): Promise<TurnTimeQuoteView> {
  const id = await companyInReach(db, user, companyId);
  const productId = query.product_id.toLowerCase();
  const clientId = query.client_id?.toLowerCase() ?? null;
  const catalog = await findCompanyCatalog(db, id);
  if (!catalog.products.has(productId)) throw invalid('product_id', 'is not a product of the company');
  if (clientId && !catalog.clients.has(clientId))
    throw invalid('client_id', 'is not a client of the company');
  const line = await findTurnTime(db, id, productId, clientId);
  if (!line)
    throw invalid(
      'product_id',
      'has no turn time for this client: set one with PUT /companies/{company_id}/turn_times',
    );
  const rush = query.variant === 'rush';
  if (rush && line.rush_business_days === null)
    throw invalid(
      'variant',
      `is rush, and the ${line.source === 'client' ? "client's" : "company's"} line for this product has no rush variant`,
    );
  const days = rush ? line.rush_business_days! : line.business_days;
  const settings = await findCompanyCalendar(db, id, defaultZone);
  const calendar = new BusinessCalendar(settings);
  const arrives = query.at ? new Date(query.at) : new Date();
  const countedFrom = calendar.dueDay(arrives, 1);
  const due = calendar.dueDay(arrives, days);
  // The buffer counts back from the due date, never before the first day counted.
  let appraiserDue = due;
  for (let back = 0; back < settings.appraiser_buffer_days && appraiserDue > countedFrom; back += 1)
    appraiserDue = calendar.previousOpenDay(appraiserDue);
  return {
    product_id: productId,
    client_id: clientId,
    rush,
    business_days: days,
    source: line.source,
    counted_from: countedFrom,
    due_date: due,
    due_at: calendar.at(due, settings.closes_at).toISOString(),
    appraiser_due_date: appraiserDue,
    appraiser_due_at: calendar.at(appraiserDue, settings.closes_at).toISOString(),
  };
}
