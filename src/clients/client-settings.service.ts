import type { AuthUser } from '../auth/principal.ts';
import type { Db } from '../db/connection.ts';
import { isUuid } from '../db/ids.ts';
import { AppError, invalid, notFound } from '../errors/app-error.ts';
import {
  clientsServingCompanies,
  findClientSettings,
  updateClientSettings,
  type ClientSettingChanges,
  type ClientSettingsRow,
} from './client.repository.ts';
import { centsToDecimal, decimalToCents } from '../format/money.ts';
import type { ClientSettingsBody } from './client.schemas.ts';

/**
 * A company's settings for one of its clients: client review of reports, and payment before
 * assignment. Staff see their own company's settings for the clients it serves; its admins
 * change them. Operators name the company when several serve the client. Another company's
 * client is "not found".
 */
export async function settingsOf(db: Db, user: AuthUser, clientId: string, companyId?: string) {
  if (!isUuid(clientId)) throw notFound('client');
  let company = user.role === 'staff' ? user.organizationId! : (companyId ?? null);
  if (user.role === 'staff' && companyId !== undefined && companyId !== company)
    throw invalid('company_id', 'must be your own company');
  if (company === null) {
    const companies = await clientsServingCompanies(db, clientId);
    if (companies.length === 0) throw notFound('client');
    if (companies.length > 1) throw invalid('company_id', 'is required: several companies serve the client');
    company = companies[0]!;
  }
  if (!isUuid(company)) throw notFound('client');
  const settings = await findClientSettings(db, company, clientId);
  if (!settings) throw notFound('client');
  return settings;
}

export const toClientSettings = ({ eo_minimum_cents: minimum, ...row }: ClientSettingsRow) => ({
  ...row,
  eo_minimum_per_claim: centsToDecimal(minimum),
});

export async function getClientSettings(db: Db, user: AuthUser, clientId: string, companyId?: string) {
  return toClientSettings(await settingsOf(db, user, clientId, companyId));
}

export async function changeClientSettings(
  db: Db,
  user: AuthUser,
  clientId: string,
  body: ClientSettingsBody,
) {
  const { company_id: companyId, eo_minimum_per_claim: minimum, ...switches } = body;
  const changes: ClientSettingChanges = { ...switches };
  // The schedule is kept in order, as it runs.
  if (switches.invoice_reminder_days)
    changes.invoice_reminder_days = [...switches.invoice_reminder_days].sort((a, b) => a - b);
  if (minimum !== undefined) {
    const cents = minimum === null ? null : decimalToCents(minimum);
    if (minimum !== null && (cents === null || cents <= 0n))
      throw invalid('eo_minimum_per_claim', 'must be an amount above 0, e.g. 2000000.00, or null');
    changes.eo_minimum_cents = cents === null ? null : String(cents);
  }
  const current = await settingsOf(db, user, clientId, companyId);
  if (user.role === 'staff' && !user.isAdmin)
    throw new AppError('forbidden', "Only the company's admins change its settings for a client");
  const updated = await updateClientSettings(db, current.company_id, current.client_id, changes);
  return toClientSettings(updated ?? current);
}
