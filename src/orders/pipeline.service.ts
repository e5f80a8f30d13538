import type { AuthUser } from '../auth/principal.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/connection.ts';
import { AppError } from '../errors/app-error.ts';
import { formatDate, localDay } from '../format/dates.ts';
import { centsToDecimal } from '../format/money.ts';
import { orderProductIds } from './order.repository.ts';
import { findVisibleOrder } from './order.store.ts';
import { findAppraiserCandidates } from './pipeline.repository.ts';
import { credentialProblems } from '../panel/credential.checks.ts';
import { findSelectionCredentials } from '../panel/credential.repository.ts';
import { findExclusionReasons } from '../panel/exclusion.repository.ts';
import { findState } from '../reference/geography.ts';

/**
 * The appraiser picker of an order: the panel of the order's company, each appraiser with the
 * figures a coordinator weighs before an offer and what keeps them from this order (the
 * subject's state license, the insurance, the FHA roster, their capacity: panel/credential.checks.ts).
 * Staff of the company and operators only.
 */
export async function appraiserCandidates(db: Db, user: AuthUser, config: Config, orderId: string) {
  const order = await findVisibleOrder(db, user, orderId, {
    columns: ['state_id', 'loan_type', 'client_id'],
  });
  if (user.role !== 'staff' && user.role !== 'operator')
    throw new AppError('forbidden', "Only the company's staff choose its appraisers");
  const [productId = null] = await orderProductIds(db, order.id);
  const rows = await findAppraiserCandidates(db, {
    companyId: order.company_id,
    orderId: order.id,
    productId,
  });
  const date = (value: Date) => formatDate(value, config.timeZone)!;
  const credentials = await findSelectionCredentials(
    db,
    rows.map((row) => row.id),
    order.state_id,
  );
  const excluded = await findExclusionReasons(db, order.company_id, order.client_id);
  const needs = {
    state: findState(order.state_id)?.code ?? order.state_id,
    fha: order.loan_type === 'fha',
    today: localDay(new Date(), config.timeZone),
  };
  return rows.map((row) => ({
    id: row.id,
    name: `${row.first_name} ${row.last_name}`,
    email: row.email,
    open_orders: Number(row.open_orders),
    next_due_dates: (row.next_due_dates ?? []).map(date),
    last_accepted_fee: centsToDecimal(row.last_fee_cents),
    last_accepted_on: row.last_assigned_at ? date(row.last_assigned_at) : null,
    turned_down_this_order: row.turned_down,
    is_current: order.appraiser_id === row.id,
    credential_problems: credentialProblems(credentials.get(row.id), Number(row.open_orders), needs),
    excluded_by_client: excluded.get(row.id) ?? null,
  }));
}
