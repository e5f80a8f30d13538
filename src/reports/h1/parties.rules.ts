import { partiesHolder, rolesOfType } from './document.ts';
import {
  absent,
  at,
  otherDescribed,
  partiesOf,
  provided,
  required,
  rolesOf,
  valueIs,
  type H1Rule,
} from './rule.ts';

/**
 * The other parties to the assignment: the client (and what else it is), the lender and the
 * management company, whoever gave significant assistance, and the owner, seller and borrower.
 */
const clients = partiesOf('Client');
const CLIENT_ADDRESS = 'ADDRESSES/ADDRESS';
const ENTITY = 'LEGAL_ENTITY/LEGAL_ENTITY_DETAIL';
const NAME = 'INDIVIDUAL/NAME';
/** The roles a client also plays: it is the lender, the investor, its attorney, its management company… */
const CLIENT_IS_ALSO = ['Attorney', 'Investor', 'Lender', 'ManagementCompany', 'Other'];

/** "If neither FullName nor LastName is provided for PartyRoleType = `type`". */
function named(id: string, type: string): H1Rule {
  return {
    id,
    check: (document) =>
      partiesOf(type)(document)
        .filter((party) => !provided(party, `${ENTITY}/FullName`) && !provided(party, `${NAME}/LastName`))
        .map((party) => absent(party, `${NAME}/LastName`, [type])),
  };
}

export const partyRules: H1Rule[] = [
  required({ id: 'UAD1537', owners: clients, within: CLIENT_ADDRESS, element: 'AddressLineText' }),
  required({ id: 'UAD1538', owners: clients, within: CLIENT_ADDRESS, element: 'CityName' }),
  required({ id: 'UAD1539', owners: clients, within: CLIENT_ADDRESS, element: 'PostalCode' }),
  required({ id: 'UAD1540', owners: clients, within: CLIENT_ADDRESS, element: 'StateCode' }),
  required({ id: 'UAD1541', owners: clients, within: ENTITY, element: 'FullName' }),
  {
    id: 'UAD1542',
    check: (document) =>
      rolesOfType(document, 'Client').length > 0
        ? []
        : [absent(partiesHolder(document), 'PARTY/ROLES/ROLE/ROLE_DETAIL/PartyRoleType', [])],
  },
  {
    id: 'UAD1543',
    check: (document) =>
      rolesOfType(document, 'Client')
        .filter(
          ({ party }) =>
            !party
              .select('ROLES/ROLE')
              .some((role) => valueIs(role, 'ROLE_DETAIL/PartyRoleType', ...CLIENT_IS_ALSO)),
        )
        .map(({ role }) => at(role.first('ROLE_DETAIL') ?? role, 'Client')),
  },
  otherDescribed(
    'UAD1555',
    (document) => document.roles.map(({ role }) => role),
    'ROLE_DETAIL',
    'PartyRoleType',
  ),
  {
    id: 'UAD1560',
    check: (document) =>
      rolesOfType(document, 'Lender', 'ManagementCompany')
        .filter(({ party }) => !provided(party, `${ENTITY}/FullName`))
        .map(({ party, type }) => absent(party, `${ENTITY}/FullName`, [type])),
  },
  required({
    id: 'UAD1561',
    owners: partiesOf('SignificantRealPropertyAppraisalAssistance'),
    within: NAME,
    element: 'FirstName',
  }),
  required({
    id: 'UAD1562',
    owners: partiesOf('SignificantRealPropertyAppraisalAssistance'),
    within: NAME,
    element: 'LastName',
  }),
  required({
    id: 'UAD1563',
    owners: rolesOf('SignificantRealPropertyAppraisalAssistance'),
    within: 'ROLE_DETAIL',
    element: 'PartyRoleTypeAdditionalDescription',
  }),
  named('UAD1699', 'PropertySeller'),
  named('UAD1700', 'PropertyOwner'),
  named('UAD1701', 'Borrower'),
];
