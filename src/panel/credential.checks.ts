import { usDay } from '../format/dates.ts';
import type { SelectionCredentials } from './credential.repository.ts';

/**
 * What keeps an appraiser from an order under the rules of selection (docs/assignment.md,
 * "What the picker checks"), as sentences a coordinator reads beside the name. Plain rules on
 * plain values: the picker shows them, and the assignment engine takes them as its hard filters.
 */
export interface OrderNeeds {
  /** The subject's state: its USPS code, for the sentences. */
  state: string;
  /** An FHA loan: a certified appraiser on the FHA roster (HUD's rule). */
  fha: boolean;
  /** Today, YYYY-MM-DD, in the deployment's time zone: a credential is valid through its last day. */
  today: string;
}

export function credentialProblems(
  credentials: SelectionCredentials | undefined,
  openOrders: number,
  needs: OrderNeeds,
): string[] {
  const problems: string[] = [];
  const level = credentials?.license_level ?? null;
  const licenseEnds = credentials?.license_expires_on ?? null;
  if (level === null || licenseEnds === null) problems.push(`No license in ${needs.state}`);
  else if (licenseEnds < needs.today)
    problems.push(`The ${needs.state} license expired on ${usDay(licenseEnds)}`);
  else if (level === 'trainee')
    problems.push(`A trainee in ${needs.state}: a trainee does not sign a report alone`);
  else if (needs.fha && level === 'licensed')
    problems.push(`An FHA loan needs a certified appraiser; licensed in ${needs.state}`);
  if (needs.fha && !credentials?.fha_roster) problems.push('Not on the FHA roster (an FHA loan)');
  const policyEnds = credentials?.eo_expires_on ?? null;
  if (policyEnds === null) problems.push('No errors-and-omissions policy on file');
  else if (policyEnds < needs.today) problems.push(`The E&O policy expired on ${usDay(policyEnds)}`);
  const capacity = credentials?.capacity ?? null;
  if (capacity !== null && openOrders >= capacity)
    problems.push(`At capacity: ${openOrders} open orders of ${capacity}`);
  return problems;
}
