import { readCard, type CardForm } from '../cards/card-form.ts';
import type { PaymentProvider } from '../cards/card-processor.ts';
import {
  deleteCardOnFile,
  findCardOnFile,
  saveCardOnFile,
  type CardOnFileRow,
} from '../cards/card.repository.ts';
import type { Principal } from '../auth/principal.ts';
import { requireOwnDecision } from '../policy/acting.ts';
import type { Db } from '../db/connection.ts';
import { AppError } from '../errors/app-error.ts';

/**
 * An appraiser's card on file, charged for the submission fees their company asks (docs/payments.md).
 * The card is kept by the processor; the service keeps its token, brand and last four digits.
 */
const toCard = (row: CardOnFileRow) => ({
  brand: row.brand,
  last4: row.last4,
  exp_month: row.exp_month,
  exp_year: row.exp_year,
  name: row.name,
  updated_at: row.updated_at.toISOString(),
});

export async function cardOnFile(db: Db, principal: Principal) {
  const row = await findCardOnFile(db, principal.user.id);
  if (!row) throw new AppError('not_found', 'You have no card on file');
  return toCard(row);
}

export async function keepCard(
  deps: { db: Db; payments: PaymentProvider },
  principal: Principal,
  form: CardForm,
) {
  requireOwnDecision(principal, { by: 'person', what: 'put a card on file' });
  const read = readCard(form);
  if ('problems' in read) throw new AppError('validation_failed', 'The card is not valid', read.problems);
  const kept = await deps.payments.keep(read.card);
  if (kept.outcome !== 'kept')
    throw new AppError('validation_failed', kept.message, [{ field: 'number', message: kept.message }]);
  const row = await saveCardOnFile(deps.db, {
    user_id: principal.user.id,
    provider: deps.payments.name,
    token: kept.card.token,
    brand: kept.card.brand,
    last4: kept.card.last4,
    exp_month: read.card.expMonth,
    exp_year: read.card.expYear,
    name: read.card.name,
  });
  return toCard(row);
}

export async function forgetCard(db: Db, principal: Principal): Promise<void> {
  requireOwnDecision(principal, { by: 'person', what: 'remove a card on file' });
  if (!(await deleteCardOnFile(db, principal.user.id)))
    throw new AppError('not_found', 'You have no card on file');
}
