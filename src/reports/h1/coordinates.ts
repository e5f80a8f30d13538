import { catalogEntry, numericLimit } from './catalog.ts';
import { at, type H1Rule, type Hit, type Owners } from './rule.ts';
import { decimal, decimalPlaces } from './values.ts';

/** Placeholder coordinates with fewer places put a property anywhere within a kilometre. */
const LEAST_DECIMAL_PLACES = 5;

/**
 * "If LatitudeIdentifier (LongitudeIdentifier) is not provided between Min and Max with at least
 * 5 digits of precision to the right of the decimal point": a coordinate that is given but out
 * of range or too coarse (an absent one is another rule's).
 */
export function coordinateRule(
  id: string,
  owners: Owners,
  element: 'LatitudeIdentifier' | 'LongitudeIdentifier',
): H1Rule {
  return {
    id,
    check(document) {
      const { min, max } = catalogEntry(id);
      const lowest = numericLimit(min) ?? -Infinity;
      const highest = numericLimit(max) ?? Infinity;
      const hits: Hit[] = [];
      for (const owner of owners(document))
        for (const node of owner.select(`LOCATION_IDENTIFIER/GEOSPATIAL_INFORMATION/${element}`)) {
          if (node.text === '') continue;
          const value = decimal(node.text);
          if (
            value === null ||
            value < lowest ||
            value > highest ||
            decimalPlaces(node.text) < LEAST_DECIMAL_PLACES
          )
            hits.push(at(node));
        }
      return hits;
    },
  };
}
