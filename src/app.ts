import type http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import ajvFormats from 'ajv-formats';
import { API_SCHEMAS, DOCUMENT_ONLY_SCHEMAS } from './api-schemas.ts';
import { API_EXAMPLES } from './examples/index.ts';
import { buildSerializer } from './http/serializers.ts';
import { readSessionCookie } from './sessions/cookie.ts';
import { checkCsrf, registerSessionRoutes } from './sessions/session.routes.ts';
import { identifySession } from './sessions/session.service.ts';
import Fastify, {
  LogController,
  type FastifyHttpOptions,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import type { AppDeps, AppInstance } from './http/app-instance.ts';
import { registerApiKeyRoutes } from './api-keys/api-key.routes.ts';
import { actingAs, identifyKey, isKnownGoodApiKey } from './auth/authenticate.ts';
import { SecretBox } from './auth/secret-box.ts';
import { TokenSigner } from './auth/token.ts';
import type { Config } from './config/config.ts';
import { poolStats, type Db } from './db/connection.ts';
import { installRequestMetrics } from './http/metrics-endpoint.ts';
import { registerMetricsRoute } from './http/metrics.routes.ts';
import {
  metricsSourceErrors,
  outboxMessages,
  outboxOldestDue,
  poolConnections,
  poolMax,
  renderMetrics,
  timersOverdue,
  webhookDeliveries,
  webhookSubscriptionsDisabled,
  type MetricsSource,
} from './metrics/metrics.ts';
import { outboxBacklog } from './outbox/backlog.ts';
import { OUTBOX_KINDS } from './outbox/outbox.ts';
import { overdueTimers } from './orders/order.repository.ts';
import { deliveryBacklog } from './webhooks/webhook.repository.ts';
import { registerClientRoutes } from './clients/client.routes.ts';
import { registerCompanyRoutes } from './companies/company.routes.ts';
import { registerInsightRoutes } from './insight/insight.routes.ts';
import { registerScorecardRoutes } from './insight/scorecards.routes.ts';
import { registerBorrowerCopyRoutes } from './orders/borrower-copy.routes.ts';
import { registerReceivableRoutes } from './receivables/receivables.routes.ts';
import { registerPayableRoutes } from './payables/payables.routes.ts';
import { registerCancellationFeeRoutes } from './fees/cancellation-fees.routes.ts';
import { registerMarginRoutes } from './margins/margins.routes.ts';
import { registerHealthRoutes } from './health/health.routes.ts';
import { registerWebApp, type WebApp } from './web/web-app.ts';
import { registerOrderRoutes } from './orders/order.routes.ts';
import { registerPipelineRoutes } from './orders/pipeline.routes.ts';
import { registerActionRoutes } from './orders/action.routes.ts';
import { installErrorHandling, installMethodNotAllowed } from './http/error-handler.ts';
import { installLingeringClose } from './http/lingering-close.ts';
import { answerClientError } from './http/client-errors.ts';
import { registerMultipart } from './http/multipart.ts';
import { registerProtection, type SessionUsers } from './http/protection.ts';
import { addressSubject } from './http/rate-limits.ts';
import { registerIdempotency } from './http/idempotency.ts';
import { registerBenchRoutes } from './http/bench.routes.ts';
import { installTextGuard } from './http/text-guard.ts';
import { parseForm } from './http/rails-params.ts';
import { installSameOriginCheck } from './http/same-origin.ts';
import { knownSessionUser, rememberSession } from './sessions/known-sessions.ts';
import { installStrictBodies } from './http/strict-bodies.ts';
import { installPerPageClamp } from './http/list-query.ts';
import { AppError, errorBody } from './errors/app-error.ts';
import { registerOpenApi } from './http/openapi.ts';
import { checkRouteRoles, requestIdFrom } from './http/request-context.ts';
import { loggerOptions, type LogDestination } from './http/logging.ts';
import { readCredentials } from './http/credentials.ts';
import { registerMeRoutes } from './users/me.routes.ts';
import { registerOrderListRoutes } from './users/order-list.routes.ts';
import { registerCredentialRoutes } from './panel/credential.routes.ts';
import { registerExclusionRoutes } from './panel/exclusion.routes.ts';
import { registerCoverageRoutes } from './panel/coverage.routes.ts';
import { registerSelectionRulesRoutes } from './panel/selection-rules.routes.ts';
import { registerAppraiserFeeRoutes } from './panel/appraiser-fees.routes.ts';
import { registerFeeScheduleRoutes } from './fees/fee-schedule.routes.ts';
import { registerBidRoutes } from './orders/bid.routes.ts';
import { registerReportRoutes } from './orders/report.routes.ts';
import { registerReconsiderationRoutes } from './orders/reconsideration.routes.ts';
import { registerReportSettingsRoutes } from './reports/report-settings.routes.ts';
import { registerCalendarRoutes } from './calendar/calendar-settings.routes.ts';
import { registerTurnTimeRoutes } from './calendar/turn-times.routes.ts';
import { registerDocumentRoutes } from './panel/document.routes.ts';
import { registerRegistryRoutes } from './panel/registry.routes.ts';
import { registerCalendarFeedRoute, registerWorkspaceRoutes } from './workspace/workspace.routes.ts';
import { registerUserRoutes } from './users/user.routes.ts';
import { createStorage } from './storage/index.ts';
import { LinkSigner } from './storage/signed-links.ts';
import { registerDownloadRoutes, registerFileRoutes } from './files/file.routes.ts';
import { registerReportPhotoRoutes } from './orders/report-photo.routes.ts';
import { registerNoteRoutes } from './notes/note.routes.ts';
import { registerPartyRoutes } from './parties/party.routes.ts';
import { registerPaymentRoutes } from './payments/payment.routes.ts';
import { registerTimelineRoutes } from './timeline/timeline.routes.ts';
import { registerWebhookRoutes } from './webhooks/webhook.routes.ts';
import { registerPaymentPages } from './payments/public.routes.ts';
import { EventFeed } from './live/live.feed.ts';
import { OrderChanges } from './orders/order.changes.ts';
import { registerLiveRoutes } from './live/live.routes.ts';
import { paymentProvider } from './cards/card-processor.ts';
import type { PaymentDeps } from './payments/payment.service.ts';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** false: no log at all (most tests). */
  logger?: false;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LogDestination;
  /** Told of every route as it is registered: an inventory of the routes (the access matrix checks each has a row). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the HTTP application: plugins, error handling, and every route. Does not listen. */
export async function buildApp({
  config,
  db,
  logger,
  logStream,
  onRoute,
}: BuildAppOptions): Promise<AppInstance> {
  const options: FastifyHttpOptions<http.Server> = {
    logger: logger === false ? false : loggerOptions(config, logStream),
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    bodyLimit: config.bodyLimitBytes,
    // Slow senders: a connection on which nothing moves for IDLE_TIMEOUT_MS is closed, and a
    // request must arrive whole (headers and body) within REQUEST_TIMEOUT_MS (408), however
    // steadily it dribbles. Node checks the deadline at an interval, a tenth of it here.
    connectionTimeout: config.idleTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.max(250, Math.min(30_000, Math.round(config.requestTimeoutMs / 10))),
    },
    genReqId: (raw) => requestIdFrom(raw.headers['x-request-id'], randomUUID),
    // The client address: the socket's, or X-Forwarded-For as far as TRUSTED_PROXIES says.
    trustProxy: trustProxy(config.trustedProxies),
    ajv: {
      customOptions: {
        allErrors: true,
        coerceTypes: 'array',
        useDefaults: true,
        removeAdditional: false,
        // Uploaded files stand in bodies as references, described as binary strings in OpenAPI.
        formats: { binary: true },
      },
      // ajv-formats' typing predates Fastify's plugin type; the runtime shape is what Fastify expects.
      plugins: [ajvFormats.default as never],
    },
    routerOptions: { ignoreTrailingSlash: true },
    // What Node's HTTP parser refuses (431 headers too large, …) answers the error envelope too.
    clientErrorHandler: answerClientError,
    schemaController: { compilersFactory: { buildSerializer } },
    // Errors Fastify meets before routing (a malformed URL, an over-long path parameter) answer
    // in the service's own error format too.
    frameworkErrors: (error, request, reply) => {
      const appError =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? new AppError('not_found', 'The resource was not found')
          : new AppError('bad_request', 'The URL could not be read');
      // The reply's types know no routes here; the body is the service's error body.
      const untyped = reply as unknown as {
        status(code: number): { header(name: string, value: string): { send(body: unknown): void } };
      };
      untyped
        .status(appError.status)
        .header('x-request-id', request.id)
        .send(errorBody(appError, request.id));
    },
  };
  const app = Fastify(options).withTypeProvider<TypeBoxTypeProvider>();
  if (onRoute) app.addHook('onRoute', onRoute);

  const secrets = new SecretBox(db, config.secretEncryption);
  const deps: AppDeps & PaymentDeps = {
    config,
    db,
    tokens: new TokenSigner(db, config.publicBaseUrl, config.jwtTtlSeconds, secrets),
    storage: createStorage(config),
    links: new LinkSigner(db, config.publicBaseUrl, config.linkTtlSeconds, secrets),
    secrets,
    payments: paymentProvider(config),
  };

  // Live updates: one feed of committed events per process, for every open stream. Streams
  // end first when the app closes, so that they do not hold a graceful shutdown.
  const feed = new EventFeed(db, (error) => app.log.warn({ err: error }, 'live updates interrupted'));
  app.addHook('preClose', () => feed.close());
  // What the pipeline's counts and the dashboard's figures may be kept by (src/orders/order.changes.ts).
  // A write of the company's staff (an operator's: any company's) moves its company's generation
  // before the answer leaves, so that the writer's next look at them shows it; others' changes
  // reach them through the database's announcement, in milliseconds.
  const changes = new OrderChanges(db, (error) =>
    app.log.warn({ err: error }, 'order change notices interrupted'),
  );
  app.addHook('preClose', () => changes.close());
  app.addHook('onSend', (request, _reply, payload, done) => {
    const user = request.principal?.user;
    if (request.method !== 'GET' && request.method !== 'HEAD' && user) {
      if (user.role === 'staff') changes.touch(user.organizationId);
      else if (user.role === 'operator') changes.touch(null);
    }
    done(null, payload);
  });

  app.decorateRequest('principal', null);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  // A PUT or POST without a body reads as {}: optional fields then mean optional, and required
  // ones are named by validation rather than "body must be object".
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body === undefined || request.body === null) request.body = {};
    done();
  });
  // The web application, once registered below, answers browsers' page URLs.
  let webApp: WebApp | null = null;
  installErrorHandling(app, () => webApp);
  installLingeringClose(app);
  installStrictBodies(app);
  installPerPageClamp(app);
  // Limits count a request before anything else reads it.
  const limits = await registerProtection(app, config, sessionUsers(db, config));
  app.addHook('onClose', () => limits.close());
  installSameOriginCheck(app, config.publicBaseUrl);
  installMethodNotAllowed(app);
  installTextGuard(app);
  installBodyParsers(app);
  await registerMultipart(app, config);
  await registerOpenApi(app, {
    schemas: API_SCHEMAS,
    documentOnly: DOCUMENT_ONLY_SCHEMAS,
    https: config.publicBaseUrl.startsWith('https://'),
    examples: API_EXAMPLES,
  });

  installRequestMetrics(app);
  registerMetricsRoute(app, { token: config.metrics.token, render: () => renderMetrics(metricsSources(db)) });
  webApp = await registerWebApp(app);
  registerHealthRoutes(app, deps, webApp);
  if (config.benchRoutes) registerBenchRoutes(app, deps);
  registerDownloadRoutes(app, deps);
  registerReportPhotoRoutes(app, deps);
  registerCalendarFeedRoute(app, deps);
  registerPaymentPages(app, deps);
  registerSessionRoutes(app, { ...deps, limits });
  await app.register(
    (api: AppInstance, _options, done) => {
      // Authentication runs before the body is read, so an unauthenticated upload is refused early.
      // Rate limits count with it: per key once the key authenticated, per client address when
      // it did not; an address over its budget of failures gets 429 before any key lookup,
      // unless the key authenticated here lately (a neighbour's flood does not lock it out).
      api.addHook('onRequest', async (request, reply) => {
        const credentials = readCredentials(request);
        const address = addressSubject(request.ip);
        // The web application's session cookie authenticates like a key, when no key comes with
        // the request; a change must carry the session's CSRF token.
        const sessionToken = credentials.apiKey === null ? readSessionCookie(request) : null;
        if (sessionToken !== null) {
          // A cookie this process has not seen open lately costs a lookup: not once the
          // address has spent its budget of failures (made-up cookies are failures).
          if (knownSessionUser(sessionToken) === null)
            await limits.refuseIfSpent('unauthenticated', address, reply);
          const found = await identifySession(db, config, sessionToken);
          if (!found) {
            await limits.take('unauthenticated', address, reply);
            throw new AppError('unauthenticated', 'Your session has ended: sign in again');
          }
          rememberSession(sessionToken, found.principal.keyOwner.id);
          checkCsrf(request, found.session);
          await limits.take('user', found.principal.keyOwner.id, reply);
          request.principal = await actingAs(db, found.principal, credentials, {
            allowInvite: request.routeOptions.config.allowInvite === true,
          });
          checkRouteRoles(request, request.principal);
          return;
        }
        if (credentials.apiKey !== null && !isKnownGoodApiKey(credentials.apiKey))
          await limits.refuseIfSpent('unauthenticated', address, reply);
        let holder;
        try {
          holder = await identifyKey(db, credentials.apiKey);
        } catch (error) {
          if (error instanceof AppError && error.code === 'unauthenticated')
            await limits.take('unauthenticated', address, reply);
          throw error;
        }
        // All of a user's keys count together: issuing more keys buys no more requests.
        await limits.take('user', holder.keyOwner.id, reply);
        request.principal = await actingAs(db, holder, credentials, {
          allowInvite: request.routeOptions.config.allowInvite === true,
        });
        checkRouteRoles(request, request.principal);
      });
      registerIdempotency(api, db);
      registerMeRoutes(api, deps);
      registerOrderListRoutes(api, deps);
      registerWorkspaceRoutes(api, deps);
      registerUserRoutes(api, deps);
      registerApiKeyRoutes(api, deps);
      registerClientRoutes(api, deps);
      registerCompanyRoutes(api, deps);
      registerInsightRoutes(api, { ...deps, changes });
      registerScorecardRoutes(api, { ...deps, changes });
      registerBorrowerCopyRoutes(api, deps);
      registerReceivableRoutes(api, deps);
      registerPayableRoutes(api, deps);
      registerCancellationFeeRoutes(api, deps);
      registerMarginRoutes(api, deps);
      registerOrderRoutes(api, deps);
      registerPipelineRoutes(api, { ...deps, changes });
      registerCredentialRoutes(api, deps);
      registerExclusionRoutes(api, deps);
      registerCoverageRoutes(api, deps);
      registerSelectionRulesRoutes(api, deps);
      registerFeeScheduleRoutes(api, deps);
      registerAppraiserFeeRoutes(api, deps);
      registerBidRoutes(api, deps);
      registerDocumentRoutes(api, deps);
      registerRegistryRoutes(api, deps);
      registerActionRoutes(api, deps);
      registerReportRoutes(api, deps);
      registerReconsiderationRoutes(api, deps);
      registerReportSettingsRoutes(api, deps);
      registerCalendarRoutes(api, deps);
      registerTurnTimeRoutes(api, deps);
      registerFileRoutes(api, deps);
      registerNoteRoutes(api, deps);
      registerPartyRoutes(api, deps);
      registerPaymentRoutes(api, deps);
      registerTimelineRoutes(api, deps);
      registerWebhookRoutes(api, deps);
      registerLiveRoutes(api, { ...deps, feed });
      done();
    },
    { prefix: '/api/v1' },
  );
  return app;
}

