import { Type } from 'typebox';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { ListQueryString, parseListQuery } from '../http/list-query.ts';
import { CLIENT_ATTRIBUTES, CLIENT_TYPE_ATTRIBUTES } from './client.repository.ts';
import { changeClientSettings, getClientSettings } from './client-settings.service.ts';
import {
  ClientConfiguration,
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
  'Predicates: eq, not_eq, in, not_in, cont, start, end, lt, lteq, gt, gteq, null, present.';

export function registerClientRoutes(app: AppInstance, { db, config }: AppDeps): void {
  const listOptions = { timeZone: config.timeZone };

  app.get(
    '/clients',
    {
      config: { roles: ['operator', 'staff', 'client'] },
      schema: {
        tags: ['clients'],
        summary: 'Clients (lenders) you can see: staff those their company serves, client users their own',
        description: QUERY_HELP + ' Attributes: id, name, client_type_id, created_at.',
        querystring: ListQueryString,
        response: { 200: Type.Array(ClientSummary) },
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
      schema: {
        tags: ['clients'],
        summary: 'Kinds of client (bank, credit union, ...)',
        description: QUERY_HELP + ' Attributes: id, name.',
        querystring: ListQueryString,
        response: { 200: Type.Array(ClientTypeSummary) },
      },
    },
    (request) => listAllClientTypes(db, parseListQuery(request.query, CLIENT_TYPE_ATTRIBUTES, listOptions)),
  );

  app.post(
    '/clients',
    {
      config: { roles: ['staff', 'operator'] },
      schema: {
        tags: ['clients'],
        summary: 'Create a client (staff: served by your company; operators)',
        body: CreateClientBody,
        response: { 201: CreatedClient },
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
        tags: ['clients'],
        summary:
          "A client's configuration: companies, products, payment methods, parties, branches, property types",
        params: Type.Object({ client_id: Type.String() }),
        response: { 200: ClientConfiguration },
      },
    },
    (request) => clientConfiguration(db, principalOf(request).user, request.params.client_id),
  );

  const SettingsParams = Type.Object({ client_id: Type.String() });
  app.get(
    '/clients/:client_id/settings',
    {
      config: { roles: ['staff', 'operator'] },
      schema: {
        tags: ['clients'],
        summary:
          "Your company's settings for a client it serves (operators: name the company with company_id)",
        params: SettingsParams,
        querystring: Type.Object({ company_id: Type.Optional(Type.String()) }),
        response: { 200: ClientSettings },
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
        tags: ['clients'],
        summary: "Change your company's settings for a client (the company's admins; operators)",
        params: SettingsParams,
        body: ClientSettingsBody,
        response: { 200: ClientSettings },
      },
    },
    (request) => changeClientSettings(db, principalOf(request).user, request.params.client_id, request.body),
  );

  app.get(
    '/property_types',
    {
      schema: {
        tags: ['reference data'],
        summary: 'Property types',
        response: { 200: Type.Array(PropertyType) },
      },
    },
    () => propertyTypes(db),
  );
}
