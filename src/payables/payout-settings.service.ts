import type { Principal } from '../auth/principal.ts';
import type { SecretBox } from '../auth/secret-box.ts';
import type { Db } from '../db/connection.ts';
import { isUuid } from '../db/ids.ts';
import type { PayOn } from '../db/schema.ts';
import type { PayCycleSetting } from '../ledger/pay-cycle.ts';
import { AppError, forbidden, notFound, type FieldProblem } from '../errors/app-error.ts';
import { companyInReach, requireCompanyAdmin } from '../organizations/company-reach.ts';
import { isRoutingNumber } from './nacha.ts';
import type {
  BankAccountInput,
  BankAccountView,
  PayoutSettingsInput,
  PayoutSettingsView,
} from './payables.schemas.ts';

/**
 * When a company pays its appraisers and its ACH originator (its admins set them), and where each
 * appraiser is paid (only the appraiser sets it: a changed account is how payouts are stolen;
 * the company's staff see the routing number and the last four digits, never the whole number).
 */
export async function getPayoutSettings(
  db: Db,
  principal: Principal,
  companyIdParam: string,
): Promise<PayoutSettingsView> {
  const companyId = await companyInReach(db, principal.user, companyIdParam);
  const row = await db
    .selectFrom('company_payout_settings')
    .selectAll()
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return {
    company_id: companyId,
    pay_on: row?.pay_on ?? 'delivery',
    pay_cycle: row?.pay_cycle ? { frequency: row.pay_cycle, day: row.pay_cycle_day } : null,
    ach:
      row?.ach_routing_number && row.ach_company_id
        ? {
            bank_name: row.ach_bank_name ?? '',
            routing_number: row.ach_routing_number,
            company_name: row.ach_company_name ?? '',
            company_id: row.ach_company_id,
          }
        : null,
  };
}

