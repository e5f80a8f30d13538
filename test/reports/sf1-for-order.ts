import { readFileSync } from 'node:fs';
import type { Db } from '../../src/db/connection.ts';
import { findCounty, findState } from '../../src/reference/geography.ts';

export const SF1_XML = readFileSync(
  new URL('../fixtures/uad/SF1/SF1_Appraisal_v1.4.xml', import.meta.url),
  'utf8',
);
export const SF1_PDF = readFileSync(new URL('../fixtures/uad/SF1/SF1_Appraisal_v1.4.pdf', import.meta.url));

/** What an order for SF1 is placed with: a 1004 at SF1's contract price. */
export async function sf1OrderFields(db: Db, companyId: string) {
  const product = await db
    .selectFrom('products')
    .select('id')
    .where('company_id', '=', companyId)
    .where('name', '=', 'Full Appraisal (1004)')
    .executeTakeFirstOrThrow();
  return { contract_price: 489000, product_ids: [product.id] };
}

/**
 * The GSEs' SF1 sample rewritten for one of our orders: the subject's address, the company's
 * file number, the client, and the appraiser's name and license as the panel holds them, with
 * its dates moved seven years on (2019 → 2026), so that the report is the order's report and
 * every check can pass. Everything else is SF1 as published.
 */
export async function sf1ForOrder(db: Db, orderId: string): Promise<string> {
  const order = await db
    .selectFrom('orders as o')
    .innerJoin('organizations as c', 'c.id', 'o.client_id')
    .innerJoin('users as a', 'a.id', 'o.appraiser_id')
    .select([
      'o.address_one',
      'o.city',
      'o.state_id',
      'o.county_id',
      'o.zip',
      'o.file_number',
      'c.name as client',
    ])
    .select(['a.id as appraiser_id', 'a.first_name', 'a.last_name'])
    .where('o.id', '=', orderId)
    .executeTakeFirstOrThrow();
  const license = await db
    .selectFrom('appraiser_licenses')
    .select(['number', 'expires_on'])
    .where('appraiser_id', '=', order.appraiser_id)
    .where('state_id', '=', order.state_id)
    .executeTakeFirstOrThrow();
  const state = findState(order.state_id)!.code;
  const county = order.county_id ? findCounty(order.state_id, order.county_id)!.name : 'Arboreal';
  return SF1_XML.replaceAll('123 Falling Tree Ct', order.address_one)
    .replaceAll('<CityName>Treeville</CityName>', `<CityName>${order.city}</CityName>`)
    .replaceAll('<StateCode>VA</StateCode>', `<StateCode>${state}</StateCode>`)
    .replaceAll('<LicenseIssuingAuthorityStateCode>VA<', `<LicenseIssuingAuthorityStateCode>${state}<`)
    .replaceAll('<PostalCode>12345</PostalCode>', `<PostalCode>${order.zip}</PostalCode>`)
    .replaceAll('<CountyName>Arboreal</CountyName>', `<CountyName>${county}</CountyName>`)
    .replace('<AdditionalValuationIdentifier>543234<', `<AdditionalValuationIdentifier>${order.file_number}<`)
    .replaceAll('<FullName>DEF Bank</FullName>', `<FullName>${order.client}</FullName>`)
    .replace(
      /<FirstName>Agatha<\/FirstName>(\s*)<LastName>Appraiser<\/LastName>/,
      `<FirstName>${order.first_name}</FirstName>$1<LastName>${order.last_name}</LastName>`,
    )
    .replace('<LicenseIdentifier>XYZ12345<', `<LicenseIdentifier>${license.number}<`)
    .replace('<LicenseExpirationDate>2020-10-10<', `<LicenseExpirationDate>${license.expires_on}<`)
    .replaceAll('>2019-', '>2026-')
    .replaceAll('>2018-', '>2025-');
}
