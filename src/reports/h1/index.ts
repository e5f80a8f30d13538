import type { Finding } from '../findings.ts';
import type { XmlNode } from '../xml-tree.ts';
import { adjustmentRules } from './adjustments.rules.ts';
import { catalogEntry, fillMessage } from './catalog.ts';
import { commentaryRules } from './commentary.rules.ts';
import { comparableSaleRules } from './comparable-sales.rules.ts';
import { comparableRules } from './comparables.rules.ts';
import { contractRules } from './contract.rules.ts';
import { dateRules } from './dates.rules.ts';
import { readH1Document } from './document.ts';
import { inspectionRules } from './inspections.rules.ts';
import { licenseRules } from './licenses.rules.ts';
import { marketRules } from './market.rules.ts';
import { partyRules } from './parties.rules.ts';
import { propertyRules } from './property.rules.ts';
import { relationshipRules } from './relationships.rules.ts';
import type { H1Rule, Hit } from './rule.ts';
import { scopeRules } from './scope.rules.ts';
import { siteRules } from './site.rules.ts';
import { subjectAddressRules } from './subject-address.rules.ts';
import { valueRules } from './values.rules.ts';

/**
 * The GSEs' compliance rules (Appendix H-1) that the service checks a UAD 3.6 report against
 * before it is submitted, in message id order. Each rule file holds one theme; the texts and
 * severities come from the published CSV (catalog.ts).
 */
const RULES: readonly H1Rule[] = [
  ...subjectAddressRules,
  ...propertyRules,
  ...siteRules,
  ...contractRules,
  ...comparableRules,
  ...comparableSaleRules,
  ...adjustmentRules,
  ...valueRules,
  ...scopeRules,
  ...dateRules,
  ...inspectionRules,
  ...licenseRules,
  ...partyRules,
  ...marketRules,
  ...commentaryRules,
  ...relationshipRules,
].toSorted((one, other) => one.id.localeCompare(other.id));

for (let index = 1; index < RULES.length; index++)
  if (RULES[index]!.id === RULES[index - 1]!.id) throw new Error(`${RULES[index]!.id} is implemented twice`);

/** The message ids of the rules implemented, in order. */
export const H1_RULE_IDS: readonly string[] = RULES.map((rule) => rule.id);

function toFinding(id: string, hit: Hit): Finding {
  const entry = catalogEntry(id);
  const place = hit.node.path();
  return {
    id,
    source: 'uad',
    severity: entry.severity,
    message: fillMessage(entry.text, hit.primary, hit.related ?? []),
    field: hit.missing === undefined ? place : `${place}/${hit.missing}`,
    line: hit.node.line,
  };
}

/**
 * The findings of every implemented rule on a UAD 3.6 document (its root, MESSAGE), by rule
 * and then in the order the rule met them in the file. `asOf` is the day the rules that look
 * at "the current date" (a signature in the future, an effective date more than 367 days
 * old) compare with.
 */
export function runH1Rules(root: XmlNode, asOf: Date): Finding[] {
  const document = readH1Document(root);
  return RULES.flatMap((rule) => rule.check(document, asOf).map((hit) => toFinding(rule.id, hit)));
}