export async function changePayoutSettings(
  db: Db,
  principal: Principal,
  companyIdParam: string,
  input: PayoutSettingsInput,
): Promise<PayoutSettingsView> {
  const companyId = await companyInReach(db, principal.user, companyIdParam);
  requireCompanyAdmin(principal.user, 'change how appraisers are paid');
  const problems: FieldProblem[] = [];
  if (input.ach) {
    if (!isRoutingNumber(input.ach.routing_number))
      problems.push({ field: 'ach.routing_number', message: 'is not a valid 9-digit ABA routing number' });
    if (!/^[0-9A-Z ]{10}$/.test(input.ach.company_id))
      problems.push({
        field: 'ach.company_id',
        message: 'must be 10 characters: digits, capital letters or spaces (e.g. 1 and the EIN)',
      });
  }
  const stored = await db
    .selectFrom('company_payout_settings')
    .select(['pay_on', 'pay_cycle', 'pay_cycle_day'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  const payOn = input.pay_on ?? stored?.pay_on ?? 'delivery';
  // A cycle given is kept; none given keeps the stored one while the company pays on a cycle.
  const cycle =
    payOn !== 'pay_cycle'
      ? null
      : input.pay_cycle !== undefined
        ? input.pay_cycle
        : stored?.pay_cycle
          ? { frequency: stored.pay_cycle, day: stored.pay_cycle_day }
          : null;
  problems.push(...payCycleProblems(payOn, cycle));
  if (problems.length)
    throw new AppError('validation_failed', 'The payout settings cannot be kept', problems);
  const timing = {
    pay_on: payOn,
    pay_cycle: cycle?.frequency ?? null,
    pay_cycle_day: cycle?.day ?? null,
  };
  const ach =
    input.ach === undefined
      ? {}
      : {
          ach_bank_name: input.ach?.bank_name.trim() ?? null,
          ach_routing_number: input.ach?.routing_number ?? null,
          ach_company_name: input.ach?.company_name.trim() ?? null,
          ach_company_id: input.ach?.company_id ?? null,
        };
  await db
    .insertInto('company_payout_settings')
    .values({
      company_id: companyId,
      ...timing,
      ach_bank_name: null,
      ach_routing_number: null,
      ach_company_name: null,
      ach_company_id: null,
      ...ach,
      updated_by: principal.keyOwner.id,
    })
    .onConflict((oc) =>
      oc.column('company_id').doUpdateSet({
        ...timing,
        ...ach,
        updated_by: principal.keyOwner.id,
        updated_at: new Date(),
      }),
    )
    .execute();
  return getPayoutSettings(db, principal, companyId);
}

/** What is wrong with a pay cycle for these settings, by the field that says it. */
function payCycleProblems(payOn: PayOn, cycle: PayCycleSetting | null): FieldProblem[] {
  if (payOn !== 'pay_cycle') return [];
  if (!cycle) return [{ field: 'pay_cycle', message: 'is required when pay_on is pay_cycle' }];
  if (cycle.frequency === 'weekly' && (cycle.day === null || cycle.day > 7))
    return [{ field: 'pay_cycle.day', message: 'must be a weekday from 1 (Monday) to 7 (Sunday)' }];
  if (cycle.frequency === 'monthly' && cycle.day === null)
    return [{ field: 'pay_cycle.day', message: 'must be a day of the month from 1 to 31' }];
  if (cycle.frequency === 'semimonthly' && cycle.day !== null)
    return [
      { field: 'pay_cycle.day', message: 'must be null: semimonthly pays on the 15th and the last day' },
    ];
  return [];
}

/** The appraiser, or their company's staff, or operators; anyone else: not found. */
export async function appraiserOf(db: Db, principal: Principal, appraiserId: string) {
  const { user } = principal;
  const row = isUuid(appraiserId)
    ? await db
        .selectFrom('users')
        .select(['id', 'organization_id'])
        .where('id', '=', appraiserId.toLowerCase())
        .where('role', '=', 'appraiser')
        .executeTakeFirst()
    : undefined;
  const reaches =
    row &&
    (user.role === 'operator' ||
      (user.role === 'appraiser' && user.id === row.id) ||
      (user.role === 'staff' && user.organizationId === row.organization_id));
  if (!reaches) throw notFound('appraiser');
  return row;
}

const toView = (row: {
  appraiser_id: string;
  holder_name: string;
  routing_number: string;
  account_last4: string;
  account_type: 'checking' | 'savings';
  updated_at: Date;
}): BankAccountView => ({
  appraiser_id: row.appraiser_id,
  holder_name: row.holder_name,
  routing_number: row.routing_number,
  account_last4: row.account_last4,
  account_type: row.account_type,
  updated_at: row.updated_at.toISOString(),
});

export async function getBankAccount(
  db: Db,
  principal: Principal,
  appraiserId: string,
): Promise<BankAccountView> {
  const appraiser = await appraiserOf(db, principal, appraiserId);
  const row = await db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('appraiser_id', '=', appraiser.id)
    .executeTakeFirst();
  if (!row) throw notFound('bank account');
  return toView(row);
}

export const bankAccountPurpose = (appraiserId: string) => `bank_account:${appraiserId}`;

export async function putBankAccount(
  db: Db,
  secrets: SecretBox,
  principal: Principal,
  appraiserId: string,
  input: BankAccountInput,
): Promise<BankAccountView> {
  const appraiser = await appraiserOf(db, principal, appraiserId);
  if (principal.user.id !== appraiser.id || principal.keyOwner.id !== appraiser.id)
    throw forbidden('Only the appraiser sets where they are paid');
  const problems: FieldProblem[] = [];
  if (!isRoutingNumber(input.routing_number))
    problems.push({ field: 'routing_number', message: 'is not a valid 9-digit ABA routing number' });
  const account = input.account_number.replace(/[\s-]/g, '');
  if (!/^\d{4,17}$/.test(account))
    problems.push({ field: 'account_number', message: 'must be 4 to 17 digits' });
  if (!input.holder_name.trim())
    problems.push({ field: 'holder_name', message: 'must name the account holder' });
  if (problems.length) throw new AppError('validation_failed', 'The bank account cannot be kept', problems);
  const values = {
    holder_name: input.holder_name.trim(),
    routing_number: input.routing_number,
    account_number_sealed: await secrets.seal(account, bankAccountPurpose(appraiser.id)),
    account_last4: account.slice(-4),
    account_type: input.account_type,
    updated_by: principal.keyOwner.id,
    updated_at: new Date(),
  };
  const row = await db
    .insertInto('bank_accounts')
    .values({ appraiser_id: appraiser.id, ...values })
    .onConflict((oc) => oc.column('appraiser_id').doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toView(row);
}

/**
 * Seals again the appraisers' account numbers sealed under an older key (after a change of
 * SECRET_ENCRYPTION_KEY, the old one in SECRET_ENCRYPTION_KEY_PREVIOUS); run at every start, as
 * the webhook secrets are. A row changed meanwhile (the appraiser saved a new account) is left as
 * it is: it was sealed under the current key. Answers how many changed.
 */
export async function sealBankAccounts(db: Db, secrets: SecretBox): Promise<number> {
  let sealed = 0;
  const rows = await db
    .selectFrom('bank_accounts')
    .select(['appraiser_id', 'account_number_sealed'])
    .execute();
  for (const row of rows) {
    if (!(await secrets.needsSealing(row.account_number_sealed))) continue;
    const purpose = bankAccountPurpose(row.appraiser_id);
    const value = await secrets.seal(await secrets.open(row.account_number_sealed, purpose), purpose);
    const changed = await db
      .updateTable('bank_accounts')
      .set({ account_number_sealed: value })
      .where('appraiser_id', '=', row.appraiser_id)
      .where('account_number_sealed', '=', row.account_number_sealed)
      .executeTakeFirst();
    if (changed.numUpdatedRows > 0n) sealed += 1;
  }
  return sealed;
}
