/**
 * Whether two ways of writing an address line name the same place: "123 Falling Tree Court" and
 * "123 falling tree ct." do. Case, punctuation and the USPS abbreviations of street suffixes,
 * directions and unit designators are set aside (USPS Publication 28, appendices B and C);
 * anything else that differs is a difference.
 */
const ABBREVIATIONS: Record<string, string> = {
  ALLEY: 'ALY',
  AVENUE: 'AVE',
  AV: 'AVE',
  BOULEVARD: 'BLVD',
  CIRCLE: 'CIR',
  COURT: 'CT',
  COVE: 'CV',
  CROSSING: 'XING',
  DRIVE: 'DR',
  EXPRESSWAY: 'EXPY',
  FREEWAY: 'FWY',
  HIGHWAY: 'HWY',
  LANE: 'LN',
  LOOP: 'LOOP',
  PARKWAY: 'PKWY',
  PLACE: 'PL',
  PLAZA: 'PLZ',
  POINT: 'PT',
  ROAD: 'RD',
  ROUTE: 'RTE',
  SQUARE: 'SQ',
  STREET: 'ST',
  TERRACE: 'TER',
  TRAIL: 'TRL',
  TRACE: 'TRCE',
  WAY: 'WAY',
  NORTH: 'N',
  SOUTH: 'S',
  EAST: 'E',
  WEST: 'W',
  NORTHEAST: 'NE',
  NORTHWEST: 'NW',
  SOUTHEAST: 'SE',
  SOUTHWEST: 'SW',
  APARTMENT: 'APT',
  SUITE: 'STE',
  UNIT: 'UNIT',
  BUILDING: 'BLDG',
  FLOOR: 'FL',
  NUMBER: '#',
  NO: '#',
};

/** The words of an address line in one spelling. */
export function addressWords(line: string): string[] {
  return line
    .toUpperCase()
    .replace(/#/g, ' # ')
    .replace(/[.,;]/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => ABBREVIATIONS[word] ?? word);
}

export function sameAddressLine(a: string, b: string): boolean {
  return addressWords(a).join(' ') === addressWords(b).join(' ');
}

/** The unit as its number alone: "Unit 2C", "#2C", "Apt. 2c" are all "2C". */
export function unitNumber(unit: string): string {
  return addressWords(unit)
    .filter((word) => !['APT', 'STE', 'UNIT', 'BLDG', 'FL', '#'].includes(word))
    .join(' ');
}

/** Names compared without case, punctuation, "County" or "Parish". */
export function sameName(a: string, b: string): boolean {
  const plain = (value: string) =>
    value
      .toUpperCase()
      .replace(/[^A-Z0-9 ]/g, ' ')
      .replace(/\b(COUNTY|PARISH|BOROUGH|CITY AND)\b/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  return plain(a) === plain(b);
}

/** ZIP codes compared on their first five digits (the order may hold ZIP+4). */
export const sameZip = (a: string, b: string) =>
  a.replace(/\D/g, '').slice(0, 5) === b.replace(/\D/g, '').slice(0, 5);

/** Whether one organisation name holds the other's words ("DEF Bank" and "DEF Bank, N.A."). */
export function namesOverlap(a: string, b: string): boolean {
  const words = (value: string) =>
    value
      .toUpperCase()
      .replace(/[^A-Z0-9 ]/g, ' ')
      .split(/\s+/)
      .filter(
        (word) => word !== '' && !['INC', 'LLC', 'NA', 'N', 'A', 'THE', 'CO', 'CORP', 'OF'].includes(word),
      );
  const left = words(a);
  const right = words(b);
  if (left.length === 0 || right.length === 0) return false;
  const [shorter, longer] = left.length <= right.length ? [left, right] : [right, left];
  return shorter.every((word) => longer.includes(word));
}
