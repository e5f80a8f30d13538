import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

/** The SQL of the credential expiry watch (panel/expiry.service.ts). */

export interface ExpiringCredential {
  appraiser_id: string;
  /** `license:<state FIPS>` or `eo_policy`. */
  credential: string;
  state_id: string | null;
  number: string;
  expires_on: string;
  appraiser_name: string;
  appraiser_email: string;
  company_id: string;
}

/** Every license and policy whose last valid day is between `from` and `to` (YYYY-MM-DD), of active appraisers. */
export async function findExpiringCredentials(
  db: Db,
  from: string,
  to: string,
): Promise<ExpiringCredential[]> {
  const { rows } = await sql<ExpiringCredential>`
    SELECT c.appraiser_id, c.credential, c.state_id, c.number, c.expires_on::text AS expires_on,
           u.first_name || ' ' || u.last_name AS appraiser_name, u.email AS appraiser_email,
           u.organization_id AS company_id
      FROM (SELECT appraiser_id, 'license:' || state_id AS credential, state_id, number, expires_on
              FROM appraiser_licenses WHERE expires_on BETWEEN ${from}::date AND ${to}::date
            UNION ALL
            SELECT appraiser_id, 'eo_policy', NULL, policy_number, expires_on
              FROM appraiser_eo_policies WHERE expires_on BETWEEN ${from}::date AND ${to}::date) c
      JOIN users u ON u.id = c.appraiser_id AND u.role = 'appraiser' AND u.deactivated_at IS NULL
     ORDER BY c.expires_on, c.appraiser_id, c.credential`.execute(db);
  return rows;
}

/**
 * Records the notice `daysBefore` days ahead of the credential's last day, unless one as near or
 * nearer was sent already: true when this call recorded it (and so sends it). Several processes
 * may try at once; the key lets one of them record it.
 */
export async function claimExpiryNotice(
  trx: Db,
  credential: Pick<ExpiringCredential, 'appraiser_id' | 'credential' | 'expires_on'>,
  daysBefore: number,
): Promise<boolean> {
  const { rows } = await sql<{ days_before: number }>`
    INSERT INTO credential_expiry_notices (appraiser_id, credential, expires_on, days_before)
    SELECT ${credential.appraiser_id}::uuid, ${credential.credential}, ${credential.expires_on}::date, ${daysBefore}
     WHERE NOT EXISTS (SELECT 1 FROM credential_expiry_notices n
                        WHERE n.appraiser_id = ${credential.appraiser_id}::uuid
                          AND n.credential = ${credential.credential}
                          AND n.expires_on = ${credential.expires_on}::date
                          AND n.days_before <= ${daysBefore})
    ON CONFLICT DO NOTHING
    RETURNING days_before`.execute(trx);
  return rows.length > 0;
}

/** The company's administrators among its staff, who keep its panel: the company's side of a notice. */
export async function findPanelKeepers(db: Db, companyId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where('organization_id', '=', companyId)
    .where('role', '=', 'staff')
    .where('is_admin', '=', true)
    .where('deactivated_at', 'is', null)
    .orderBy('email')
    .execute();
  return rows.map((row) => row.email);
}
