import type { XmlNode } from '../xml-tree.ts';

/**
 * A UAD 3.6 file as the compliance rules look at it: the valuation analysis and its properties,
 * the parties of every service with their roles, the relationships and the labels they join.
 * Read once per file, so that 200 rules do not each walk the tree again.
 */
const DOCUMENT = 'DOCUMENT_SETS/DOCUMENT_SET/DOCUMENTS/DOCUMENT';
const SERVICES = `${DOCUMENT}/DEAL_SETS/DEAL_SET/DEALS/DEAL/SERVICES/SERVICE`;
const ANALYSIS = 'VALUATION/VALUATION_RESPONSE/VALUATION_ANALYSES/VALUATION_ANALYSIS';
const RECONCILIATION_SUMMARY = 'VALUATION_REPORT/VALUATION_RECONCILIATION/VALUATION_RECONCILIATION_SUMMARY';

/** A role a party plays (one ROLE), with the party and the service it is listed in. */
export interface PartyRole {
  party: XmlNode;
  role: XmlNode;
  /** PartyRoleType: Appraiser, AppraiserSupervisor, Client, Lender… */
  type: string | undefined;
  service: XmlNode;
}

/** A RELATIONSHIP: an arc of `arcrole` from the element labelled `from` to the one labelled `to`. */
export interface Link {
  node: XmlNode;
  arcrole: string;
  from: string;
  to: string;
}

export interface H1Document {
  root: XmlNode;
  document: XmlNode | null;
  services: XmlNode[];
  /** The SERVICE holding the valuation (a hybrid report has an inspection's beside it). */
  valuationService: XmlNode | null;
  /** The analysis (VALUATION_ANALYSIS) of the valuation service. */
  analysis: XmlNode | null;
  /** The analysis's properties: the subject, the comparables, the properties analysed but not used. */
  properties: XmlNode[];
  /** The first property of use SubjectProperty. */
  subject: XmlNode | null;
  /** VALUATION_RECONCILIATION_SUMMARY_DETAIL, where the effective date and the value are. */
  reconciliation: XmlNode | null;
  /** AppraisalReportEffectiveDate as written. */
  effectiveDate: string | undefined;
  roles: PartyRole[];
  links: Link[];
  /** The elements carrying xlink:label `label`. */
  labelled(label: string): XmlNode[];
  /** Whether some RELATIONSHIP of the arcrole ending in `arc` points at `node` (by its label). */
  isLinkedTo(arc: string, node: XmlNode): boolean;
}

/** The properties of the analysis used as `use` (SubjectProperty, SalesComparable…). */
export const propertiesOfUse = (document: H1Document, use: string): XmlNode[] =>
  document.properties.filter((property) => property.attribute('ValuationUseType') === use);

/** The roles of type `type` across every party of every service. */
export const rolesOfType = (document: H1Document, ...types: string[]): PartyRole[] =>
  document.roles.filter((role) => role.type !== undefined && types.includes(role.type));

/** A value of the scope of work (SCOPE_OF_WORK_DETAIL): CostApproachIndicator… */
export const scopeOfWork = (document: H1Document, name: string): string | undefined =>
  document.analysis?.value(`VALUATION_REPORT/SCOPE_OF_WORK/SCOPE_OF_WORK_DETAIL/${name}`);

/** Where a missing party is looked for: the valuation service's PARTIES, or what holds them. */
export const partiesHolder = (document: H1Document): XmlNode =>
  document.valuationService?.first('PARTIES') ?? document.valuationService ?? document.root;

export function readH1Document(root: XmlNode): H1Document {
  const services = root.select(SERVICES);
  const valuation = services.find((service) => service.first('VALUATION'));
  const analysis = valuation?.select(ANALYSIS)[0] ?? null;
  const properties = analysis?.select('PROPERTIES/PROPERTY') ?? [];
  const reconciliation =
    analysis?.select(`${RECONCILIATION_SUMMARY}/VALUATION_RECONCILIATION_SUMMARY_DETAIL`)[0] ?? null;
  const roles: PartyRole[] = [];
  for (const service of services)
    for (const party of service.select('PARTIES/PARTY'))
      for (const role of party.select('ROLES/ROLE'))
        roles.push({ party, role, type: role.value('ROLE_DETAIL/PartyRoleType'), service });
  const links: Link[] = services
    .flatMap((service) => service.select('RELATIONSHIPS/RELATIONSHIP'))
    .map((node) => ({
      node,
      arcrole: node.attribute('arcrole') ?? '',
      from: node.attribute('from') ?? '',
      to: node.attribute('to') ?? '',
    }));
  // Built on first use: most files are checked by rules that never follow a label.
  let labels: Map<string, XmlNode[]> | null = null;
  const labelled = (label: string) => {
    if (!labels) {
      labels = new Map();
      // A plain walk: the tree's descendants() generator is several times slower on 20,000 elements.
      const pending = [root];
      for (let node = pending.pop(); node; node = pending.pop()) {
        const own = node.attribute('label');
        if (own !== undefined) labels.set(own, [...(labels.get(own) ?? []), node]);
        for (let index = node.children.length - 1; index >= 0; index--) pending.push(node.children[index]!);
      }
    }
    return labels.get(label) ?? [];
  };
  const targets = new Map<string, Set<string>>();
  for (const link of links) {
    const arc = link.arcrole.slice(link.arcrole.lastIndexOf('/') + 1);
    if (!targets.has(arc)) targets.set(arc, new Set());
    targets.get(arc)!.add(link.to);
  }
  return {
    root,
    document: root.select(DOCUMENT)[0] ?? null,
    services,
    valuationService: valuation ?? null,
    analysis,
    properties,
    subject:
      properties.find((property) => property.attribute('ValuationUseType') === 'SubjectProperty') ?? null,
    reconciliation,
    effectiveDate: reconciliation?.value('AppraisalReportEffectiveDate'),
    roles,
    links,
    labelled,
    isLinkedTo: (arc, node) => {
      const label = node.attribute('label');
      return label !== undefined && (targets.get(arc)?.has(label) ?? false);
    },
  };
}
