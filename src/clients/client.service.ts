import { clientVisibleTo } from '../auth/access.ts';
import type { AuthUser } from '../auth/principal.ts';
import type { Db } from '../db/connection.ts';
import { AppError, notFound, type FieldProblem } from '../errors/app-error.ts';
import type { ListQuery } from '../db/list-filter.ts';
import {
  findOrganization,
  insertOrganization,
  linkCompanyToClient,
} from '../organizations/organization.repository.ts';
import { isUuid } from '../db/ids.ts';
import { toStateCode } from '../reference/us-states.ts';
import {
  clientBranches,
  clientCompanies,
  clientParties,
  clientTypeExists,
  findVisibleClient,
  listClients,
  listClientTypes,
  listPropertyTypes,
} from './client.repository.ts';
import { PHONE_TYPES, toPhoneType, type CreateClientBody } from './client.schemas.ts';

export async function listVisibleClients(db: Db, user: AuthUser, list: ListQuery) {
  return listClients(db, (id) => clientVisibleTo(user, id), list);
}

export async function listAllClientTypes(db: Db, list: ListQuery) {
  return listClientTypes(db, list);
}

export const propertyTypes = listPropertyTypes;

/**
 * The client's configuration: what an order for this client may name. Readable by the
 * client's own users, staff of a company serving it (who see their own company's entry only:
 * not a competitor's products and fees), and operators. Anyone else: not found.
 */
export async function clientConfiguration(db: Db, user: AuthUser, clientId: string) {
  if (!isUuid(clientId)) throw notFound('client');
  const client = await findVisibleClient(db, clientId, (id) => clientVisibleTo(user, id));
  if (!client) throw notFound('client');
  const [branches, companies, parties, property_types] = await Promise.all([
    clientBranches(db, client.id),
    clientCompanies(db, client.id, user.role === 'staff' ? user.organizationId : null),
    clientParties(db, client.id),
    listPropertyTypes(db),
  ]);
  return { id: client.id, branches, companies, parties, property_types };
}

/**
 * Creates a client (lender) with its address and contacts. Staff create clients that their
 * company serves; operators name the serving company (company_id) or none.
 */
export async function createClient(db: Db, user: AuthUser, body: CreateClientBody) {
  const input = body.organization;
  const problems: FieldProblem[] = [];
  if (!isUuid(input.client_type_id) || !(await clientTypeExists(db, input.client_type_id))) {
    problems.push({
      field: 'organization.client_type_id',
      message: 'is not a client type (see GET /api/v1/client_types)',
    });
  }
  const state = toStateCode(input.address_attributes.state);
  if (!state) problems.push({ field: 'organization.address_attributes.state', message: 'is not a US state' });
  input.contacts_attributes.forEach((contact, c) =>
    (contact.phones_attributes ?? []).forEach((phone, p) => {
      if (phone.phone_type !== undefined && !toPhoneType(phone.phone_type))
        problems.push({
          field: `organization.contacts_attributes[${c}].phones_attributes[${p}].phone_type`,
          message: `must be one of: ${Object.keys(PHONE_TYPES).join(', ')} (or cell, office, business, main, direct)`,
        });
    }),
  );

  let companyId: string | null = user.role === 'staff' ? user.organizationId : null;
  if (user.role === 'operator' && input.company_id !== undefined) {
    const company = await findOrganization(db, input.company_id);
    if (company?.kind !== 'company')
      problems.push({ field: 'organization.company_id', message: 'is not a company' });
    else companyId = company.id;
  }
  if (problems.length > 0) throw new AppError('validation_failed', 'The client is not valid', problems);

  return db.transaction().execute(async (trx) => {
    const client = await insertOrganization(trx, {
      kind: 'client',
      name: input.name.trim(),
      clientTypeId: input.client_type_id,
    });
    const address = input.address_attributes;
    await trx
      .insertInto('organization_addresses')
      .values({
        organization_id: client.id,
        address_one: address.address_one.trim(),
        address_two: address.address_two?.trim() || null,
        city: address.city.trim(),
        state: state!,
        zip: address.zip,
      })
      .execute();
    for (const [position, contact] of input.contacts_attributes.entries()) {
      const row = await trx
        .insertInto('contacts')
        .values({
          organization_id: client.id,
          name: contact.name.trim(),
          emails: (contact.emails ?? []).map((e) => e.trim().toLowerCase()),
          position,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const phones = contact.phones_attributes ?? [];
      if (phones.length > 0) {
        await trx
          .insertInto('contact_phones')
          .values(
            phones.map((p, i) => ({
              contact_id: row.id,
              phone_number: p.phone_number.trim(),
              phone_type: p.phone_type === undefined ? 'work' : toPhoneType(p.phone_type)!,
              position: i,
            })),
          )
          .execute();
      }
    }
    if (companyId) {
      await linkCompanyToClient(trx, companyId, client.id);
      if (input.add_all_products) {
        await trx
          .insertInto('client_products')
          .columns(['client_id', 'product_id'])
          .expression((eb) =>
            eb
              .selectFrom('products')
              .select([eb.val(client.id).as('client_id'), 'products.id'])
              .where('company_id', '=', companyId),
          )
          .execute();
      }
    }
    return { id: client.id, name: client.name };
  });
}
