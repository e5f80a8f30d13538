import { Type } from 'typebox';
import { Id, ref } from '../schemas/common.ts';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { ListQueryString, parseListQuery } from '../http/list-query.ts';
import { CLIENT_ATTRIBUTES, CLIENT_TYPE_ATTRIBUTES } from './client.repository.ts';
import { changeClientSettings, getClientSettings } from './client-settings.service.ts';
import { changeClientAccess, getClientAccess } from './client-access.service.ts';
import { changeClientProducts, getClientProducts } from './client-products.service.ts';
import {
  ClientAccess,
  ClientAccessBody,
  ClientConfiguration,
  ClientProducts,
  ClientProductsBody,
  ClientSettings,
  ClientSettingsBody,
  ClientSummary,
  ClientTypeSummary,
  CreateClientBody,
  CreatedClient,
  PropertyType,
} from './client.schemas.ts';
import {
  clientConfiguration,
  createClient,
  listAllClientTypes,
  listVisibleClients,
  propertyTypes,
} from './client.service.ts';

const QUERY_HELP =
  'Ransack-style search: q[name_cont]=bank, q[name_eq]=..., q[client_type_id_eq]=<id>, q[s]=name desc. ' +
  'An unknown attribute or predicate, or a value of the wrong type, answers 422 naming the q[...] key.';
const ClientParams = Type.Object({ client_id: Id('The client') });

