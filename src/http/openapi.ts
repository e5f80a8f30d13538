import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { EVENT_TYPE_NAMES, EVENTS, eventSchemaName } from '../events/event-types.ts';
import type { NamedSchema } from '../schemas/common.ts';
import type { TSchema } from 'typebox';
import { listQueryDocument } from './list-query-document.ts';
import { completeDocument } from './openapi-document.ts';
import type { ApiExamples } from './openapi-examples.ts';
import { describeRoute } from './openapi-routes.ts';
import { closeObjects } from './strict-bodies.ts';

/**
 * The OpenAPI 3.1 document at /openapi.json and the interactive docs at /docs, generated from
 * the routes' own schemas (the ones that validate and serialize):
 * - named schemas (an `$id`) become components.schemas, and routes reach them by `$ref`;
 * - each route's errors, headers and encodings are derived from what the route declares
 *   (openapi-routes.ts, openapi-document.ts), so a new route cannot forget them;
 * - the webhooks section types each event's payload (events/event-types.ts).
 * Registered before the routes it describes.
 */
export const TAGS = [
  {
    name: 'sessions',
    description: 'Web sign-in: password, single sign-on, one-time links, sign-out, password reset and change',
  },
  {
    name: 'users',
    description:
      'You: the current user, single sign-on, invitations, notification settings, your card on file',
  },
  { name: 'api keys', description: 'Your API keys: list, issue (shown once), revoke' },
  {
    name: 'appraisers',
    description: "The appraiser's workspace: their work to do, and a private calendar feed of inspections",
  },
  {
    name: 'clients',
    description: "Clients (lenders), their configuration, and a company's settings for them",
  },
  { name: 'companies', description: "An appraisal company's own settings" },
  { name: 'insight', description: "The company's figures for its dashboard, each with the orders behind it" },
  { name: 'reference data', description: 'Property types and other fixed lists' },
  { name: 'orders', description: 'Create, read, list and search orders; history; the appraiser panel' },
  {
    name: 'panel',
    description:
      "An appraiser's credentials: licenses by state, the errors-and-omissions policy, what the company confirmed",
  },
  {
    name: 'fees',
    description:
      'Fee schedules: what lenders pay and what appraisers are offered, by product, state and county, with rush and complexity add-ons',
  },
  {
    name: 'receivables',
    description:
      'What lenders owe: invoices numbered without gaps, their ledgers, receipts by check, ACH or wire, credit notes, write-offs and aging (docs/money.md)',
  },
  {
    name: 'payables',
    description:
      "What the company owes its appraisers: payables per order, payout batches paid by an ACH file, bank accounts, the year's 1099-NEC figures (docs/money.md)",
  },
  { name: 'workflow', description: "The order's actions, one endpoint each (docs/workflow.md)" },
  { name: 'files', description: "The order's files: upload, list, download through signed links" },
  {
    name: 'reports',
    description: 'The appraisal report read and checked: the pre-check before submitting (docs/reports.md)',
  },
  {
    name: 'turn-times',
    description: 'Business calendars that due dates and clocks count in (docs/turn-times.md)',
  },
  { name: 'notes', description: "The order's notes, with attachments and email recipients" },
  { name: 'parties', description: "The order's parties and points of contact" },
  { name: 'payments', description: "The order's invoice, payments and payment links" },
  { name: 'webhooks', description: 'Subscriptions to events, signed deliveries, the delivery log' },
  {
    name: 'live updates',
    description: 'Server-sent events of the changes to the orders you can see, as they happen',
  },
  { name: 'operations', description: 'Health and readiness' },
];

function webhookDocuments() {
  return Object.fromEntries(
    EVENT_TYPE_NAMES.map((type) => [
      type,
      {
        post: {
          operationId: `webhook${eventSchemaName(type).replace(/Event$/, '')}`,
          summary: type,
          description: `${EVENTS[type].description} Signed with the Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature (HMAC-SHA256; docs/webhooks.md).`,
          tags: ['webhooks'],
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: { $ref: `#/components/schemas/${eventSchemaName(type)}` } },
            },
          },
          responses: {
            '200': {
              description: 'Received. Any other answer (or none within the timeout) is retried with backoff',
            },
          },
        },
      },
    ]),
  );
}

export interface OpenApiOptions {
  /** The named schemas the routes refer to: registered with the app, which validates and serializes with them. */
  schemas: readonly NamedSchema[];
  /**
   * Named schemas only the document shows (the webhook payloads): not registered with the app,
   * since every route's serializer would otherwise be compiled with them too (memory).
   */
  documentOnly: readonly NamedSchema[];
  /** The service is served over https (PUBLIC_BASE_URL): its pages may ask browsers to upgrade. */
  https: boolean;
  /** The example values the document shows (src/examples/). */
  examples?: ApiExamples;
}

