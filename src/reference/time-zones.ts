/**
 * The time zone of a subject property, for the clocks that run in it (an offer's, an
 * inspection's): the zone most of its state keeps, and the counties that keep another one where a
 * state is split (El Paso in Mountain time, Florida's panhandle in Central, Michigan's western Upper
 * Peninsula, Kentucky's and Tennessee's west…). A county not named here keeps its state's zone.
 */
const STATE_ZONES: Readonly<Record<string, string>> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
  PR: 'America/Puerto_Rico',
  VI: 'America/St_Thomas',
  GU: 'Pacific/Guam',
  AS: 'Pacific/Pago_Pago',
  MP: 'Pacific/Saipan',
};

/** Counties (5-digit FIPS) that keep another zone than most of their state. */
const COUNTY_ZONES: Readonly<Record<string, string>> = {
  // Texas: El Paso and Hudspeth keep Mountain time.
  '48141': 'America/Denver',
  '48229': 'America/Denver',
  // Florida's panhandle west of the Apalachicola keeps Central time.
  '12033': 'America/Chicago',
  '12113': 'America/Chicago',
  '12091': 'America/Chicago',
  '12131': 'America/Chicago',
  '12059': 'America/Chicago',
  '12133': 'America/Chicago',
  '12005': 'America/Chicago',
  '12063': 'America/Chicago',
  '12013': 'America/Chicago',
  // Michigan's Upper Peninsula on the Wisconsin line keeps Central time.
  '26043': 'America/Menominee',
  '26053': 'America/Menominee',
  '26071': 'America/Menominee',
  '26109': 'America/Menominee',
  // Tennessee's east keeps Eastern time (Knox, Hamilton, Sullivan, Washington).
  '47093': 'America/New_York',
  '47065': 'America/New_York',
  '47163': 'America/New_York',
  '47179': 'America/New_York',
  // Kentucky's west keeps Central time (McCracken, Warren, Daviess, Christian).
  '21145': 'America/Chicago',
  '21227': 'America/Chicago',
  '21059': 'America/Chicago',
  '21047': 'America/Chicago',
  // Oregon's Malheur keeps Mountain time; Idaho's north, Pacific.
  '41045': 'America/Boise',
  '16055': 'America/Los_Angeles',
  '16057': 'America/Los_Angeles',
  '16069': 'America/Los_Angeles',
};

/** The subject's zone from its state's USPS code and county FIPS; null for a state not known. */
export function subjectTimeZone(stateCode: string, countyId: string | null): string | null {
  return (countyId ? COUNTY_ZONES[countyId] : undefined) ?? STATE_ZONES[stateCode.toUpperCase()] ?? null;
}
