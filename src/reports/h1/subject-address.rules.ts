import { coordinateRule } from './coordinates.ts';
import { at, required, subjectProperty, type H1Rule } from './rule.ts';

/** The subject's physical address and its place on the map. */
const ADDRESS = { owners: subjectProperty, within: 'ADDRESS' };
const GEOSPATIAL = { owners: subjectProperty, within: 'LOCATION_IDENTIFIER/GEOSPATIAL_INFORMATION' };

/** The USPS codes of the states, the District of Columbia and the inhabited territories. */
export const US_STATE_AND_TERRITORY_CODES: ReadonlySet<string> = new Set(
  (
    'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY ' +
    'NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY AS GU MP PR VI'
  ).split(' '),
);

const ZIP_OR_ZIP_PLUS_FOUR = /^\d{5}(-\d{4})?$/;

export const subjectAddressRules: H1Rule[] = [
  required({ id: 'UAD1001', ...ADDRESS, element: 'AddressLineText' }),
  required({ id: 'UAD1002', ...ADDRESS, element: 'CityName' }),
  required({ id: 'UAD1003', ...ADDRESS, element: 'CountyName' }),
  required({ id: 'UAD1004', ...ADDRESS, element: 'PostalCode' }),
  {
    id: 'UAD1005',
    check: (document) =>
      (document.subject?.select('ADDRESS/PostalCode') ?? [])
        .filter((node) => node.text !== '' && !ZIP_OR_ZIP_PLUS_FOUR.test(node.text))
        .map((node) => at(node)),
  },
  required({ id: 'UAD1006', ...ADDRESS, element: 'StateCode' }),
  {
    id: 'UAD1007',
    check: (document) =>
      (document.subject?.select('ADDRESS/StateCode') ?? [])
        .filter((node) => node.text !== '' && !US_STATE_AND_TERRITORY_CODES.has(node.text))
        .map((node) => at(node)),
  },
  required({ id: 'UAD1008', ...GEOSPATIAL, element: 'LatitudeIdentifier' }),
  required({ id: 'UAD1009', ...GEOSPATIAL, element: 'LongitudeIdentifier' }),
  coordinateRule('UAD1742', subjectProperty, 'LatitudeIdentifier'),
  coordinateRule('UAD1743', subjectProperty, 'LongitudeIdentifier'),
];