/**
 * The document-only schemas as components.schemas holds them; their references to named
 * schemas (`Audience#`, as the routes' own) point into components.schemas, as the generator
 * makes the routes' do.
 */
function documentOnlySchemas(schemas: readonly NamedSchema[]): Record<string, unknown> {
  const text = JSON.stringify(schemas).replace(
    /"\$ref":"([A-Za-z0-9]+)#"/g,
    (_match, name: string) => `"$ref":"#/components/schemas/${name}"`,
  );
  return Object.fromEntries((JSON.parse(text) as { $id: string }[]).map(({ $id, ...rest }) => [$id, rest]));
}

/** The /docs pages' Content-Security-Policy, from the one the UI ships (see registerOpenApi). */
export function docsPolicy(shipped: string, https: boolean): string {
  return shipped
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '' && (https || directive !== 'upgrade-insecure-requests'))
    .map((directive) =>
      directive
        .replace(/ (https:|validator\.swagger\.io)(?= |$)/g, '')
        .replace(/^frame-ancestors .*/, "frame-ancestors 'none'")
        // The UI sets a few inline styles: allowed for styles (scripts stay strict).
        .replace(/^style-src .*/, "style-src 'self' 'unsafe-inline'"),
    )
    .concat("form-action 'self'")
    .join('; ');
}

export async function registerOpenApi(app: FastifyInstance, options: OpenApiOptions): Promise<void> {
  for (const schema of options.schemas) {
    if (typeof (schema as { $id?: unknown }).$id !== 'string')
      throw new Error(`a named schema needs an $id: ${JSON.stringify(schema).slice(0, 200)}`);
    // Bodies refused unknown fields before they were named (strict-bodies.ts); named ones too.
    app.addSchema(closeObjects(schema));
  }
  // Every route gets its operation's metadata (errors, headers) as it is declared.
  app.addHook('onRoute', describeRoute);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Appraisal Order Management API',
        version: '1.0.0',
        description:
          'Lenders place property appraisal orders with appraisal management companies; staff assign ' +
          'them to appraisers; appraisers inspect and submit reports; clients review, pay and receive ' +
          'the appraisal. Every error answers the `Error` schema. A typed TypeScript SDK is generated ' +
          'from this document (sdk/ in the repository).',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        contact: { name: 'The service operator' },
      },
      // Relative: "Try it out" calls the host the page was opened on, whatever it is.
      servers: [{ url: '/', description: 'This service' }],
      tags: TAGS,
      components: {
        securitySchemes: {
          apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'Your API key' },
          apiKeyQuery: {
            type: 'apiKey',
            in: 'query',
            name: 'api_key',
            description: 'Your API key in the URL (prefer the header: URLs reach logs and histories)',
          },
        },
      },
      security: [{ apiKeyHeader: [] }, { apiKeyQuery: [] }],
      webhooks: webhookDocuments(),
    } as never,
    refResolver: {
      // Named schemas keep their names in components.schemas.
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
    // Lists document their search parameters (q[...]) from the attribute map the parser uses.
    transform: ({ schema, url, route }) => {
      if (!schema) return { schema, url };
      const documented = { ...schema };
      const attributes = route.config?.listAttributes;
      if (attributes) {
        const querystring = schema.querystring as { properties?: Record<string, TSchema> } | undefined;
        documented.querystring = listQueryDocument(attributes, querystring?.properties ?? {});
      }
      if (route.config?.documentedBody) documented.body = route.config.documentedBody;
      // Carried to completeDocument, which puts them on their answers (the generator has no links).
      if (route.config?.links) Object.assign(documented, { 'x-links': route.config.links });
      return { schema: documented, url };
    },
    transformObject: (documents) => {
      const document = (documents as { openapiObject: Record<string, unknown> }).openapiObject;
      const components = (document.components ??= {}) as { schemas?: Record<string, unknown> };
      components.schemas = { ...components.schemas, ...documentOnlySchemas(options.documentOnly) };
      return completeDocument(document, options.examples);
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // Each tag opens on a click: the browser stops drawing the operations part way when all of
    // them (over 130) are drawn at once, and a list of tags reads as the table of contents.
    uiConfig: { url: '/openapi.json', validatorUrl: null, docExpansion: 'none' },
    // The UI's own policy, tightened: nothing from other origins (no validator badge, no fonts
    // or styles from anywhere on https:), never framed, no upgrade to https where the service
    // is served over http (a developer's machine); inline styles, which the UI sets, allowed.
    staticCSP: true,
    transformStaticCSP: (policy) => docsPolicy(policy, options.https),
  });
  app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