export function registerClientRoutes(app: AppInstance, { db, config }: AppDeps): void {
  const listOptions = { timeZone: config.timeZone };

  app.get(
    '/clients',
    {
      config: { roles: ['operator', 'staff', 'client'], listAttributes: CLIENT_ATTRIBUTES },
      schema: {
        operationId: 'listClients',
        tags: ['clients'],
        summary: 'Clients (lenders) you can see: staff those their company serves, client users their own',
        description: QUERY_HELP + ' A bare array, sorted by name.',
        querystring: ListQueryString,
        response: { 200: Type.Array(ref(ClientSummary), { description: 'A page of clients' }) },
      },
    },
    (request) =>
      listVisibleClients(
        db,
        principalOf(request).user,
        parseListQuery(request.query, CLIENT_ATTRIBUTES, listOptions),
      ),
  );

  app.get(
    '/client_types',
    {
      config: { listAttributes: CLIENT_TYPE_ATTRIBUTES },
      schema: {
        operationId: 'listClientTypes',
        tags: ['clients'],
        summary: 'Kinds of client (bank, credit union, ...)',
        description:
          QUERY_HELP + ' A bare array, sorted by name; client_type_id in POST /clients takes these ids.',
        querystring: ListQueryString,
        response: { 200: Type.Array(ref(ClientTypeSummary), { description: 'A page of client types' }) },
      },
    },
    (request) => listAllClientTypes(db, parseListQuery(request.query, CLIENT_TYPE_ATTRIBUTES, listOptions)),
  );

  app.post(
    '/clients',
    {
      config: { roles: ['staff', 'operator'] },
      schema: {
        operationId: 'createClient',
        tags: ['clients'],
        summary: 'Create a client (staff: served by your company; operators)',
        description:
          'With its address and contacts, wrapped in organization. add_all_products attaches every product of the serving company. phone_type takes the names people use (Office, Cell, …).',
        body: ref(CreateClientBody),
        response: { 201: ref(CreatedClient) },
      },
    },
    async (request, reply) => {
      const client = await createClient(db, principalOf(request).user, request.body);
      return reply.status(201).send({ success: true as const, client });
    },
  );

  app.get(
    '/clients/:client_id/configurations',
    {
      schema: {
        operationId: 'getClientConfiguration',
        tags: ['clients'],
        summary:
          "A client's configuration: companies, products, payment methods, parties, branches, property types",
        description:
          "Read it before placing an order: it gives the company_id, product_ids, client_user_ids (parties) and property_type_id an order names. Staff see only their own company's entry.",
        params: ClientParams,
        response: { 200: ref(ClientConfiguration) },
      },
    },
    (request) => clientConfiguration(db, principalOf(request).user, request.params.client_id),
  );

  app.get(
    '/clients/:client_id/settings',
    {
      config: { roles: ['staff', 'operator'] },
      schema: {
        operationId: 'getClientSettings',
        tags: ['clients'],
        summary: "Your company's settings for a client it serves",
        description:
          "Client review of reports, payment before assignment, the review of the client's requests, messages through the company, and release of the report after payment (docs/api.md). Operators name the company with company_id when several serve the client.",
        params: ClientParams,
        querystring: Type.Object({ company_id: Type.Optional(Id('Operators: the serving company')) }),
        response: { 200: ref(ClientSettings) },
      },
    },
    (request) =>
      getClientSettings(db, principalOf(request).user, request.params.client_id, request.query.company_id),
  );
  app.patch(
    '/clients/:client_id/settings',
    {
      config: { roles: ['staff', 'operator'] },
      schema: {
        operationId: 'changeClientSettings',
        tags: ['clients'],
        summary: "Change your company's settings for a client (the company's admins; operators)",
        description: 'Send only what changes; the answer is the settings as they now are.',
        params: ClientParams,
        body: ref(ClientSettingsBody),
        response: { 200: ref(ClientSettings) },
      },
    },
    (request) => changeClientSettings(db, principalOf(request).user, request.params.client_id, request.body),
  );

  app.get(
    '/clients/:client_id/access',
    {
      config: { roles: ['client', 'staff', 'operator'] },
      schema: {
        operationId: 'getClientAccess',
        tags: ['clients'],
        summary: 'Who of the client sees which of its orders',
        description:
          "The client's own setting order_visibility: all of its orders, or only those of the user's branch or their own, for its users who are not admins. Read by the client's users and the staff of the companies serving it.",
        params: ClientParams,
        response: { 200: ref(ClientAccess) },
      },
    },
    (request) => getClientAccess(db, principalOf(request).user, request.params.client_id),
  );
  app.patch(
    '/clients/:client_id/access',
    {
      config: { roles: ['client', 'staff', 'operator'] },
      schema: {
        operationId: 'changeClientAccess',
        tags: ['clients'],
        summary:
          "Change who of the client sees which of its orders (the client's admins, its company's admins, operators)",
        description: 'The answer is the setting as it now is; every process applies it within 5 seconds.',
        params: ClientParams,
        body: ref(ClientAccessBody),
        response: { 200: ref(ClientAccess) },
      },
    },
    (request) => changeClientAccess(db, principalOf(request).user, request.params.client_id, request.body),
  );

  app.get(
    '/clients/:client_id/products',
    {
      config: { roles: ['staff', 'operator'] },
      schema: {
        operationId: 'getClientProducts',
        tags: ['clients'],
        summary: "Which of your company's products a client may order, and at what fee",
        description:
          "Every product of the company, with whether the client is offered it and the client's own fee (null: the standard fee). Operators name the company with company_id when several serve the client.",
        params: ClientParams,
        querystring: Type.Object({ company_id: Type.Optional(Id('Operators: the serving company')) }),
        response: { 200: ref(ClientProducts) },
      },
    },
    (request) =>
      getClientProducts(db, principalOf(request).user, request.params.client_id, request.query.company_id),
  );
  app.put(
    '/clients/:client_id/products',
    {
      config: { roles: ['staff', 'operator'] },
      schema: {
        operationId: 'changeClientProducts',
        tags: ['clients'],
        summary: "Set the products a client may order and its own fees (the company's admins; operators)",
        description:
          "The list replaces the client's products of your company: those left out are withdrawn. A fee replaces the product's standard fee on the orders the client places from then on; orders already placed keep their fees.",
        params: ClientParams,
        body: ref(ClientProductsBody),
        response: { 200: ref(ClientProducts) },
      },
    },
    (request) => changeClientProducts(db, principalOf(request).user, request.params.client_id, request.body),
  );

  app.get(
    '/property_types',
    {
      schema: {
        operationId: 'listPropertyTypes',
        tags: ['reference data'],
        summary: 'Property types',
        description: 'A bare array of {id, name, slug}; orders name one by property_type_id.',
        response: { 200: Type.Array(ref(PropertyType), { description: 'Every property type' }) },
      },
    },
    () => propertyTypes(db),
  );
}