/** Whom a session cookie belongs to, for the rate limits outside the API (http/protection.ts). */
function sessionUsers(db: Db, config: Config): SessionUsers {
  return {
    known(request) {
      const token = readSessionCookie(request);
      return token === null ? undefined : knownSessionUser(token);
    },
    async lookUp(request) {
      const token = readSessionCookie(request);
      const found = token === null ? null : await identifySession(db, config, token);
      if (token === null || found === null) return null;
      rememberSession(token, found.principal.keyOwner.id);
      return found.principal.keyOwner.id;
    },
  };
}

/**
 * The gauges /metrics reads from the database at each scrape: outbox and webhook backlogs,
 * overdue workflow timers, and this process's pool. A source that fails (the database is
 * down) leaves its gauges out and counts the failure, rather than failing the scrape.
 */
export function metricsSources(db: Db): MetricsSource[] {
  const source =
    (name: string, read: () => Promise<void>): MetricsSource =>
    () =>
      read().catch(() => metricsSourceErrors.inc({ source: name }));
  return [
    // First: read before the other sources take connections for their queries.
    source('pool', () => {
      const pool = poolStats(db);
      if (pool) {
        poolConnections.set({ state: 'total' }, pool.total);
        poolConnections.set({ state: 'idle' }, pool.idle);
        poolConnections.set({ state: 'waiting' }, pool.waiting);
        poolMax.set(pool.max);
      }
      return Promise.resolve();
    }),
    source('outbox', async () => {
      const rows = await outboxBacklog(db);
      outboxMessages.reset();
      outboxOldestDue.reset();
      for (const kind of OUTBOX_KINDS) {
        for (const status of ['pending', 'failed'] as const) {
          const row = rows.find((r) => r.kind === kind && r.status === status);
          outboxMessages.set({ kind, status }, row?.count ?? 0);
        }
        outboxOldestDue.set(
          { kind },
          rows.find((r) => r.kind === kind && r.status === 'pending')?.oldestDueSeconds ?? 0,
        );
      }
    }),
    source('webhooks', async () => {
      const backlog = await deliveryBacklog(db);
      webhookDeliveries.set({ status: 'pending' }, backlog.pending);
      webhookDeliveries.set({ status: 'failed' }, backlog.failed);
      webhookSubscriptionsDisabled.set(backlog.disabledSubscriptions);
    }),
    source('timers', async () => {
      const overdue = await overdueTimers(db);
      timersOverdue.set({ timer: 'offer_timeout' }, overdue.offerTimeout);
      timersOverdue.set({ timer: 'auto_assign' }, overdue.autoAssign);
    }),
  ];
}

/** TRUSTED_PROXIES as Fastify takes it: a hop count trusts that many hops nearest the service. */
function trustProxy(trusted: Config['trustedProxies']): FastifyServerOptions['trustProxy'] {
  if (trusted === null) return false;
  if (typeof trusted === 'number') return (_address: string, hop: number) => hop < trusted;
  return trusted;
}

function installBodyParsers(app: AppInstance): void {
  // An empty JSON body reads as {} so that schema validation, not the parser, names what is missing.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // The API takes JSON, forms and multipart; plain text answers 415 rather than failing validation.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, {});
    void parseJson(request, body as string, done);
  });
  // Form bodies decode Rails-style (a[]=x, a[b]=y), into the same shape as JSON.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      try {
        done(null, parseForm(body as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
}
