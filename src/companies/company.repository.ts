import type { Db, Trx } from '../db/connection.ts';
import type { PaymentMethod } from '../db/schema.ts';

/** A company's own settings: the fee it charges its appraisers per submission, and the payment methods it takes. */
export async function findCompanySettings(db: Db, companyId: string) {
  const company = await db
    .selectFrom('organizations')
    .select(['id', 'submission_fee_cents'])
    .where('id', '=', companyId)
    .where('kind', '=', 'company')
    .executeTakeFirst();
  if (!company) return undefined;
  const methods = await db
    .selectFrom('company_payment_methods')
    .select('method')
    .where('company_id', '=', companyId)
    .execute();
  return { ...company, payment_methods: methods.map((m) => m.method) };
}

export async function updateSubmissionFee(trx: Trx, companyId: string, cents: bigint | null): Promise<void> {
  await trx
    .updateTable('organizations')
    .set({ submission_fee_cents: cents === null ? null : cents.toString(), updated_at: new Date() })
    .where('id', '=', companyId)
    .execute();
}

export async function replacePaymentMethods(
  trx: Trx,
  companyId: string,
  methods: PaymentMethod[],
): Promise<void> {
  await trx.deleteFrom('company_payment_methods').where('company_id', '=', companyId).execute();
  if (methods.length > 0)
    await trx
      .insertInto('company_payment_methods')
      .values(methods.map((method) => ({ company_id: companyId, method })))
      .execute();
}
