import type { XmlNode } from '../xml-tree.ts';
import { propertiesOfUse, rolesOfType, type H1Document } from './document.ts';

/**
 * One place a rule fires: on an element (a value that breaks the rule), or on the element an
 * absent one belongs in. `primary` and `related` fill the message's %PV% and %RV1%….
 */
export interface Hit {
  node: XmlNode;
  /** The absent element's path under `node` ("PostalCode", "ADDRESS/PostalCode"). */
  missing?: string;
  primary?: string | undefined;
  related?: (string | undefined)[];
}

/** A compliance rule of Appendix H-1, by its message id; its text and severity are the catalog's. */
export interface H1Rule {
  id: string;
  check(document: H1Document, asOf: Date): Hit[];
}

/** A hit on an element, naming its value or others. */
export const at = (node: XmlNode, primary?: string, related?: (string | undefined)[]): Hit => ({
  node,
  primary: primary ?? node.text,
  related,
});

/** A hit on the element in which `missing` is absent. */
export const absent = (parent: XmlNode, missing: string, related?: (string | undefined)[]): Hit => ({
  node: parent,
  missing,
  related,
});

/** The elements a rule is about, found in the document: the subject, each comparable, each role. */
export type Owners = (document: H1Document) => XmlNode[];

export const subjectProperty: Owners = (document) => (document.subject ? [document.subject] : []);
export const theAnalysis: Owners = (document) => (document.analysis ? [document.analysis] : []);
export const propertiesUsedAs =
  (use: string): Owners =>
  (document) =>
    propertiesOfUse(document, use);
export const rolesOf =
  (...types: string[]): Owners =>
  (document) =>
    rolesOfType(document, ...types).map((role) => role.role);
/** The parties playing one of `types`, each once. */
export const partiesOf =
  (...types: string[]): Owners =>
  (document) => [...new Set(rolesOfType(document, ...types).map((role) => role.party))];

/** Whether `node` has a value at `path` that is one of `values`. */
export const valueIs = (node: XmlNode | null | undefined, path: string, ...values: string[]): boolean => {
  const value = node?.value(path);
  return value !== undefined && values.includes(value);
};

/** Whether `node` has a non-blank value at `path`. */
export const provided = (node: XmlNode | null | undefined, path: string): boolean =>
  node?.value(path) !== undefined;

/**
 * The shape most rules share: `element` must be provided in each container at `within` under
 * each owner, when `when` holds. A container that is absent is itself a missing element
 * ("at least one instance of X is not provided"), unless the rule reads "in a given instance
 * of X" (`eachPresent`), which asks nothing of an instance that is not there.
 */
export interface Requirement {
  id: string;
  owners: Owners;
  /** The path from an owner to the element's container; the owner itself when omitted. */
  within?: string;
  element: string;
  when?: (container: XmlNode | null, owner: XmlNode, document: H1Document) => boolean;
  eachPresent?: boolean;
  related?: (container: XmlNode | null, owner: XmlNode) => (string | undefined)[];
}

export function required(requirement: Requirement): H1Rule {
  const { id, owners, within, element, when, eachPresent, related } = requirement;
  return {
    id,
    check(document) {
      const hits: Hit[] = [];
      for (const owner of owners(document)) {
        const containers = within ? owner.select(within) : [owner];
        if (containers.length === 0) {
          if (!eachPresent && (when?.(null, owner, document) ?? true))
            hits.push(absent(owner, `${within}/${element}`, related?.(null, owner)));
          continue;
        }
        for (const container of containers)
          if (!provided(container, element) && (when?.(container, owner, document) ?? true))
            hits.push(absent(container, element, related?.(container, owner)));
      }
      return hits;
    },
  };
}

/** "If XType = "Other" and XTypeOtherDescription is not provided in a given instance of …". */
export const otherDescribed = (
  id: string,
  owners: Owners,
  within: string | undefined,
  typeElement: string,
  describedBy = `${typeElement}OtherDescription`,
): H1Rule =>
  required({
    id,
    owners,
    ...(within === undefined ? {} : { within }),
    element: describedBy,
    eachPresent: true,
    when: (container) => valueIs(container, typeElement, 'Other'),
  });

/**
 * Identifiers that must be unique within each group (the subject's structures; one
 * comparable's units): each repetition of one already seen in its group is a hit.
 */
export function notUnique(id: string, groups: (document: H1Document) => XmlNode[][]): H1Rule {
  return {
    id,
    check(document) {
      const hits: Hit[] = [];
      for (const group of groups(document)) {
        const seen = new Set<string>();
        for (const node of group) {
          if (node.text === '') continue;
          if (seen.has(node.text)) hits.push(at(node));
          seen.add(node.text);
        }
      }
      return hits;
    },
  };
}
