import type { AuthUser } from '../auth/principal.ts';
import type { Db } from '../db/connection.ts';
import { isUuid } from '../db/ids.ts';
import { AppError, invalid, notFound } from '../errors/app-error.ts';
import { centsToDecimal, decimalToCents } from '../format/money.ts';
import { findCompanySettings, replacePaymentMethods, updateSubmissionFee } from './company.repository.ts';
import type { CompanySettingsBody } from './company.schemas.ts';

/** A company's settings: its staff read them, its admins change them, operators both; another company is "not found". */
async function settingsOf(db: Db, user: AuthUser, companyId: string) {
  if (!isUuid(companyId) || (user.role === 'staff' && user.organizationId !== companyId))
    throw notFound('company');
  const settings = await findCompanySettings(db, companyId);
  if (!settings) throw notFound('company');
  return settings;
}

const toCompanySettings = (row: NonNullable<Awaited<ReturnType<typeof findCompanySettings>>>) => ({
  company_id: row.id,
  submission_fee: centsToDecimal(row.submission_fee_cents),
  payment_methods: row.payment_methods,
});

export async function getCompanySettings(db: Db, user: AuthUser, companyId: string) {
  return toCompanySettings(await settingsOf(db, user, companyId));
}

export async function changeCompanySettings(
  db: Db,
  user: AuthUser,
  companyId: string,
  body: CompanySettingsBody,
) {
  const current = await settingsOf(db, user, companyId);
  if (user.role === 'staff' && !user.isAdmin)
    throw new AppError('forbidden', "Only the company's admins change its settings");
  let fee: bigint | null | undefined;
  if (body.submission_fee !== undefined) {
    fee = body.submission_fee === null ? null : decimalToCents(body.submission_fee);
    if (fee === 0n) fee = null;
    if (fee === undefined) throw invalid('submission_fee', 'must be a decimal amount');
  }
  await db.transaction().execute(async (trx) => {
    if (fee !== undefined) await updateSubmissionFee(trx, current.id, fee);
    if (body.payment_methods) await replacePaymentMethods(trx, current.id, body.payment_methods);
  });
  return getCompanySettings(db, user, companyId);
}
