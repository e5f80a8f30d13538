import { usDay } from '../format/dates.ts';
import { centsToCurrency } from '../format/money.ts';
import type { SelectionCredentials } from './credential.repository.ts';

/**
 * What keeps an appraiser from an order under the rules of selection (docs/assignment.md,
 * "Hard filters"), as sentences a coordinator reads beside the name. Plain rules on
 * plain values: the picker shows them, and the assignment engine takes them as its hard filters.
 */
export interface OrderNeeds {
  /** The subject's state: its USPS code, for the sentences. */
  state: string;
  /** An FHA loan: a certified appraiser on the FHA roster (HUD's rule). */
  fha: boolean;
  /** Today, YYYY-MM-DD, in the deployment's time zone: a credential is valid through its last day. */
  today: string;
  /** The least E&O coverage per claim the company accepts, in cents; null or absent: any. */
  eoMinimumCents?: bigint | null;
  /** Whose minimum that is: the lender's (higher than the company's), or the company's (absent: the company's). */
  eoMinimumOf?: 'company' | 'lender';
  /** The order's product, when the company marks it as needing a certified appraiser; null or absent: it does not. */
  certifiedProduct?: string | null;
}

/** The hard filters of the engine that read credentials (panel/selection.engine.ts has the rest). */
export type CredentialFilter = 'license' | 'fha_roster' | 'eo_policy' | 'capacity';
export interface CredentialFailure {
  filter: CredentialFilter;
  reason: string;
}

/**
 * Each credential filter the appraiser fails for the order, with the sentence that says why,
 * added to `into` (the engine passes the list it is filling; thousands of appraisers a ranking).
 */
export function credentialFailures(
  credentials: Omit<SelectionCredentials, 'appraiser_id'> | undefined,
  openOrders: number,
  needs: OrderNeeds,
): CredentialFailure[];
export function credentialFailures<List extends { push(failure: CredentialFailure): number }>(
  credentials: Omit<SelectionCredentials, 'appraiser_id'> | undefined,
  openOrders: number,
  needs: OrderNeeds,
  into: List,
): List;
export function credentialFailures(
  credentials: Omit<SelectionCredentials, 'appraiser_id'> | undefined,
  openOrders: number,
  needs: OrderNeeds,
  into: { push(failure: CredentialFailure): number } = [],
): { push(failure: CredentialFailure): number } {
  const failures = into;
  const level = credentials?.license_level ?? null;
  const licenseEnds = credentials?.license_expires_on ?? null;
  let license: string | null = null;
  if (level === null || licenseEnds === null) license = `No license in ${needs.state}`;
  else if (licenseEnds < needs.today) license = `The ${needs.state} license expired on ${usDay(licenseEnds)}`;
  else if (credentials?.registry_status === 'I')
    license = `The ASC registry shows the ${needs.state} license ${credentials.license_number} inactive`;
  else if (credentials?.registry_expires_on && credentials.registry_expires_on < needs.today)
    license = `The ASC registry shows the ${needs.state} license expired on ${usDay(credentials.registry_expires_on)}`;
  else if (level === 'trainee')
    license = `A trainee in ${needs.state}: a trainee does not sign a report alone`;
  else if (needs.fha && level === 'licensed')
    license = `An FHA loan needs a certified appraiser; licensed in ${needs.state}`;
  else if (needs.certifiedProduct && level === 'licensed')
    license = `${needs.certifiedProduct} needs a certified appraiser; licensed in ${needs.state}`;
  if (license !== null) failures.push({ filter: 'license', reason: license });
  if (needs.fha && !credentials?.fha_roster)
    failures.push({ filter: 'fha_roster', reason: 'Not on the FHA roster (an FHA loan)' });
  const policyEnds = credentials?.eo_expires_on ?? null;
  const perClaim = credentials?.eo_per_claim_cents ?? null;
  const minimum = needs.eoMinimumCents ?? null;
  let policy: string | null = null;
  if (policyEnds === null) policy = 'No errors-and-omissions policy on file';
  else if (policyEnds < needs.today) policy = `The E&O policy expired on ${usDay(policyEnds)}`;
  else if (minimum !== null && perClaim !== null && BigInt(perClaim) < minimum)
    policy = `E&O coverage of ${centsToCurrency(perClaim)} per claim is below the ${needs.eoMinimumOf === 'lender' ? "lender's" : "company's"} minimum of ${centsToCurrency(minimum)}`;
  if (policy !== null) failures.push({ filter: 'eo_policy', reason: policy });
  const capacity = credentials?.capacity ?? null;
  if (capacity !== null && openOrders >= capacity)
    failures.push({ filter: 'capacity', reason: `At capacity: ${openOrders} open orders of ${capacity}` });
  return failures;
}
