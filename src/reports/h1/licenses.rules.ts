import type { XmlNode } from '../xml-tree.ts';
import { partiesHolder, rolesOfType, type PartyRole } from './document.ts';
import {
  absent,
  at,
  otherDescribed,
  partiesOf,
  required,
  rolesOf,
  valueIs,
  type H1Rule,
  type Hit,
} from './rule.ts';
import { dayNumber, isFullDate } from './values.ts';

/**
 * The appraiser and the supervisory appraiser: who they are, their licenses or certifications,
 * and that the license was current on the effective date and is of the subject's state.
 */
const appraisers = rolesOf('Appraiser');
const supervisors = rolesOf('AppraiserSupervisor');
const LICENSE = 'LICENSES/LICENSE';
const APPRAISER_LICENSE = `${LICENSE}/APPRAISER_LICENSE`;
const LICENSE_DETAIL = `${LICENSE}/LICENSE_DETAIL`;
const NAME = 'INDIVIDUAL/NAME';

/** "If AppraiserLicenseType <> "None" and `element` is not provided for PartyRoleType = "Appraiser"". */
const licensedAppraiserHas = (id: string, element: string) =>
  required({
    id,
    owners: appraisers,
    within: LICENSE,
    element: `LICENSE_DETAIL/${element}`,
    when: (license) => !valueIs(license, 'APPRAISER_LICENSE/AppraiserLicenseType', 'None'),
  });

/** "If more than one instance of ROLE_DETAIL has PartyRoleType = `type` across all instances of PARTY". */
const onlyOne = (id: string, type: string): H1Rule => ({
  id,
  check: (document) =>
    rolesOfType(document, type)
      .slice(1)
      .map(({ role }) => at(role.first('ROLE_DETAIL') ?? role, type)),
});

/** The license expiration dates of `roles`, each with the type of the role it belongs to. */
const licenseDates = (roles: PartyRole[]) =>
  roles.flatMap(({ role, type }) =>
    role
      .select(`${LICENSE_DETAIL}/LicenseExpirationDate`)
      .map((node): [XmlNode, string | undefined] => [node, type]),
  );

export const licenseRules: H1Rule[] = [
  required({ id: 'UAD1524', owners: partiesOf('AppraiserSupervisor'), within: NAME, element: 'FirstName' }),
  required({ id: 'UAD1525', owners: partiesOf('AppraiserSupervisor'), within: NAME, element: 'LastName' }),
  required({
    id: 'UAD1526',
    owners: supervisors,
    within: APPRAISER_LICENSE,
    element: 'AppraiserLicenseType',
  }),
  otherDescribed(
    'UAD1527',
    (document) => document.roles.map(({ role }) => role),
    APPRAISER_LICENSE,
    'AppraiserLicenseType',
  ),
  required({ id: 'UAD1528', owners: supervisors, within: LICENSE_DETAIL, element: 'LicenseExpirationDate' }),
  {
    // The license was current on the effective date.
    id: 'UAD1529',
    check(document) {
      const effective = dayNumber(document.effectiveDate);
      if (effective === null) return [];
      return licenseDates(rolesOfType(document, 'Appraiser', 'AppraiserSupervisor'))
        .filter(([node]) => (dayNumber(node.text) ?? Infinity) < effective)
        .map(([node, type]) => at(node, node.text, [document.effectiveDate, type]));
    },
  },
  {
    id: 'UAD1530',
    check: (document) =>
      licenseDates(document.roles)
        .filter(([node]) => node.text !== '' && !isFullDate(node.text))
        .map(([node, type]) => at(node, node.text, [type])),
  },
  required({ id: 'UAD1531', owners: supervisors, within: LICENSE_DETAIL, element: 'LicenseIdentifier' }),
  required({
    id: 'UAD1532',
    owners: supervisors,
    within: LICENSE_DETAIL,
    element: 'LicenseIssuingAuthorityStateCode',
  }),
  {
    // Licensed or certified in another state than the subject's: a temporary practice permit, maybe.
    id: 'UAD1533',
    check(document) {
      const state = document.subject?.value('ADDRESS/StateCode');
      if (state === undefined) return [];
      return rolesOfType(document, 'Appraiser', 'AppraiserSupervisor')
        .flatMap(({ role }) => role.select(`${LICENSE_DETAIL}/LicenseIssuingAuthorityStateCode`))
        .filter((node) => node.text !== '' && node.text !== state)
        .map((node) => at(node, node.text, [state]));
    },
  },
  {
    // A trainee (or an appraiser without a license) works under a supervisor.
    id: 'UAD1534',
    check(document) {
      if (rolesOfType(document, 'AppraiserSupervisor').length > 0) return [];
      return rolesOfType(document, 'Appraiser')
        .flatMap(({ role }) => role.select(`${APPRAISER_LICENSE}/AppraiserLicenseType`))
        .filter((node) => node.text === 'None' || node.text === 'TraineeAppraiser')
        .map((node) => at(node));
    },
  },
  required({ id: 'UAD1544', owners: partiesOf('Appraiser'), within: NAME, element: 'FirstName' }),
  required({ id: 'UAD1545', owners: partiesOf('Appraiser'), within: NAME, element: 'LastName' }),
  required({ id: 'UAD1546', owners: appraisers, within: APPRAISER_LICENSE, element: 'AppraiserLicenseType' }),
  licensedAppraiserHas('UAD1548', 'LicenseExpirationDate'),
  licensedAppraiserHas('UAD1551', 'LicenseIdentifier'),
  licensedAppraiserHas('UAD1552', 'LicenseIssuingAuthorityStateCode'),
  {
    id: 'UAD1554',
    check: (document): Hit[] => {
      if (rolesOfType(document, 'Appraiser').length > 0) return [];
      return [absent(partiesHolder(document), 'PARTY/ROLES/ROLE/ROLE_DETAIL/PartyRoleType', [])];
    },
  },
  onlyOne('UAD1722', 'Appraiser'),
  onlyOne('UAD1759', 'AppraiserSupervisor'),
];
