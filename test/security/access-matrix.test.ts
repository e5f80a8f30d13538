import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueApiKey } from '../../src/api-keys/api-key.service.ts';
import { issueInvoice } from '../../src/ledger/ledger.ts';
import { earnPayable } from '../../src/ledger/payables-ledger.ts';
import { seedDemoAppraiserCredentials } from '../../src/seed/demo-credentials.ts';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { WEB_ROOT } from '../../src/web/web-app.ts';
import type { Status } from '../../src/workflow/statuses.ts';
import { ENDPOINT_ACTIONS } from '../../src/workflow/transitions.ts';
import { SF1_PDF, SF1_XML } from '../reports/sf1-for-order.ts';
import { zip } from '../support/zip-writer.ts';
import { REPORT } from '../../src/examples/reports.ts';
import { useTestApp } from '../helpers/app.ts';
import { injectAnswer } from '../helpers/event-stream.ts';
import { createUserWithKey } from '../helpers/factories.ts';
import { REPORT_PDF } from '../helpers/multipart.ts';
import { orderBody, placeOrder } from '../helpers/orders.ts';
import { encodeBody, readAnswer, rowCounts as countRows, type Answer, type Body } from '../helpers/matrix.ts';

const FRONT_PHOTO = fs.readFileSync(
  new URL('../fixtures/uad/SF1/Images/SF1_DwellingFront.png', import.meta.url),
);

/**
 * THE ACCESS MATRIX: who may call which endpoint, for every route of the application.
 *
 * The routes are read from the application itself: every route Fastify registers is recorded
 * (buildApp's `onRoute`, an onRoute hook added before any route), so a route added
 * anywhere (a new action in the workflow table, a new module) fails this file until it has a
 * row below, or is listed as a public route with its own test.
 *
 * Each row sends one request per caller, with a valid body, to a resource of the demo world in
 * a state where the call is allowed: the answer is then the access decision, not a 409 or 422.
 * Shared rules (docs/api.md, /work/shared/spec/decisions.md): a role that may never call the
 * route (config.roles; for actions, the workflow table's actors) answers 403 whatever the
 * resource and the body; otherwise another tenant's resource answers 404 exactly like a
 * missing one, and a role that sees the resource but may not take the action answers 403; no
 * key or a revoked key answers 401. A refused request changes nothing.
 */

// ---- every route the application registers ------------------------------------------------

const registered: { method: string; url: string }[] = [];

/** "METHOD /url" of every route; HEAD routes Fastify adds for each GET are left out. */
function appRoutes(): string[] {
  const all = new Set(registered.map((r) => `${r.method} ${r.url}`));
  return [...all].filter((route) => {
    const [method, url] = route.split(' ');
    return method !== 'HEAD' || !all.has(`GET ${url}`);
  });
}

// ---- the callers ----------------------------------------------------------------------------

/**
 * The columns of the matrix. "The order" is an order of the demo world: placed by the demo
 * client with the demo company, assigned to the demo appraiser.
 *
 *   cli    client         a user of the order's client (the demo client's admin)
 *   cli2   other_client   a user (admin) of another client, served by another company
 *   stf    staff          staff of the order's company (an admin)
 *   stf2   other_staff    staff (admin) of another company
 *   apr    appraiser      the appraiser the order is assigned to (an admin of the company's panel)
 *   apr2   other_appraiser  another appraiser of the same company: not assigned, not an admin
 *   op     operator       whoever runs the service
 *   none   no_key         no API key at all
 *   rev    revoked_key    a key of the demo client's user: used once, then revoked by its owner
 */
const CALLERS = [
  'client',
  'other_client',
  'staff',
  'other_staff',
  'appraiser',
  'other_appraiser',
  'operator',
  'no_key',
  'revoked_key',
] as const;
type Caller = (typeof CALLERS)[number];

type Row = [
  route: string,
  ...answers: [number, number, number, number, number, number, number, number, number],
];

// ---- the matrix -----------------------------------------------------------------------------

/**
 * Rows: "METHOD /path" under /api/v1 (a "#variant" after it when one route has several cases),
 * then the expected status for each caller, in the order of CALLERS.
 */
// prettier-ignore
const MATRIX: Row[] = [
  // route                                                    cli  cli2  stf  stf2  apr  apr2  op   none rev

  // -- you and your keys (the key to revoke is one of the demo client user's)
  ['POST   /me',                                               200, 200, 200, 200, 200, 200, 200, 401, 401],
  ['POST   /me#invite',                                        200, 200, 200, 200, 403, 403, 403, 401, 401],
  ['GET    /me/notification_settings',                         200, 200, 200, 200, 200, 200, 200, 401, 401],
  ['PATCH  /me/notification_settings',                         200, 200, 200, 200, 200, 200, 200, 401, 401],
  ['GET    /me/order_lists/:list',                             200, 200, 200, 200, 200, 200, 200, 401, 401],
  ['PUT    /me/order_lists/:list/columns',                     200, 200, 200, 200, 200, 200, 200, 401, 401],
  ['POST   /me/order_lists/:list/views',                       201, 201, 201, 201, 201, 201, 201, 401, 401],
  // A view is its owner's alone (the demo client's here): anyone else's id is not found.
  ['DELETE /me/order_lists/:list/views/:view_id',              200, 404, 404, 404, 404, 404, 404, 401, 401],
  ['GET    /me/payment_card',                                  403, 403, 403, 403, 200, 404, 403, 401, 401],
  ['PUT    /me/payment_card',                                  403, 403, 403, 403, 200, 200, 403, 401, 401],
  ['DELETE /me/payment_card',                                  403, 403, 403, 403, 200, 404, 403, 401, 401],
  ['GET    /me/work',                                          403, 403, 403, 403, 200, 200, 403, 401, 401],
  ['GET    /me/calendar_feed',                                 403, 403, 403, 403, 200, 200, 403, 401, 401],
  ['POST   /me/calendar_feed',                                 403, 403, 403, 403, 201, 201, 403, 401, 401],
  ['DELETE /me/calendar_feed',                                 403, 403, 403, 403, 200, 200, 403, 401, 401],
  ['GET    /api_keys',                                         200, 200, 200, 200, 200, 200, 200, 401, 401],
  ['POST   /api_keys',                                         201, 201, 201, 201, 201, 201, 201, 401, 401],
  ['DELETE /api_keys/:key_id',                                 200, 404, 404, 404, 404, 404, 200, 401, 401],

  // -- users (the one to change is a plain user of the demo client)
  ['GET    /users',                                            200, 200, 200, 200, 403, 403, 200, 401, 401],
  ['POST   /users',                                            201, 201, 201, 201, 403, 403, 403, 401, 401],
  ['PATCH  /users/:user_id',                                   200, 404, 200, 404, 403, 403, 200, 401, 401],

  // -- clients and reference data (the configuration is the demo client's)
  ['GET    /clients',                                          200, 200, 200, 200, 403, 403, 200, 401, 401],
  ['POST   /clients',                                          403, 403, 201, 201, 403, 403, 201, 401, 401],
  ['GET    /clients/:client_id/configurations',                200, 404, 200, 404, 404, 404, 200, 401, 401],
  ['GET    /clients/:client_id/settings',                      403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['PATCH  /clients/:client_id/settings',                      403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['GET    /clients/:client_id/access',                        200, 404, 200, 404, 403, 403, 200, 401, 401],
  ['PATCH  /clients/:client_id/access',                        200, 404, 200, 404, 403, 403, 200, 401, 401],
  ['GET    /clients/:client_id/products',                      403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['PUT    /clients/:client_id/products',                      403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['GET    /companies/:company_id/settings',                   403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['PATCH  /companies/:company_id/settings',                   403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['GET    /client_types',                                     200, 200, 200, 200, 200, 200, 200, 401, 401],
  ['GET    /property_types',                                   200, 200, 200, 200, 200, 200, 200, 401, 401],

  // -- orders (POST: an order for the demo client, which the other tenant's users may not name: 422)
  ['POST   /orders',                                           201, 422, 201, 422, 403, 403, 403, 401, 401],
  ['GET    /orders',                                           200, 200, 200, 200, 200, 200, 200, 401, 401],
  ['GET    /orders/status_counts',                             200, 200, 200, 200, 200, 200, 200, 401, 401],
  ['GET    /orders/export',                                    200, 200, 200, 200, 200, 200, 200, 401, 401],
  ['GET    /insight',                                          403, 403, 200, 200, 403, 403, 200, 401, 401],
  ['GET    /appraisers',                                       403, 403, 200, 200, 403, 403, 200, 401, 401],
  ['GET    /orders/queues',                                    403, 403, 200, 200, 403, 403, 200, 401, 401],
  ['GET    /orders/at_risk',                                   403, 403, 200, 200, 403, 403, 200, 401, 401],
  ['GET    /orders/:order_id/appraiser_candidates',            403, 403, 200, 404, 403, 403, 200, 401, 401],

  // -- an appraiser's credentials (the demo appraiser's): lenders never; the company verifies
  ['GET    /appraisers/:appraiser_id/credentials',               403, 403, 200, 404, 200, 404, 200, 401, 401],
  ['PUT    /appraisers/:appraiser_id/licenses/:state',           403, 403, 200, 404, 200, 404, 200, 401, 401],
  ['DELETE /appraisers/:appraiser_id/licenses/:state',           403, 403, 200, 404, 200, 404, 200, 401, 401],
  ['PUT    /appraisers/:appraiser_id/licenses/:state/verification', 403, 403, 200, 404, 403, 404, 403, 401, 401],
  ['PUT    /appraisers/:appraiser_id/eo_policy',                 403, 403, 200, 404, 200, 404, 200, 401, 401],
  ['DELETE /appraisers/:appraiser_id/eo_policy',                 403, 403, 200, 404, 200, 404, 200, 401, 401],
  ['PUT    /appraisers/:appraiser_id/eo_policy/verification',    403, 403, 200, 404, 403, 404, 403, 401, 401],
  ['PATCH  /appraisers/:appraiser_id/profile',                   403, 403, 200, 404, 200, 404, 200, 401, 401],
  ['GET    /appraisers/:appraiser_id/credential_changes',        403, 403, 200, 404, 200, 404, 200, 401, 401],
  ['GET    /registry_imports',                                   403, 403, 403, 403, 403, 403, 200, 401, 401],
  ['POST   /registry_imports',                                   403, 403, 403, 403, 403, 403, 201, 401, 401],
  ['GET    /states/:state/counties',                             200, 200, 200, 200, 200, 200, 200, 401, 401],
  ['GET    /appraisers/:appraiser_id/documents',                 403, 403, 200, 404, 200, 404, 200, 401, 401],
  ['POST   /appraisers/:appraiser_id/documents',                 403, 403, 201, 404, 201, 404, 201, 401, 401],
  ['GET    /appraisers/:appraiser_id/documents/:document_id/file', 403, 403, 200, 404, 200, 404, 200, 401, 401],
  ['DELETE /appraisers/:appraiser_id/documents/:document_id',    403, 403, 200, 404, 200, 404, 200, 401, 401],
  ['GET    /appraisers/:appraiser_id/coverage',                  403, 403, 200, 404, 200, 404, 200, 401, 401],
  ['PUT    /appraisers/:appraiser_id/coverage',                  403, 403, 200, 404, 200, 404, 200, 401, 401],
  ['GET    /appraisers/:appraiser_id/time_off',                  403, 403, 200, 404, 200, 404, 200, 401, 401],
  ['POST   /appraisers/:appraiser_id/time_off',                  403, 403, 201, 404, 201, 404, 201, 401, 401],
  ['DELETE /appraisers/:appraiser_id/time_off/:time_off_id',     403, 403, 200, 404, 200, 404, 200, 401, 401],
  ['GET    /companies/:company_id/selection_rules',              403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['PATCH  /companies/:company_id/selection_rules',              403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['GET    /companies/:company_id/report_settings',              403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['PATCH  /companies/:company_id/report_settings',              403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['GET    /companies/:company_id/calendar',                     403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['GET    /companies/:company_id/turn_times',                   403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['PUT    /companies/:company_id/turn_times',                   403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['GET    /companies/:company_id/turn_times/quote',             403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['GET    /companies/:company_id/scorecards',                   403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['GET    /companies/:company_id/scorecards/export',            403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['GET    /appraisers/:appraiser_id/scorecard',                 403, 403, 200, 404, 200, 404, 200, 401, 401],
  ['PATCH  /companies/:company_id/calendar',                     403, 403, 200, 404, 403, 403, 200, 401, 401],
  // Fee schedules: never the lender's to see what an appraiser is paid, nor the appraiser's what the lender pays.
  ['GET    /companies/:company_id/lender_fee_schedule',          403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['PUT    /companies/:company_id/lender_fee_schedule',          403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['GET    /companies/:company_id/appraiser_fee_schedule',       403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['PUT    /companies/:company_id/appraiser_fee_schedule',       403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['GET    /appraisers/:appraiser_id/fee_schedule',              403, 403, 200, 404, 200, 404, 200, 401, 401],
  ['PUT    /appraisers/:appraiser_id/fee_schedule',              403, 403, 200, 404, 200, 404, 200, 401, 401],
  ['GET    /orders/:order_id/assignment_decisions',              403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['GET    /orders/:order_id/bid_requests',                      403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['GET    /me/bid_requests',                                    403, 403, 403, 403, 200, 200, 403, 401, 401],
  // The demo appraiser is invited; another company's appraiser is not (404).
  ['POST   /bid_requests/:bid_request_id/bids',                  403, 403, 403, 403, 200, 404, 403, 401, 401],
  ['GET    /clients/:client_id/excluded_appraisers',             403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['PUT    /clients/:client_id/excluded_appraisers/:appraiser_id', 403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['DELETE /clients/:client_id/excluded_appraisers/:appraiser_id', 403, 403, 200, 404, 403, 403, 200, 401, 401],

  ['GET    /orders/:order_id',                                 200, 404, 200, 404, 200, 404, 200, 401, 401],
  ['GET    /orders/:order_id/history',                         200, 404, 200, 404, 200, 404, 200, 401, 401],
  ['GET    /orders/:order_id/timeline',                        200, 404, 200, 404, 200, 404, 200, 401, 401],
  ['PATCH  /orders/:order_id',                                 200, 404, 200, 404, 403, 403, 403, 401, 401],
  ['PUT    /orders/:order_id/subject_address',                 200, 404, 200, 404, 403, 403, 403, 401, 401],

  // -- the workflow (docs/workflow.md), each from a status the action is allowed in
  ['PUT    /orders/:order_id/place',                           200, 404, 200, 404, 403, 403, 403, 401, 401],
  ['PUT    /orders/:order_id/accept_order',                    403, 403, 200, 404, 403, 403, 403, 401, 401],
  ['PUT    /orders/:order_id/decline_order',                   403, 403, 200, 404, 403, 403, 403, 401, 401],
  ['PUT    /orders/:order_id/request_payment',                 403, 403, 200, 404, 403, 403, 403, 401, 401],
  ['PUT    /orders/:order_id/waive_payment',                   403, 403, 200, 404, 403, 403, 403, 401, 401],
  ['PUT    /orders/:order_id/start_bidding',                   403, 403, 200, 404, 403, 403, 403, 401, 401],
  ['PUT    /orders/:order_id/auto_assign',                     403, 403, 200, 404, 403, 403, 403, 401, 401],
  ['PUT    /orders/:order_id/assign',                          403, 403, 200, 404, 403, 403, 403, 401, 401],
  ['PUT    /orders/:order_id/award_bid',                       403, 403, 200, 404, 403, 403, 403, 401, 401],
  ['PUT    /orders/:order_id/accept_assignment',               403, 403, 403, 403, 200, 404, 403, 401, 401],
  ['PUT    /orders/:order_id/reject_assignment',               403, 403, 403, 403, 200, 404, 403, 401, 401],
  ['PUT    /orders/:order_id/approve_assignment_condition',    403, 403, 200, 404, 403, 403, 403, 401, 401],
  ['PUT    /orders/:order_id/reject_assignment_condition',     403, 403, 200, 404, 403, 403, 403, 401, 401],
  ['PUT    /orders/:order_id/request_negotiation',             403, 403, 200, 404, 403, 403, 403, 401, 401],
  ['PUT    /orders/:order_id/approve_negotiation',             200, 404, 403, 403, 403, 403, 403, 401, 401],
  ['PUT    /orders/:order_id/refuse_negotiation',              200, 404, 403, 403, 403, 403, 403, 401, 401],
  ['PUT    /orders/:order_id/schedule_inspection',             403, 403, 403, 403, 200, 404, 403, 401, 401],
  ['PUT    /orders/:order_id/complete_inspection',             403, 403, 403, 403, 200, 404, 403, 401, 401],
  ['PUT    /orders/:order_id/request_submission',              403, 403, 403, 403, 200, 404, 403, 401, 401],
  ['PUT    /orders/:order_id/retry_submission_fee',            403, 403, 403, 403, 200, 404, 403, 401, 401],
  ['PUT    /orders/:order_id/start_review',                    403, 403, 200, 404, 403, 403, 403, 401, 401],
  ['PUT    /orders/:order_id/require_action',                  403, 403, 200, 404, 403, 403, 403, 401, 401],
  ['PUT    /orders/:order_id/request_completion',              403, 403, 200, 404, 403, 403, 403, 401, 401],
  ['PUT    /orders/:order_id/approve_report',                  200, 404, 403, 403, 403, 403, 403, 401, 401],
  ['PUT    /orders/:order_id/request_revision',                200, 404, 403, 403, 403, 403, 403, 401, 401],
  ['PUT    /orders/:order_id/request_reconsideration_of_value', 200, 404, 403, 403, 403, 403, 403, 401, 401],
  ['PUT    /orders/:order_id/forward_request',                 403, 403, 200, 404, 403, 403, 403, 401, 401],
  ['PUT    /orders/:order_id/answer_request',                  403, 403, 200, 404, 403, 403, 403, 401, 401],
  ['PUT    /orders/:order_id/fulfill',                         200, 404, 200, 404, 200, 404, 200, 401, 401],
  ['PUT    /orders/:order_id/hold',                            200, 404, 200, 404, 403, 403, 403, 401, 401],
  ['PUT    /orders/:order_id/resume',                          200, 404, 200, 404, 403, 403, 403, 401, 401],
  ['PUT    /orders/:order_id/flag_attention',                  403, 403, 200, 404, 403, 403, 403, 401, 401],
  ['PUT    /orders/:order_id/clear_attention',                 403, 403, 200, 404, 403, 403, 403, 401, 401],
  ['PUT    /orders/:order_id/request_info',                    403, 403, 200, 404, 403, 403, 403, 401, 401],
  ['PUT    /orders/:order_id/provide_info',                    200, 404, 403, 403, 403, 403, 403, 401, 401],
  ['PUT    /orders/:order_id/request_cancel',                  200, 404, 403, 403, 403, 403, 403, 401, 401],
  ['PUT    /orders/:order_id/deny_cancel',                     403, 403, 200, 404, 403, 403, 403, 401, 401],
  ['PUT    /orders/:order_id/cancel',                          403, 403, 200, 404, 403, 403, 403, 401, 401],

  // -- parties, notes, files
  ['POST   /orders/:order_id/parties',                         201, 404, 201, 404, 403, 403, 403, 401, 401],
  ['PUT    /orders/:order_id/parties/:party_id/toggle_poc',    200, 404, 200, 404, 403, 403, 403, 401, 401],
  ['POST   /orders/:order_id/parties/:party_id/toggle_poc',    200, 404, 200, 404, 403, 403, 403, 401, 401],
  ['GET    /orders/:order_id/notes',                           200, 404, 200, 404, 200, 404, 200, 401, 401],
  ['POST   /orders/:order_id/notes',                           201, 404, 201, 404, 201, 404, 201, 401, 401],
  ['POST   /orders/:order_id/notes/:note_id/forward',          403, 403, 201, 404, 403, 403, 201, 401, 401],
  ['GET    /orders/:order_id/files',                           200, 404, 200, 404, 200, 404, 200, 401, 401],
  ['POST   /orders/:order_id/files',                           201, 404, 201, 404, 201, 404, 201, 401, 401],
  // Reports as read: the pre-check is the appraiser's and the company's; a lender reads released ones.
  ['POST   /orders/:order_id/report_checks',                   403, 403, 200, 404, 200, 404, 200, 401, 401],
  ['GET    /orders/:order_id/reports',                         200, 404, 200, 404, 200, 404, 200, 401, 401],
  // Reconsiderations of value: staff all, the lender its order's, the appraiser those forwarded to them.
  ['GET    /orders/:order_id/reconsiderations',                200, 404, 200, 404, 200, 404, 200, 401, 401],
  // The borrower's copy is the lender's to give: appraisers have no part in it.
  // What lenders owe: the lender reads its invoices, the company's admins change them, appraisers never see them.
  ['GET    /invoices',                                         200, 200, 200, 200, 403, 403, 200, 401, 401],
  ['GET    /invoices/:invoice_id',                             200, 404, 200, 404, 403, 403, 200, 401, 401],
  ['POST   /invoices/:invoice_id/credit_notes',                403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['POST   /invoices/:invoice_id/write_offs',                  403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['POST   /companies/:company_id/receipts',                   403, 403, 201, 404, 403, 403, 201, 401, 401],
  ['GET    /clients/:client_id/statements/:month',             200, 404, 200, 404, 403, 403, 200, 401, 401],
  ['GET    /clients/:client_id/statements/:month/export',      200, 404, 200, 404, 403, 403, 200, 401, 401],
  ['GET    /clients/:client_id/statements/:month/pdf',         200, 404, 200, 404, 403, 403, 200, 401, 401],
  ['GET    /companies/:company_id/statements/:month/export',   403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['GET    /companies/:company_id/receivables/aging',          403, 403, 200, 404, 403, 403, 200, 401, 401],
  // What the company owes its appraisers: never the lender's to see; the bank account the appraiser's alone to set.
  ['GET    /companies/:company_id/margins',                    403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['GET    /companies/:company_id/margins/export',             403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['GET    /companies/:company_id/fee_evidence',               403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['GET    /companies/:company_id/fee_evidence/export',        403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['GET    /companies/:company_id/fee_evidence/pdf',           403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['GET    /companies/:company_id/cancellation_fees',          403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['PUT    /companies/:company_id/cancellation_fees',          403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['GET    /companies/:company_id/payout_settings',            403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['PUT    /companies/:company_id/payout_settings',            403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['GET    /appraisers/:appraiser_id/bank_account',            403, 403, 200, 404, 200, 404, 200, 401, 401],
  ['PUT    /appraisers/:appraiser_id/bank_account',            403, 403, 403, 404, 200, 404, 403, 401, 401],
  ['GET    /payables',                                         403, 403, 200, 200, 200, 200, 200, 401, 401],
  ['POST   /payables/:payable_id/hold',                       403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['POST   /payables/:payable_id/release',                    403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['POST   /payables/:payable_id/extras',                     403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['GET    /companies/:company_id/payout_batches',             403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['POST   /companies/:company_id/payout_batches',             403, 403, 201, 404, 403, 403, 201, 401, 401],
  ['GET    /payout_batches/:batch_id',                         403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['POST   /payout_batches/:batch_id/approve',                 403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['POST   /payout_batches/:batch_id/mark_paid',               403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['GET    /payout_batches/:batch_id/nacha',                   403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['GET    /payout_batches/:batch_id/export',                  403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['GET    /companies/:company_id/tax_forms/1099_nec',         403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['GET    /appraisers/:appraiser_id/statements/:month',       403, 403, 200, 404, 200, 404, 200, 401, 401],
  ['GET    /appraisers/:appraiser_id/statements/:month/export', 403, 403, 200, 404, 200, 404, 200, 401, 401],
  ['GET    /orders/:order_id/borrower_copy',                   200, 404, 200, 404, 403, 403, 200, 401, 401],
  ['PUT    /orders/:order_id/borrower_copy',                   200, 404, 200, 404, 403, 403, 200, 401, 401],
  ['PATCH  /orders/:order_id/reports/:submission/findings',    403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['PATCH  /orders/:order_id/reports/:submission/checklist',   403, 403, 200, 404, 403, 403, 200, 401, 401],
  ['PATCH  /orders/:order_id/files/:file_id',                  403, 403, 200, 404, 403, 403, 200, 401, 401],

  // -- payments (appraisers do not see the client's invoice)
  ['GET    /orders/:order_id/payments',                        200, 404, 200, 404, 403, 403, 200, 401, 401],
  ['POST   /orders/:order_id/send_payment_link',               200, 404, 200, 404, 403, 403, 403, 401, 401],
  ['PATCH  /orders/:order_id/update_payment_method',           200, 404, 200, 404, 403, 403, 403, 401, 401],

  // -- webhooks: client and staff admins, and operators (the subscription is the demo company's); appraisers never
  ['POST   /webhooks',                                         201, 201, 201, 201, 403, 403, 201, 401, 401],
  ['GET    /webhooks',                                         200, 200, 200, 200, 403, 403, 200, 401, 401],
  ['GET    /webhooks/:webhook_id',                             404, 404, 200, 404, 403, 403, 200, 401, 401],
  ['PATCH  /webhooks/:webhook_id',                             404, 404, 200, 404, 403, 403, 200, 401, 401],
  ['DELETE /webhooks/:webhook_id',                             404, 404, 200, 404, 403, 403, 200, 401, 401],
  ['POST   /webhooks/:webhook_id/rotate_secret',               404, 404, 200, 404, 403, 403, 200, 401, 401],
  ['GET    /webhooks/:webhook_id/deliveries',                  404, 404, 200, 404, 403, 403, 200, 401, 401],
  ['POST   /webhooks/:webhook_id/deliveries/:delivery_id/replay', 404, 404, 202, 404, 403, 403, 202, 401, 401],
  ['POST   /webhooks/:webhook_id/test',                        404, 404, 202, 404, 403, 403, 202, 401, 401],

  // -- live updates: every user may listen; each hears only of what it may see (test/live/)
  ['GET    /events/stream',                                    200, 200, 200, 200, 200, 200, 200, 401, 401],
];

/**
 * Routes outside /api/v1, which take no API key. "open": anyone (the start page, health, the
 * OpenAPI document and everything the docs UI serves under /docs). "signed": the link's
 * signature is the credential; each has its own test below. "session": web sign-in, whose
 * credential is a password, a one-time secret or the session cookie, never an API key
 * (test/sessions/sessions.test.ts; below, that nothing opens without one).
 */
const PUBLIC_ROUTES: Record<string, 'open' | 'signed' | 'session' | 'secret-address'> = {
  'GET /': 'open',
  'GET /healthz': 'open',
  'GET /readyz': 'open',
  'GET /openapi.json': 'open',
  // The web application's built files (served only where it was built).
  'GET /assets/*': 'open',
  'GET /files/:file_id': 'signed',
  'GET /files/:file_id/photos/:photo': 'signed',
  'GET /pay/:order_id': 'signed',
  'POST /pay/:order_id': 'signed',
  'GET /invoices/:order_id': 'signed',
  'GET /receipts/:payment_id': 'signed',
  // An appraiser's calendar feed: its unguessable address is the credential, since calendar
  // apps send no key (test/workspace/workspace.test.ts: unknown, replaced and malformed ones 404).
  'GET /calendar/:feed': 'secret-address',
  'POST /auth/sign_in': 'session',
  'GET /auth/session': 'session',
  'POST /auth/sign_out': 'session',
  'POST /auth/password/forgot': 'session',
  'POST /auth/password/reset': 'session',
  'PUT /auth/password': 'session',
  'GET /sso': 'session',
  'GET /auth/link': 'session',
};
const isDocsUi = (route: string) => /^GET \/docs(\/|$)/.test(route);
const publicKind = (route: string) => PUBLIC_ROUTES[route] ?? (isDocsUi(route) ? 'open' : undefined);

// ---- reading the table ----------------------------------------------------------------------

interface Entry {
  /** The row's label, e.g. "POST /me#invite". */
  name: string;
  /** The app's route, e.g. "POST /api/v1/me". */
  route: string;
  method: string;
  path: string;
  expected: Record<Caller, number>;
}

function answersOf(answers: number[]): Record<Caller, number> {
  const expected = {} as Record<Caller, number>;
  CALLERS.forEach((caller, i) => (expected[caller] = answers[i]!));
  return expected;
}

const ENTRIES: Entry[] = MATRIX.map(([label, ...answers]) => {
  const [method = '', target = ''] = label.trim().split(/\s+/);
  const [path = ''] = target.split('#');
  return {
    name: `${method} ${target}`,
    route: `${method} /api/v1${path}`,
    method,
    path,
    expected: answersOf(answers),
  };
});

// ---- the world ------------------------------------------------------------------------------

const t = useTestApp(
  {},
  {
    onRoute: (route) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    },
  },
);
let demo: DemoWorld;
let other: DemoWorld;
let keys: Record<Caller, string | null>;
let newOrderBody: Awaited<ReturnType<typeof orderBody>>;
let clientTypeId: string;

beforeAll(async () => {
  demo = await seedDemo(t.db);
  other = await seedDemo(t.db);
  const company = { id: demo.company_id, name: 'Demo company' };
  const otherAppraiser = await createUserWithKey(t.db, 'appraiser', company);
  const operator = await createUserWithKey(t.db, 'operator', null);
  // Used once (so that any cache of warm keys knows it), then revoked by its owner through the API.
  const revoked = await issueApiKey(t.db, demo.users.client.id, 'revoked by the matrix');
  await setup('POST', '/api/v1/me', revoked.api_key);
  await send('DELETE', `/api/v1/api_keys/${revoked.id}`, { key: revoked.api_key, counted: false });
  const row = await t.db
    .selectFrom('api_keys')
    .select('revoked_at')
    .where('id', '=', revoked.id)
    .executeTakeFirstOrThrow();
  if (!row.revoked_at) throw new Error('setup: the key was not revoked');
  keys = {
    client: demo.users.client.api_key,
    other_client: other.users.client.api_key,
    staff: demo.users.staff.api_key,
    other_staff: other.users.staff.api_key,
    appraiser: demo.users.appraiser.api_key,
    other_appraiser: otherAppraiser.key,
    operator: operator.key,
    no_key: null,
    revoked_key: revoked.api_key,
  };
  newOrderBody = await orderBody(t.db, demo);
  const clientType = await t.db
    .selectFrom('client_types')
    .select('id')
    .orderBy('name')
    .executeTakeFirstOrThrow();
  clientTypeId = clientType.id;
});

// ---- requests, counted ----------------------------------------------------------------------

const tally = { requests: 0, unexpected: 0, serverErrors: [] as string[], rateLimited: [] as string[] };

/** Every request of the matrix goes through here: counted, and never a 5xx. */
async function send(
  method: string,
  url: string,
  options: { key?: string | null; body?: Body; headers?: Record<string, string>; counted?: boolean } = {},
): Promise<Answer> {
  const encoded = encodeBody(options.body);
  const headers: Record<string, string> = { ...options.headers, ...encoded.headers };
  if (options.key) headers['x-api-key'] = options.key;
  const { payload } = encoded;
  const response = await injectAnswer(t.app, {
    method: httpMethod(method),
    url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
  if (options.counted !== false) tally.requests += 1;
  if (response.statusCode >= 500) tally.serverErrors.push(`${method} ${url}: ${response.statusCode}`);
  if (response.statusCode === 429) tally.rateLimited.push(`${method} ${url}`);
  return readAnswer(response);
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
function httpMethod(method: string): (typeof METHODS)[number] {
  const found = METHODS.find((m) => m === method);
  if (!found) throw new Error(`no such method in the matrix: ${method}`);
  return found;
}

/** A request that prepares a fixture: not counted in the matrix, must succeed. */
async function setup<T>(method: 'GET' | 'POST', url: string, key: string, body?: Body): Promise<T> {
  const response = await send(method, url, { key, counted: false, ...(body ? { body } : {}) });
  if (response.status >= 300) throw new Error(`setup ${method} ${url}: ${response.status} ${response.body}`);
  return response.json<T>();
}

// ---- fixtures: what the route's ids point at ------------------------------------------------

/** The ids a route's path needs, and what a refused request must leave unchanged. */
interface Fixture {
  ids: Record<string, string>;
  snapshot?: () => Promise<unknown>;
}

/** An order of the demo world, put directly in `status` and assigned to the demo appraiser. */
async function orderIn(status: Status): Promise<Fixture> {
  const order = await placeOrder(t.app, t.db, demo);
  await t.db
    .updateTable('orders')
    .set({ status, appraiser_id: demo.users.appraiser.id })
    .where('id', '=', order.id)
    .execute();
  const party = await t.db
    .selectFrom('order_parties')
    .select('id')
    .where('order_id', '=', order.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return {
    ids: { order_id: order.id, party_id: party.id },
    snapshot: async () => ({
      order: await t.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow(),
      parties: await t.db
        .selectFrom('order_parties')
        .select(['id', 'poc'])
        .where('order_id', '=', order.id)
        .orderBy('id')
        .execute(),
    }),
  };
}

let turnTimeProduct = '';

/** The demo company with a turn time for one of its products (for the quote to find one). */
async function turnTimes(): Promise<Fixture> {
  const product = await t.db
    .selectFrom('products')
    .select('id')
    .where('company_id', '=', demo.company_id)
    .orderBy('name')
    .executeTakeFirstOrThrow();
  turnTimeProduct = product.id;
  await t.db.deleteFrom('turn_times').where('company_id', '=', demo.company_id).execute();
  await t.db
    .insertInto('turn_times')
    .values({ company_id: demo.company_id, product_id: product.id, business_days: 5 })
    .execute();
  return {
    ids: { company_id: demo.company_id, product_id: product.id },
    snapshot: () =>
      t.db.selectFrom('turn_times').selectAll().where('company_id', '=', demo.company_id).execute(),
  };
}

/** A webhook subscription of the demo company, with one delivery (of a test event). */
async function companyWebhook(): Promise<Fixture> {
  const created = await setup<{ id: string }>('POST', '/api/v1/webhooks', demo.users.staff.api_key, {
    json: { url: 'https://hooks.example.com/aoms', description: 'Matrix subscription' },
  });
  await setup('POST', `/api/v1/webhooks/${created.id}/test`, demo.users.staff.api_key);
  const delivery = await t.db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('subscription_id', '=', created.id)
    .executeTakeFirstOrThrow();
  return {
    ids: { webhook_id: created.id, delivery_id: delivery.id },
    snapshot: () =>
      t.db.selectFrom('webhook_subscriptions').selectAll().where('id', '=', created.id).executeTakeFirst(),
  };
}

/** A live API key of the demo client's user. */
async function clientUsersKey(): Promise<Fixture> {
  const key = await issueApiKey(t.db, demo.users.client.id, 'to revoke');
  return {
    ids: { key_id: key.id },
    snapshot: () => t.db.selectFrom('api_keys').selectAll().where('id', '=', key.id).executeTakeFirst(),
  };
}

const MATRIX_LICENSE = { number: 'TX-1', level: 'certified_residential', expires_on: '2099-12-31' };
const MATRIX_EO_POLICY = {
  carrier: 'Matrix Mutual',
  policy_number: 'EO-1',
  per_claim: '500000',
  expires_on: '2099-12-31',
};

/** The demo appraiser's credentials, with a Texas license and a policy in place (what they are is snapshot). */
async function appraisersCredentials(): Promise<Fixture> {
  const appraiserId = demo.users.appraiser.id;
  await t.db.deleteFrom('appraiser_licenses').where('appraiser_id', '=', appraiserId).execute();
  await t.db.deleteFrom('appraiser_eo_policies').where('appraiser_id', '=', appraiserId).execute();
  await t.db
    .insertInto('appraiser_licenses')
    .values({ appraiser_id: appraiserId, state_id: '48', ...MATRIX_LICENSE, level: 'certified_residential' })
    .execute();
  await t.db
    .insertInto('appraiser_eo_policies')
    .values({
      appraiser_id: appraiserId,
      carrier: MATRIX_EO_POLICY.carrier,
      policy_number: MATRIX_EO_POLICY.policy_number,
      per_claim_cents: 50_000_000,
      expires_on: MATRIX_EO_POLICY.expires_on,
    })
    .execute();
  // Every table of the credentials, the record of changes included, as rows of this appraiser.
  const rowsOf = (
    table:
      'appraiser_licenses' | 'appraiser_eo_policies' | 'appraiser_profiles' | 'appraiser_credential_changes',
  ) =>
    sql`SELECT to_jsonb(r) FROM ${sql.table(table)} r WHERE r.appraiser_id = ${appraiserId}`
      .execute(t.db)
      .then((r) => r.rows);
  return {
    ids: { appraiser_id: appraiserId, state: 'TX' },
    snapshot: async () => ({
      licenses: await rowsOf('appraiser_licenses'),
      policy: await rowsOf('appraiser_eo_policies'),
      profile: await rowsOf('appraiser_profiles'),
      changes: await rowsOf('appraiser_credential_changes'),
    }),
  };
}

/** The demo appraiser's coverage and a time off of theirs (what they are is snapshot). */
async function appraisersCoverage(): Promise<Fixture> {
  const appraiserId = demo.users.appraiser.id;
  const away = await t.db
    .insertInto('appraiser_time_off')
    .values({ appraiser_id: appraiserId, starts_on: '2037-07-01', ends_on: '2037-07-04', note: 'Matrix' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rowsOf = (table: 'appraiser_coverage' | 'appraiser_time_off' | 'appraiser_profiles') =>
    sql`SELECT to_jsonb(r) FROM ${sql.table(table)} r WHERE r.appraiser_id = ${appraiserId}`
      .execute(t.db)
      .then((r) => r.rows);
  return {
    ids: { appraiser_id: appraiserId, time_off_id: away.id },
    snapshot: async () => ({
      coverage: await rowsOf('appraiser_coverage'),
      timeOff: await rowsOf('appraiser_time_off'),
      profile: await rowsOf('appraiser_profiles'),
    }),
  };
}

/** A product of the demo company, for the fee schedule lines the matrix sends. */
let feeProductId = '';

/** The demo company's fee schedules and the demo appraiser's own (all they hold is snapshot). */
async function feeSchedules(): Promise<Fixture> {
  feeProductId = (
    await t.db
      .selectFrom('products')
      .select('id')
      .where('company_id', '=', demo.company_id)
      .orderBy('name')
      .executeTakeFirstOrThrow()
  ).id;
  const rowsOf = (table: 'lender_fee_schedule' | 'appraiser_fee_schedule' | 'fee_schedule_changes') =>
    sql`SELECT to_jsonb(r) FROM ${sql.table(table)} r WHERE r.company_id = ${demo.company_id}`
      .execute(t.db)
      .then((r) => r.rows);
  return {
    ids: { company_id: demo.company_id, appraiser_id: demo.users.appraiser.id },
    snapshot: async () => ({
      lender: await rowsOf('lender_fee_schedule'),
      appraiser: await rowsOf('appraiser_fee_schedule'),
      changes: await rowsOf('fee_schedule_changes'),
    }),
  };
}
const feeLines = () =>
  json({
    entries: [{ product_id: feeProductId, state: 'TX', fee: `${300 + (parseInt(unique(), 16) % 100)}.00` }],
  });

/** A document on the demo appraiser's file, uploaded for the call (their documents are snapshot). */
async function appraisersDocument(): Promise<Fixture> {
  const appraiserId = demo.users.appraiser.id;
  const added = await setup<{ id: string }>(
    'POST',
    `/api/v1/appraisers/${appraiserId}/documents`,
    demo.users.appraiser.api_key,
    {
      parts: [
        ['kind', 'w9'],
        ['file', REPORT_PDF],
      ],
    },
  );
  return {
    ids: { appraiser_id: appraiserId, document_id: added.id },
    snapshot: () =>
      sql`SELECT to_jsonb(d) FROM appraiser_documents d WHERE d.appraiser_id = ${appraiserId} ORDER BY d.id`
        .execute(t.db)
        .then((r) => r.rows),
  };
}

/** The demo lender's do-not-use list, naming the demo appraiser (what it holds is snapshot). */
async function lendersExclusion(): Promise<Fixture> {
  const key = {
    company_id: demo.company_id,
    client_id: demo.client_id,
    appraiser_id: demo.users.appraiser.id,
  };
  await t.db
    .insertInto('client_appraiser_exclusions')
    .values({ ...key, reason: 'Matrix', excluded_by: demo.users.staff.id })
    .onConflict((oc) =>
      oc.columns(['company_id', 'client_id', 'appraiser_id']).doUpdateSet({ reason: 'Matrix' }),
    )
    .execute();
  return {
    ids: { client_id: demo.client_id, appraiser_id: demo.users.appraiser.id },
    snapshot: () =>
      t.db
        .selectFrom('client_appraiser_exclusions')
        .selectAll()
        .where('client_id', '=', demo.client_id)
        .execute(),
  };
}

/** A plain user of the demo client (no admin). */
async function clientUser(): Promise<Fixture> {
  const user = await createUserWithKey(t.db, 'client', { id: demo.client_id, name: 'Demo client' });
  return {
    ids: { user_id: user.id },
    snapshot: () => t.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirst(),
  };
}

const nothing = (): Promise<Fixture> => Promise.resolve({ ids: {} });
const orderList = (): Promise<Fixture> => Promise.resolve({ ids: { list: 'orders' } });

/** A saved view of the order list, the demo client user's. */
async function clientsView(): Promise<Fixture> {
  const view = await t.db
    .insertInto('order_list_views')
    .values({
      user_id: demo.users.client.id,
      list: 'orders',
      name: `Matrix ${unique()}`,
      search: JSON.stringify({ sort: 'due_date asc' }),
      columns: ['borrower'],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    ids: { list: 'orders', view_id: view.id },
    snapshot: () =>
      t.db.selectFrom('order_list_views').selectAll().where('id', '=', view.id).executeTakeFirst(),
  };
}
let offeredProducts: string[] = [];

const SANDBOX_CARD = {
  name: 'Avery Appraiser',
  number: '4242 4242 4242 4242',
  exp_month: '12',
  exp_year: '2031',
  cvc: '123',
};

/** The demo appraiser's card on file, and no other appraiser's. */
async function appraisersCard(): Promise<Fixture> {
  await t.db.deleteFrom('payment_cards').execute();
  const response = await send('PUT', '/api/v1/me/payment_card', {
    key: demo.users.appraiser.api_key,
    body: { json: SANDBOX_CARD },
    counted: false,
  });
  if (response.status !== 200) throw new Error(`setup: card on file: ${response.status} ${response.body}`);
  return {
    ids: {},
    snapshot: () => t.db.selectFrom('payment_cards').selectAll().orderBy('user_id').execute(),
  };
}

/** Every appraiser has a calendar feed (an address to stop). */
async function appraisersCalendarFeed(): Promise<Fixture> {
  await t.db.deleteFrom('calendar_feeds').execute();
  const appraisers = await t.db.selectFrom('users').select('id').where('role', '=', 'appraiser').execute();
  await t.db
    .insertInto('calendar_feeds')
    .values(appraisers.map((a) => ({ user_id: a.id, token_hash: randomBytes(32).toString('hex') })))
    .execute();
  return {
    ids: {},
    snapshot: () =>
      t.db.selectFrom('calendar_feeds').select(['user_id', 'token_hash']).orderBy('user_id').execute(),
  };
}

// ---- how each row is called -----------------------------------------------------------------

interface Call {
  fixture: () => Promise<Fixture>;
  /** The query string a route needs, from its fixture's ids. */
  query?: (ids: Record<string, string>) => string;
  body?: (caller: Caller) => Body;
  headers?: () => Record<string, string>;
}

const json = (value: unknown): Body => ({ json: value });
const unique = () => randomBytes(4).toString('hex');

/** Valid input for the actions that take some; the others are sent without a body. */
const ACTION_BODIES: Record<string, () => Body> = {
  decline_order: () => json({ reason: 'Outside our coverage area' }),
  assign: () => json({ appraiser_id: demo.users.appraiser.id, fee: '300.00' }),
  reject_assignment: () => json({ reason: 'Too far away' }),
  request_negotiation: () => json({ fee: '550.00', reason: 'Complex property' }),
  refuse_negotiation: () => json({ reason: 'Over budget' }),
  schedule_inspection: () => json({ inspection_scheduled_at: '2030-06-15T10:00' }),
  request_submission: () => ({
    parts: [
      ['files[][attachment]', REPORT_PDF],
      ['files[][file_type]', 'appraisal_pdf'],
    ],
  }),
  require_action: () => json({ reason: 'Add a third comparable' }),
  request_revision: () => json({ comments: 'Please correct the square footage' }),
  request_reconsideration_of_value: () =>
    json({
      reason: 'alternate_closed_sales',
      summary: 'Two closer sales were missed',
      initiated_by: 'borrower',
      deficiencies: [{ category: 'comparable_selection', description: 'Comparable 3 is across the river' }],
      comparables: [
        {
          address: '412 Lavaca St, Austin, TX 78701',
          sale_price: '455000.00',
          sale_date: '11/02/2026',
          data_source: 'MLS 5512034',
          reason: 'Same subdivision, 0.2 miles away',
        },
      ],
    }),
  hold: () => json({ reason: 'Borrower travelling' }),
  flag_attention: () => json({ reason: 'Access problem' }),
  request_info: () => json({ reason: 'Gate code needed' }),
  provide_info: () => json({ comments: 'The gate code is 1234' }),
  request_cancel: () => json({ reason: 'Loan withdrawn' }),
  deny_cancel: () => json({ reason: 'Report nearly done' }),
  cancel: () => json({ reason: 'Loan withdrawn' }),
  forward_request: () => json({ comments: 'Please check the square footage of the garage' }),
  answer_request: () => json({ comments: 'The square footage matches the county record' }),
};

/**
 * An order of the demo world in Client request, with the lender's request waiting for the
 * company's review (a note for the company and the lender, as request_revision leaves it).
 */
async function requestInReview(): Promise<Fixture> {
  const fixture = await orderIn('Client request');
  const orderId = fixture.ids.order_id!;
  const note = await t.db
    .insertInto('notes')
    .values({
      order_id: orderId,
      author_id: demo.users.client.id,
      author_name: 'Demo Client',
      subject: 'Revision request',
      content: '<p>Please correct the square footage</p>',
      important: true,
      additional_emails: [],
      audience: 'client',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('orders')
    .set({ request_note_id: note.id, request_return_status: 'In review' })
    .where('id', '=', orderId)
    .execute();
  return fixture;
}

/** An order with a note of the lender's (for the company and the lender) to forward. */
async function withLenderNote(): Promise<Fixture> {
  const fixture = await orderIn('Assigned');
  const note = await setup<{ id: string }>(
    'POST',
    `/api/v1/orders/${fixture.ids.order_id}/notes`,
    demo.users.client.api_key,
    {
      json: { content: '<p>The borrower will be away on Friday.</p>' },
    },
  );
  return { ...fixture, ids: { ...fixture.ids, note_id: note.id } };
}

/** An order with a document the lender uploaded (for the company and the lender). */
async function withLenderFile(): Promise<Fixture> {
  const fixture = await orderIn('Assigned');
  const file = await setup<{ id: string }>(
    'POST',
    `/api/v1/orders/${fixture.ids.order_id}/files`,
    demo.users.client.api_key,
    {
      parts: [
        ['attachment', { ...REPORT_PDF, filename: 'purchase-agreement.pdf' }],
        ['file_type', 'purchase_agreement'],
      ],
    },
  );
  return {
    ids: { ...fixture.ids, file_id: file.id },
    snapshot: async () => ({
      order: await fixture.snapshot?.(),
      file: await t.db.selectFrom('order_files').selectAll().where('id', '=', file.id).executeTakeFirst(),
    }),
  };
}

/** Each action is called on an order in the first status its table row allows it from. */
const actionCalls: Record<string, Call> = Object.fromEntries(
  ENDPOINT_ACTIONS.map((definition) => {
    const body = ACTION_BODIES[definition.action];
    // The company's answers to a lender's request need one waiting for their review.
    const needsRequest = (definition.unavailable?.({ request_note_id: null }) ?? null) !== null;
    const fixture = needsRequest ? requestInReview : () => orderIn(definition.from[0]!);
    const call: Call = { fixture, ...(body ? { body } : {}) };
    return [`PUT /orders/:order_id/${definition.action}`, call];
  }),
);

const inAssignedOrder = () => orderIn('Assigned');

/** An order in review with a reconsideration of value the lender asked for, waiting for the company. */
async function withReconsideration(): Promise<Fixture> {
  const fixture = await orderIn('In review');
  const asked = await send('PUT', `/api/v1/orders/${fixture.ids.order_id}/request_reconsideration_of_value`, {
    key: demo.users.client.api_key,
    counted: false,
    body: ACTION_BODIES.request_reconsideration_of_value!(),
  });
  if (asked.status !== 200) throw new Error(`setup: reconsideration: ${asked.status} ${asked.body}`);
  return fixture;
}

/** An order whose report was delivered: the borrower's copy is due. */
async function delivered(): Promise<Fixture> {
  const fixture = await orderIn('In review');
  await t.db
    .updateTable('orders')
    .set({ status: 'Completed', completed_at: new Date(Date.now() - 60_000) })
    .where('id', '=', fixture.ids.order_id!)
    .execute();
  return fixture;
}

let lastInvoice = '';

/** This month's statement of the demo client, with an invoice on it. */
async function statementOf(): Promise<Fixture> {
  await invoiced();
  return {
    ids: {
      client_id: demo.client_id,
      company_id: demo.company_id,
      month: new Date().toISOString().slice(0, 7),
    },
  };
}

/** A delivered order with its invoice issued, as the delivery issues it. */
async function invoiced(): Promise<Fixture> {
  const fixture = await delivered();
  const order = await t.db
    .selectFrom('orders')
    .select(['id', 'company_id', 'client_id', 'total_fee_cents'])
    .where('id', '=', fixture.ids.order_id!)
    .executeTakeFirstOrThrow();
  const invoice = await t.db
    .transaction()
    .execute((trx) => issueInvoice(trx, order, 'delivery', { now: new Date(), timeZone: 'UTC' }));
  lastInvoice = invoice.id;
  return {
    ids: { invoice_id: invoice.id, company_id: demo.company_id },
    snapshot: () =>
      t.db.selectFrom('receivable_entries').selectAll().where('invoice_id', '=', invoice.id).execute(),
  };
}

const BANK_ACCOUNT = {
  holder_name: 'Avery Appraiser',
  routing_number: '111000025',
  account_number: '000123456789',
  account_type: 'checking',
};

/** The demo appraiser with a bank account, and a delivered order whose payable is due. */
async function payableDue(): Promise<Fixture> {
  const appraiserId = demo.users.appraiser.id;
  const put = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/appraisers/${appraiserId}/bank_account`,
    headers: { 'X-Api-Key': demo.users.appraiser.api_key },
    payload: BANK_ACCOUNT,
  });
  if (put.statusCode !== 200) throw new Error(`bank account: ${put.body}`);
  await t.db
    .insertInto('company_payout_settings')
    .values({
      company_id: demo.company_id,
      pay_on: 'delivery',
      ach_bank_name: 'Frost Bank',
      ach_routing_number: '114000093',
      ach_company_name: 'Lone Star',
      ach_company_id: '1741234567',
      updated_by: null,
    })
    .onConflict((oc) => oc.column('company_id').doNothing())
    .execute();
  const fixture = await delivered();
  await t.db.transaction().execute((trx) =>
    earnPayable(
      trx,
      {
        id: fixture.ids.order_id!,
        company_id: demo.company_id,
        appraiser_id: appraiserId,
        appraiser_fee_cents: '30000',
      },
      0n,
      { now: new Date(Date.now() - 86_400_000), timeZone: 'UTC' },
    ),
  );
  return {
    ids: { company_id: demo.company_id, appraiser_id: appraiserId },
    snapshot: () => t.db.selectFrom('payout_batches').select(['id', 'status']).orderBy('id').execute(),
  };
}

/** This month's statement of the demo appraiser, with a payable earned on it. */
async function appraiserMonth(): Promise<Fixture> {
  const fixture = await payableDue();
  return { ids: { ...fixture.ids, month: new Date().toISOString().slice(0, 7) } };
}

/** The payable of a delivered order, held or not. */
async function payableHeld(held: boolean): Promise<Fixture> {
  const fixture = await payableDue();
  const payable = await t.db
    .selectFrom('payables')
    .select('id')
    .orderBy('earned_at', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  if (held)
    await t.db
      .updateTable('payables')
      .set({ held_reason: 'Disputed', held_at: new Date(), held_by: null })
      .where('id', '=', payable.id)
      .execute();
  return {
    ids: { ...fixture.ids, payable_id: payable.id },
    snapshot: () =>
      t.db.selectFrom('payables').selectAll().where('id', '=', payable.id).executeTakeFirstOrThrow(),
  };
}

/** A payout batch of the demo company, as a draft or approved. */
async function payoutBatch(status: 'draft' | 'approved'): Promise<Fixture> {
  await payableDue();
  const batch = await setup<{ id: string }>(
    'POST',
    `/api/v1/companies/${demo.company_id}/payout_batches`,
    demo.users.staff.api_key,
    json({}),
  );
  if (status === 'approved')
    await setup('POST', `/api/v1/payout_batches/${batch.id}/approve`, demo.users.staff.api_key);
  return {
    ids: { batch_id: batch.id, company_id: demo.company_id },
    snapshot: () =>
      t.db.selectFrom('payout_batches').selectAll().where('id', '=', batch.id).executeTakeFirstOrThrow(),
  };
}

/** An order in review whose first submission was read, with one finding to review. */
async function withReadReport(): Promise<Fixture> {
  const fixture = await orderIn('In review');
  const orderId = fixture.ids.order_id!;
  const finding = {
    id: 'ORD-COUNTY',
    source: 'order',
    severity: 'warning',
    message: "The report's county is Williamson; the order's is Travis.",
    field: 'subject.address.county',
    line: null,
  };
  await t.db
    .insertInto('report_submissions')
    .values({
      order_id: orderId,
      submission_no: 1,
      format: 'uad_3.6',
      report: JSON.stringify(REPORT),
      findings: JSON.stringify([finding]),
      fatal_count: 0,
      warning_count: 1,
      checked_as_of: '2026-11-28',
      override_reason: null,
      warnings_acknowledged: true,
      submitted_by: demo.users.appraiser.id,
    })
    .execute();
  return {
    ids: { ...fixture.ids, submission: '1' },
    snapshot: () =>
      t.db.selectFrom('report_finding_reviews').selectAll().where('order_id', '=', orderId).execute(),
  };
}

/**
 * The matrix's orders are put on the demo appraiser, who is soon at capacity: a round of bids
 * needs another qualified appraiser for the engine to invite.
 */
async function orderToBidOn(): Promise<Fixture> {
  const fresh = await createUserWithKey(t.db, 'appraiser', { id: demo.company_id, name: '' });
  await seedDemoAppraiserCredentials(t.db, fresh.id, demo.users.staff.id, new Date());
  return orderIn('Unassigned');
}

/** The bid the award of a round names (set by orderWithABid). */
let bidToAward = '';

/** An order out for bids, the demo appraiser invited and bidding at the round's locked terms. */
async function orderWithABid(): Promise<Fixture> {
  const fixture = await orderIn('Bidding');
  const orderId = fixture.ids.order_id!;
  const round = await t.db
    .insertInto('bid_requests')
    .values({
      order_id: orderId,
      mode: 'bids',
      fee_cents: 30_000,
      fee_locked: true,
      due_date: new Date('2037-12-10T17:00:00Z'),
      due_date_locked: true,
      min_bidders: 1,
      max_bidders: 1,
      deadline: new Date('2037-12-01T17:00:00Z'),
      created_by: demo.users.staff.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('bid_invitations')
    .values({
      bid_request_id: round.id,
      appraiser_id: demo.users.appraiser.id,
      rank: 1,
      offer_fee_cents: 30_000,
    })
    .execute();
  const bid = await t.db
    .insertInto('bids')
    .values({
      bid_request_id: round.id,
      appraiser_id: demo.users.appraiser.id,
      fee_cents: 30_000,
      due_date: new Date('2037-12-10T17:00:00Z'),
      comment: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  bidToAward = bid.id;
  const rounds = () =>
    sql`SELECT to_jsonb(r) FROM bid_requests r WHERE r.order_id = ${orderId}`
      .execute(t.db)
      .then((r) => r.rows);
  const bids = () =>
    sql`SELECT to_jsonb(b) FROM bids b WHERE b.bid_request_id = ${round.id}`
      .execute(t.db)
      .then((r) => r.rows);
  return {
    ids: { ...fixture.ids, bid_request_id: round.id },
    snapshot: async () => ({ order: await fixture.snapshot?.(), rounds: await rounds(), bids: await bids() }),
  };
}

const CALLS: Record<string, Call> = {
  'POST /me': { fixture: nothing },
  'POST /me#invite': {
    fixture: nothing,
    headers: () => ({
      'X-Api-Email': `invitee.${unique()}@matrix.example`,
      'X-Api-First-Name': 'Ivy',
      'X-Api-Last-Name': 'Invitee',
    }),
  },
  'GET /me/notification_settings': { fixture: nothing },
  'PATCH /me/notification_settings': { fixture: nothing, body: () => json({}) },
  'GET /me/order_lists/:list': { fixture: orderList },
  'PUT /me/order_lists/:list/columns': { fixture: orderList, body: () => json({ columns: ['borrower'] }) },
  'POST /me/order_lists/:list/views': {
    fixture: orderList,
    body: () => json({ name: `View ${unique()}`, search: { mine: true }, columns: ['borrower'] }),
  },
  'DELETE /me/order_lists/:list/views/:view_id': { fixture: clientsView },
  'GET /me/payment_card': { fixture: appraisersCard },
  'PUT /me/payment_card': { fixture: nothing, body: () => json(SANDBOX_CARD) },
  'DELETE /me/payment_card': { fixture: appraisersCard },
  'GET /me/work': { fixture: nothing },
  'GET /me/calendar_feed': { fixture: nothing },
  'POST /me/calendar_feed': { fixture: nothing },
  'DELETE /me/calendar_feed': { fixture: appraisersCalendarFeed },
  'GET /api_keys': { fixture: nothing },
  'POST /api_keys': { fixture: nothing, body: () => json({ label: 'matrix' }) },
  'DELETE /api_keys/:key_id': { fixture: clientUsersKey },
  'GET /users': { fixture: nothing },
  'POST /users': {
    fixture: nothing,
    body: () =>
      json({ email: `invitee.${unique()}@matrix.example`, first_name: 'Ivy', last_name: 'Invitee' }),
  },
  'PATCH /users/:user_id': { fixture: clientUser, body: () => json({ is_admin: true }) },

  'GET /clients': { fixture: nothing },
  'POST /clients': { fixture: nothing, body: () => json(newClientBody()) },
  'GET /clients/:client_id/configurations': {
    fixture: () => Promise.resolve({ ids: { client_id: demo.client_id } }),
  },
  'GET /clients/:client_id/settings': {
    fixture: () => Promise.resolve({ ids: { client_id: demo.client_id } }),
  },
  'PATCH /clients/:client_id/settings': {
    fixture: () =>
      Promise.resolve({
        ids: { client_id: demo.client_id },
        snapshot: () =>
          t.db.selectFrom('company_clients').selectAll().where('client_id', '=', demo.client_id).execute(),
      }),
    body: () => json({ client_review_required: false }),
  },
  'GET /clients/:client_id/access': {
    fixture: () => Promise.resolve({ ids: { client_id: demo.client_id } }),
  },
  'PATCH /clients/:client_id/access': {
    fixture: () =>
      Promise.resolve({
        ids: { client_id: demo.client_id },
        snapshot: () =>
          t.db.selectFrom('organizations').selectAll().where('id', '=', demo.client_id).execute(),
      }),
    body: () => json({ order_visibility: 'all' }),
  },
  'GET /clients/:client_id/products': {
    fixture: () => Promise.resolve({ ids: { client_id: demo.client_id } }),
  },
  'PUT /clients/:client_id/products': {
    fixture: async () => {
      // The products the demo client is offered now, offered again: the call changes nothing else.
      offeredProducts = (
        await t.db
          .selectFrom('client_products')
          .select('product_id')
          .where('client_id', '=', demo.client_id)
          .execute()
      ).map((row) => row.product_id);
      return {
        ids: { client_id: demo.client_id },
        snapshot: () =>
          t.db
            .selectFrom('client_products')
            .selectAll()
            .where('client_id', '=', demo.client_id)
            .orderBy('product_id')
            .execute(),
      };
    },
    body: () => json({ products: offeredProducts.map((product_id) => ({ product_id })) }),
  },
  'GET /companies/:company_id/settings': {
    fixture: () => Promise.resolve({ ids: { company_id: demo.company_id } }),
  },
  'PATCH /companies/:company_id/settings': {
    fixture: () =>
      Promise.resolve({
        ids: { company_id: demo.company_id },
        snapshot: () =>
          t.db.selectFrom('organizations').selectAll().where('id', '=', demo.company_id).execute(),
      }),
    body: () => json({ submission_fee: null }),
  },
  'GET /client_types': { fixture: nothing },
  'GET /property_types': { fixture: nothing },

  'POST /orders': { fixture: nothing, body: () => json(newOrderBody) },
  'GET /orders': { fixture: nothing },
  'GET /orders/status_counts': { fixture: nothing },
  'GET /orders/export': { fixture: nothing },
  'GET /insight': { fixture: nothing },
  'GET /appraisers': { fixture: nothing },
  'GET /appraisers/:appraiser_id/credentials': { fixture: appraisersCredentials },
  'PUT /appraisers/:appraiser_id/licenses/:state': {
    fixture: appraisersCredentials,
    body: () => json({ ...MATRIX_LICENSE, number: `TX-${unique()}` }),
  },
  'DELETE /appraisers/:appraiser_id/licenses/:state': { fixture: appraisersCredentials },
  'PUT /appraisers/:appraiser_id/licenses/:state/verification': { fixture: appraisersCredentials },
  'PUT /appraisers/:appraiser_id/eo_policy': {
    fixture: appraisersCredentials,
    body: () => json({ ...MATRIX_EO_POLICY, policy_number: `EO-${unique()}` }),
  },
  'DELETE /appraisers/:appraiser_id/eo_policy': { fixture: appraisersCredentials },
  'PUT /appraisers/:appraiser_id/eo_policy/verification': { fixture: appraisersCredentials },
  'PATCH /appraisers/:appraiser_id/profile': {
    fixture: appraisersCredentials,
    body: () => json({ capacity: 8 }),
  },
  'GET /appraisers/:appraiser_id/credential_changes': { fixture: appraisersCredentials },
  'GET /registry_imports': { fixture: nothing },
  'POST /registry_imports': {
    fixture: () =>
      Promise.resolve({
        ids: {},
        snapshot: () => t.db.selectFrom('registry_imports').select('id').orderBy('id').execute(),
      }),
    body: () => ({
      parts: [
        [
          'file',
          {
            filename: 'registry.txt',
            contentType: 'text/tab-separated-values',
            content: Buffer.from(
              'ST_ABBR\tLIC_NUMBER\tLNAME\tSTATUS\tLIC_TYPE\tEXP_DATE\nTX\tTX-MATRIX-1\tDOE\tA\t3\t12/31/2030\n',
            ),
          },
        ],
      ],
    }),
  },
  'GET /states/:state/counties': { fixture: () => Promise.resolve({ ids: { state: 'TX' } }) },
  'GET /appraisers/:appraiser_id/documents': { fixture: appraisersDocument },
  'POST /appraisers/:appraiser_id/documents': {
    fixture: appraisersDocument,
    body: () => ({
      parts: [
        ['kind', 'eo_certificate'],
        ['expires_on', '2037-06-30'],
        ['file', REPORT_PDF],
      ],
    }),
  },
  'GET /appraisers/:appraiser_id/documents/:document_id/file': { fixture: appraisersDocument },
  'DELETE /appraisers/:appraiser_id/documents/:document_id': { fixture: appraisersDocument },
  'GET /appraisers/:appraiser_id/coverage': { fixture: appraisersCoverage },
  'PUT /appraisers/:appraiser_id/coverage': {
    fixture: appraisersCoverage,
    body: () => json({ counties: ['48453', '48491', '48209'], zips: ['78701'] }),
  },
  'GET /appraisers/:appraiser_id/time_off': { fixture: appraisersCoverage },
  'POST /appraisers/:appraiser_id/time_off': {
    fixture: appraisersCoverage,
    body: () => json({ starts_on: '2037-08-01', ends_on: '2037-08-03' }),
  },
  'DELETE /appraisers/:appraiser_id/time_off/:time_off_id': { fixture: appraisersCoverage },
  'GET /companies/:company_id/selection_rules': {
    fixture: () => Promise.resolve({ ids: { company_id: demo.company_id } }),
  },
  'PATCH /companies/:company_id/selection_rules': {
    fixture: () =>
      Promise.resolve({
        ids: { company_id: demo.company_id },
        snapshot: () =>
          t.db
            .selectFrom('company_selection_rules')
            .selectAll()
            .where('company_id', '=', demo.company_id)
            .execute(),
      }),
    body: () => json({ weights: { fee: parseInt(unique(), 16) % 11 } }),
  },
  'GET /companies/:company_id/report_settings': {
    fixture: () => Promise.resolve({ ids: { company_id: demo.company_id } }),
  },
  'PATCH /companies/:company_id/report_settings': {
    fixture: () =>
      Promise.resolve({
        ids: { company_id: demo.company_id },
        snapshot: () =>
          t.db
            .selectFrom('company_report_settings')
            .selectAll()
            .where('company_id', '=', demo.company_id)
            .execute(),
      }),
    body: () => json({ comparable_max_age_months: 6 + (parseInt(unique(), 16) % 12) }),
  },
  'GET /companies/:company_id/calendar': {
    fixture: () => Promise.resolve({ ids: { company_id: demo.company_id } }),
  },
  'PATCH /companies/:company_id/calendar': {
    fixture: () =>
      Promise.resolve({
        ids: { company_id: demo.company_id },
        snapshot: () =>
          t.db
            .selectFrom('company_calendars')
            .selectAll()
            .where('company_id', '=', demo.company_id)
            .execute(),
      }),
    body: () => json({ cutoff: `1${parseInt(unique(), 16) % 7}:00` }),
  },
  'GET /companies/:company_id/turn_times': {
    fixture: () => Promise.resolve({ ids: { company_id: demo.company_id } }),
  },
  'PUT /companies/:company_id/turn_times': {
    fixture: turnTimes,
    body: () =>
      json({
        entries: [
          {
            client_id: null,
            product_id: turnTimeProduct,
            business_days: 5 + (parseInt(unique(), 16) % 5),
            rush_business_days: null,
          },
        ],
      }),
  },
  'GET /companies/:company_id/turn_times/quote': {
    fixture: turnTimes,
    query: (ids) => `product_id=${ids.product_id}`,
  },
  'GET /companies/:company_id/scorecards': {
    fixture: () => Promise.resolve({ ids: { company_id: demo.company_id } }),
    query: () => 'of=clients&period=2026-11',
  },
  'GET /companies/:company_id/scorecards/export': {
    fixture: () => Promise.resolve({ ids: { company_id: demo.company_id } }),
  },
  'GET /appraisers/:appraiser_id/scorecard': { fixture: appraisersCoverage },
  'GET /companies/:company_id/lender_fee_schedule': { fixture: feeSchedules },
  'PUT /companies/:company_id/lender_fee_schedule': { fixture: feeSchedules, body: feeLines },
  // The standard fees keep a line for the product orders are placed with: the demo's offers keep a fee.
  'GET /companies/:company_id/appraiser_fee_schedule': { fixture: feeSchedules },
  'PUT /companies/:company_id/appraiser_fee_schedule': {
    fixture: feeSchedules,
    body: () =>
      json({
        entries: [{ product_id: feeProductId, fee: `${250 + (parseInt(unique(), 16) % 100)}.00` }],
      }),
  },
  'GET /appraisers/:appraiser_id/fee_schedule': { fixture: feeSchedules },
  'PUT /appraisers/:appraiser_id/fee_schedule': { fixture: feeSchedules, body: feeLines },
  'GET /orders/:order_id/assignment_decisions': { fixture: inAssignedOrder },
  'GET /orders/:order_id/bid_requests': { fixture: orderWithABid },
  'GET /me/bid_requests': { fixture: nothing },
  'POST /bid_requests/:bid_request_id/bids': { fixture: orderWithABid, body: () => json({}) },
  'GET /clients/:client_id/excluded_appraisers': { fixture: lendersExclusion },
  'PUT /clients/:client_id/excluded_appraisers/:appraiser_id': {
    fixture: lendersExclusion,
    body: () => json({ reason: `Matrix ${unique()}` }),
  },
  'DELETE /clients/:client_id/excluded_appraisers/:appraiser_id': { fixture: lendersExclusion },
  'GET /orders/queues': { fixture: nothing },
  'GET /orders/at_risk': { fixture: nothing },
  'GET /orders/:order_id/appraiser_candidates': { fixture: inAssignedOrder },
  'GET /orders/:order_id': { fixture: inAssignedOrder },
  'GET /orders/:order_id/history': { fixture: inAssignedOrder },
  'GET /orders/:order_id/timeline': { fixture: inAssignedOrder },
  'PATCH /orders/:order_id': {
    fixture: inAssignedOrder,
    body: () => json({ loan_number: 'LN-MATRIX-1' }),
  },
  'PUT /orders/:order_id/subject_address': {
    fixture: inAssignedOrder,
    body: () => json({ address_two: 'Suite 200' }),
  },
  ...actionCalls,
  'PUT /orders/:order_id/start_bidding': { fixture: orderToBidOn, body: () => json({ appraisers: 1 }) },
  'PUT /orders/:order_id/award_bid': { fixture: orderWithABid, body: () => json({ bid_id: bidToAward }) },

  'POST /orders/:order_id/parties': {
    fixture: inAssignedOrder,
    body: () => json({ party: { name: 'Rita Realtor', role: 'buyer_agent', poc: false } }),
  },
  'PUT /orders/:order_id/parties/:party_id/toggle_poc': {
    fixture: inAssignedOrder,
    body: () => json({ poc: true }),
  },
  'POST /orders/:order_id/parties/:party_id/toggle_poc': {
    fixture: inAssignedOrder,
    body: () => json({ poc: true }),
  },
  'GET /orders/:order_id/notes': { fixture: inAssignedOrder },
  'POST /orders/:order_id/notes': {
    fixture: inAssignedOrder,
    body: () => json({ content: '<p>Called the borrower.</p>', subject: 'Matrix' }),
  },
  'POST /orders/:order_id/notes/:note_id/forward': {
    fixture: withLenderNote,
    body: () => json({ content: '<p>The borrower is away on Friday: inspect another day.</p>' }),
  },
  'GET /orders/:order_id/files': { fixture: inAssignedOrder },
  'GET /orders/:order_id/reports': { fixture: inAssignedOrder },
  'GET /orders/:order_id/reconsiderations': { fixture: withReconsideration },
  'GET /companies/:company_id/margins': { fixture: statementOf },
  'GET /companies/:company_id/margins/export': { fixture: statementOf },
  'GET /companies/:company_id/fee_evidence': { fixture: statementOf },
  'GET /companies/:company_id/fee_evidence/export': { fixture: statementOf },
  'GET /companies/:company_id/fee_evidence/pdf': { fixture: statementOf },
  'GET /companies/:company_id/cancellation_fees': {
    fixture: () => Promise.resolve({ ids: { company_id: demo.company_id } }),
  },
  'PUT /companies/:company_id/cancellation_fees': {
    fixture: () =>
      Promise.resolve({
        ids: { company_id: demo.company_id },
        snapshot: () => t.db.selectFrom('cancellation_fees').selectAll().orderBy('id').execute(),
      }),
    body: () => json({ entries: [] }),
  },
  'GET /companies/:company_id/payout_settings': { fixture: payableDue },
  'PUT /companies/:company_id/payout_settings': {
    fixture: payableDue,
    body: () => json({ pay_on: 'delivery' }),
  },
  'GET /appraisers/:appraiser_id/bank_account': { fixture: payableDue },
  'PUT /appraisers/:appraiser_id/bank_account': { fixture: payableDue, body: () => json(BANK_ACCOUNT) },
  'GET /payables': { fixture: payableDue },
  'GET /companies/:company_id/payout_batches': { fixture: () => payoutBatch('draft') },
  'POST /companies/:company_id/payout_batches': { fixture: payableDue, body: () => json({}) },
  'POST /payables/:payable_id/hold': {
    fixture: () => payableHeld(false),
    body: () => json({ reason: 'Disputed' }),
  },
  'POST /payables/:payable_id/release': { fixture: () => payableHeld(true) },
  'POST /payables/:payable_id/extras': {
    // What a refused call must leave as it was: the payables' ledgers.
    fixture: async () => ({
      ...(await payableHeld(false)),
      snapshot: () =>
        t.db.selectFrom('payable_entries').select(['id', 'kind', 'amount_cents']).orderBy('id').execute(),
    }),
    body: () => json({ amount: '75.00', reason: 'Second trip' }),
  },
  'GET /payout_batches/:batch_id': { fixture: () => payoutBatch('draft') },
  'POST /payout_batches/:batch_id/approve': { fixture: () => payoutBatch('draft') },
  'POST /payout_batches/:batch_id/mark_paid': { fixture: () => payoutBatch('approved') },
  'GET /payout_batches/:batch_id/nacha': { fixture: () => payoutBatch('approved') },
  'GET /payout_batches/:batch_id/export': { fixture: () => payoutBatch('draft') },
  'GET /companies/:company_id/tax_forms/1099_nec': { fixture: payableDue, query: () => 'year=2026' },
  'GET /appraisers/:appraiser_id/statements/:month': { fixture: appraiserMonth },
  'GET /appraisers/:appraiser_id/statements/:month/export': { fixture: appraiserMonth },
  'GET /invoices': { fixture: invoiced },
  'GET /invoices/:invoice_id': { fixture: invoiced },
  'POST /invoices/:invoice_id/credit_notes': {
    fixture: invoiced,
    body: () => json({ amount: '1.00', reason: 'A courtesy credit' }),
  },
  'POST /invoices/:invoice_id/write_offs': {
    fixture: invoiced,
    body: () => json({ amount: '1.00', reason: 'Uncollectable' }),
  },
  'POST /companies/:company_id/receipts': {
    fixture: invoiced,
    body: () =>
      json({
        client_id: demo.client_id,
        method: 'check',
        reference: `CHK-${unique()}`,
        received_on: new Date().toISOString().slice(0, 10),
        amount: '1.00',
        applications: [{ invoice_id: lastInvoice, amount: '1.00' }],
      }),
  },
  'GET /companies/:company_id/receivables/aging': { fixture: invoiced },
  'GET /clients/:client_id/statements/:month': { fixture: statementOf },
  'GET /clients/:client_id/statements/:month/export': { fixture: statementOf },
  'GET /clients/:client_id/statements/:month/pdf': { fixture: statementOf },
  'GET /companies/:company_id/statements/:month/export': { fixture: statementOf },
  'GET /orders/:order_id/borrower_copy': { fixture: delivered },
  'PUT /orders/:order_id/borrower_copy': { fixture: delivered, body: () => json({ method: 'email' }) },
  'PATCH /orders/:order_id/reports/:submission/checklist': {
    fixture: async () => {
      await t.db
        .insertInto('company_report_settings')
        .values({
          company_id: demo.company_id,
          review_checklist: JSON.stringify(['Photos match the address']),
        })
        .onConflict((conflict) =>
          conflict
            .column('company_id')
            .doUpdateSet({ review_checklist: JSON.stringify(['Photos match the address']) }),
        )
        .execute();
      const fixture = await withReadReport();
      const orderId = fixture.ids.order_id!;
      return {
        ...fixture,
        snapshot: () =>
          t.db.selectFrom('report_checklist_answers').selectAll().where('order_id', '=', orderId).execute(),
      };
    },
    body: () => json({ item: 'Photos match the address', done: true }),
  },
  'PATCH /orders/:order_id/reports/:submission/findings': {
    fixture: withReadReport,
    body: () => json({ id: 'ORD-COUNTY', field: 'subject.address.county', shared_with_lender: true }),
  },
  'POST /orders/:order_id/report_checks': {
    fixture: inAssignedOrder,
    body: () => ({
      parts: [
        [
          'files[][attachment]',
          { filename: 'SF1.xml', content: Buffer.from(SF1_XML), contentType: 'application/xml' },
        ],
        ['files[][file_type]', 'appraisal_xml'],
        ['files[][attachment]', { filename: 'SF1.pdf', content: SF1_PDF, contentType: 'application/pdf' }],
        ['files[][file_type]', 'appraisal_pdf'],
      ],
    }),
  },
  'PATCH /orders/:order_id/files/:file_id': {
    fixture: withLenderFile,
    body: () => json({ audience: 'everyone' }),
  },
  'POST /orders/:order_id/files': {
    fixture: inAssignedOrder,
    body: () => ({
      parts: [
        ['attachment', { ...REPORT_PDF, filename: 'purchase-agreement.pdf' }],
        ['file_type', 'purchase_agreement'],
      ],
    }),
  },

  'GET /orders/:order_id/payments': { fixture: inAssignedOrder },
  'POST /orders/:order_id/send_payment_link': {
    fixture: inAssignedOrder,
    body: () => json({ emails: ['payer@borrower.example'] }),
  },
  'PATCH /orders/:order_id/update_payment_method': {
    fixture: inAssignedOrder,
    body: () => json({ payment_method: 'credit_card' }),
  },

  'POST /webhooks': {
    fixture: nothing,
    // Operators belong to no organization: they name the one the subscription is for.
    body: (caller) =>
      json({
        url: 'https://hooks.example.com/new',
        ...(caller === 'operator' ? { organization_id: demo.company_id } : {}),
      }),
  },
  'GET /webhooks': { fixture: nothing },
  'GET /webhooks/:webhook_id': { fixture: companyWebhook },
  'PATCH /webhooks/:webhook_id': {
    fixture: companyWebhook,
    body: () => json({ description: 'Changed by the matrix' }),
  },
  'DELETE /webhooks/:webhook_id': { fixture: companyWebhook },
  'POST /webhooks/:webhook_id/rotate_secret': { fixture: companyWebhook },
  'GET /webhooks/:webhook_id/deliveries': { fixture: companyWebhook },
  'POST /webhooks/:webhook_id/deliveries/:delivery_id/replay': { fixture: companyWebhook },
  'POST /webhooks/:webhook_id/test': { fixture: companyWebhook },
  'GET /events/stream': { fixture: nothing },
};

function newClientBody() {
  return {
    organization: {
      name: `Matrix Savings ${unique()}`,
      client_type_id: clientTypeId,
      add_all_products: true,
      address_attributes: { address_one: '1 Harbor Way', city: 'Boston', state: 'MA', zip: '02110' },
      contacts_attributes: [{ name: 'Hank Harbor', emails: ['hank@harbor.example'] }],
    },
  };
}

// ---- what a refused request must not change -------------------------------------------------

const COUNTED_TABLES = [
  'organizations',
  'users',
  'api_keys',
  'orders',
  'order_parties',
  'order_history',
  'notes',
  'order_files',
  'reconsiderations',
  'reconsideration_comparables',
  'payments',
  'events',
  'outbox_messages',
  'webhook_subscriptions',
  'webhook_deliveries',
] as const;

const rowCounts = () => countRows(t.db, COUNTED_TABLES);

// ---- running a row --------------------------------------------------------------------------

/** The error code each refusal carries. */
const ERROR_CODES: Record<number, string> = {
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  422: 'validation_failed',
};

async function call(entry: Entry, spec: Call, fixture: Fixture, caller: Caller): Promise<string | null> {
  const url =
    '/api/v1' +
    entry.path.replace(/:(\w+)/g, (_, name: string) => {
      const id = fixture.ids[name];
      if (!id) throw new Error(`${entry.name}: the fixture gives no ${name}`);
      return id;
    }) +
    (spec.query ? `?${spec.query(fixture.ids)}` : '');
  const body = spec.body?.(caller);
  const response = await send(entry.method, url, {
    key: keys[caller],
    ...(body ? { body } : {}),
    ...(spec.headers ? { headers: spec.headers() } : {}),
  });
  const expected = entry.expected[caller];
  const code = ERROR_CODES[expected];
  if (response.status === expected && (code === undefined || response.code === code)) return null;
  tally.unexpected += 1;
  return `${entry.name} by ${caller}: expected ${expected}${code ? ` ${code}` : ''}, got ${response.status} ${response.body.slice(0, 300)}`;
}

async function runRow(entry: Entry): Promise<string[]> {
  const spec = CALLS[entry.name];
  if (!spec) return [`${entry.name}: no way to call it in CALLS`];
  const problems: string[] = [];
  const refused = CALLERS.filter((caller) => entry.expected[caller] >= 300);
  const allowed = CALLERS.filter((caller) => entry.expected[caller] < 300);

  // The refusals, on one resource: nothing may change, neither the resource nor any table.
  const shared = await spec.fixture();
  const before = { counts: await rowCounts(), resource: await shared.snapshot?.() };
  for (const caller of refused) {
    const problem = await call(entry, spec, shared, caller);
    if (problem) problems.push(problem);
  }
  const after = { counts: await rowCounts(), resource: await shared.snapshot?.() };
  if (JSON.stringify(after) !== JSON.stringify(before)) {
    problems.push(
      `${entry.name}: a refused request changed something:\n  before ${JSON.stringify(before)}\n  after  ${JSON.stringify(after)}`,
    );
  }

  // The allowed calls: reads share the resource; anything else gets a fresh one each time.
  for (const caller of allowed) {
    const fixture = entry.method === 'GET' ? shared : await spec.fixture();
    const problem = await call(entry, spec, fixture, caller);
    if (problem) problems.push(problem);
  }
  return problems;
}

// ---- the tests ------------------------------------------------------------------------------

describe('the matrix covers every route of the application', () => {
  it('records the routes of the app', () => {
    expect(appRoutes().length).toBeGreaterThan(ENTRIES.length);
  });

  it('every route has a row in the matrix, or is a public route', () => {
    const inMatrix = new Set(ENTRIES.map((e) => e.route));
    const missing = appRoutes().filter((route) => !inMatrix.has(route) && publicKind(route) === undefined);
    expect(missing, 'routes with no row in the access matrix (test/security/access-matrix.test.ts)').toEqual(
      [],
    );
  });

  it('every /api/v1 route is in the matrix, never public', () => {
    expect(Object.keys(PUBLIC_ROUTES).filter((route) => route.includes(' /api/'))).toEqual([]);
  });

  it('every row and every public route is a route of the app', () => {
    const stale = [...ENTRIES.map((e) => e.route), ...Object.keys(PUBLIC_ROUTES)].filter((route) => {
      const [method = '', url = ''] = route.split(' ');
      return !t.app.hasRoute({ method: httpMethod(method), url });
    });
    expect(stale, 'rows for routes the app does not have').toEqual([]);
  });

  it('every row says how it is called, and each route has one row per case', () => {
    const names = ENTRIES.map((e) => e.name);
    expect(
      names.filter((name) => !CALLS[name]),
      'rows without an entry in CALLS',
    ).toEqual([]);
    expect(
      Object.keys(CALLS).filter((name) => !names.includes(name)),
      'CALLS without a row',
    ).toEqual([]);
    expect(
      names.filter((name, i) => names.indexOf(name) !== i),
      'duplicate rows',
    ).toEqual([]);
  });

  it('the recorded routes include every operation of the OpenAPI document', async () => {
    const response = await send('GET', '/openapi.json');
    const { paths } = response.json<{ paths: Record<string, Record<string, unknown>> }>();
    const documented = Object.entries(paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(documented.length).toBeGreaterThan(0);
    const routes = new Set(appRoutes());
    expect(documented.filter((route) => !routes.has(route))).toEqual([]);
  });
});

describe('who may call what: every /api/v1 route, every caller', () => {
  for (const entry of ENTRIES) {
    it(entry.name, async () => {
      expect(await runRow(entry)).toEqual([]);
    });
  }
});

// ---- public routes ---------------------------------------------------------------------------

describe('open routes answer anyone, without a key', () => {
  it('every open route answers without a key', async () => {
    const open = appRoutes().filter((route) => publicKind(route) === 'open');
    expect(open).toContain('GET /healthz');
    const problems: string[] = [];
    for (const route of open) {
      const [method = '', url = ''] = route.split(' ');
      const asset = url.startsWith('/assets/')
        ? fs.readdirSync(path.join(WEB_ROOT, 'assets'))[0]!
        : 'swagger-ui.css';
      const response = await send(method, url.replace('*', asset));
      if (response.status < 200 || response.status >= 400) {
        tally.unexpected += 1;
        problems.push(`${route}: ${response.status}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

/** Each web sign-in route, tried with an API key and a made-up secret: what it must answer. */
const SESSION_CASES: Record<string, { url: string; body?: Body; status: number }> = {
  'POST /auth/sign_in': {
    url: '/auth/sign_in',
    body: { json: { email: 'x@y.example', password: 'not it' } },
    status: 401,
  },
  'GET /auth/session': { url: '/auth/session', status: 401 },
  'POST /auth/sign_out': { url: '/auth/sign_out', status: 401 },
  'POST /auth/password/forgot': {
    url: '/auth/password/forgot',
    body: { json: { email: 'x@y.example' } },
    status: 202,
  },
  'POST /auth/password/reset': {
    url: '/auth/password/reset',
    body: { json: { token: 'made-up', password: 'a long enough passphrase' } },
    status: 422,
  },
  'PUT /auth/password': {
    url: '/auth/password',
    body: { json: { current_password: 'x', password: 'a long enough passphrase' } },
    status: 401,
  },
  'GET /sso': { url: '/sso?token=made-up', status: 303 },
  'GET /auth/link': { url: '/auth/link?token=made-up', status: 303 },
};

describe('web sign-in routes: an API key opens no session, nor does a made-up secret', () => {
  it.each(Object.keys(PUBLIC_ROUTES).filter((route) => PUBLIC_ROUTES[route] === 'session'))(
    '%s',
    async (route) => {
      const known = SESSION_CASES[route];
      expect(known, `${route} needs a case in SESSION_CASES`).toBeDefined();
      const method = route.split(' ')[0]!;
      const answer = await t.app.inject({
        method: httpMethod(method),
        url: known!.url,
        headers: {
          'x-api-key': keys.staff!,
          ...(known!.body && 'json' in known!.body ? { 'content-type': 'application/json' } : {}),
        },
        ...(known!.body && 'json' in known!.body ? { payload: JSON.stringify(known!.body.json) } : {}),
      });
      tally.requests += 1;
      expect(answer.statusCode).toBe(known!.status);
      expect(answer.headers['set-cookie']).toBeUndefined();
      if (answer.statusCode === 303) expect(answer.headers.location).toBe('/sign-in?error=link');
    },
  );
});

interface SignedCase {
  /** A valid signed link (absolute, as the API gives it). */
  link: string;
  /** Another resource of the same kind: the link's signature must not open it. */
  otherId: string;
  /** The same id signed as another kind of link, where one exists. */
  foreignQuery?: string;
  body?: Body;
}

const CARD = {
  name: 'Bea Borrower',
  number: '4242424242424242',
  exp_month: '12',
  exp_year: '2035',
  cvc: '123',
};

interface PaymentsSummary {
  input_credit_card_link: string;
  pdf_link: string;
  payments: { receipt_link: string }[];
}

async function paymentsOf(orderId: string): Promise<PaymentsSummary> {
  return setup<PaymentsSummary>('GET', `/api/v1/orders/${orderId}/payments`, demo.users.client.api_key);
}

async function paid(orderId: string): Promise<PaymentsSummary> {
  const { input_credit_card_link: link } = await paymentsOf(orderId);
  const url = new URL(link);
  const response = await send('POST', url.pathname + url.search, { body: { form: CARD }, counted: false });
  if (response.status !== 200) throw new Error(`setup: paying ${orderId}: ${response.status}`);
  return paymentsOf(orderId);
}

async function uploadedFile(orderId: string): Promise<{ id: string; link: string }> {
  return setup<{ id: string; link: string }>(
    'POST',
    `/api/v1/orders/${orderId}/files`,
    demo.users.client.api_key,
    {
      parts: [
        ['attachment', { ...REPORT_PDF, filename: 'contract.pdf' }],
        ['file_type', 'sales_contract'],
      ],
    },
  );
}

const newOrderId = async () => (await orderIn('Assigned')).ids.order_id!;
const queryOf = (link: string) => new URL(link).search;

/** For each signed route: a fresh case (an order with a balance, a file, a payment). */
const SIGNED: Record<string, () => Promise<SignedCase>> = {
  'GET /files/:file_id': async () => {
    const order = await newOrderId();
    const [file, another] = [await uploadedFile(order), await uploadedFile(order)];
    return { link: file.link, otherId: another.id };
  },
  'GET /files/:file_id/photos/:photo': async () => {
    // A read report (its one photo, SF1's front) whose package the staff uploaded as the submission's.
    const orderId = (await withReadReport()).ids.order_id!;
    const pack = zip([
      { name: 'SF1.xml', data: Buffer.from(SF1_XML) },
      { name: 'Images/SF1_DwellingFront.png', data: FRONT_PHOTO, store: true },
    ]);
    const stored = await setup<{ id: string }>(
      'POST',
      `/api/v1/orders/${orderId}/files`,
      demo.users.staff.api_key,
      {
        parts: [
          ['attachment', { filename: 'SF1.zip', content: pack, contentType: 'application/zip' }],
          ['file_type', 'appraisal_env'],
        ],
      },
    );
    await t.db.updateTable('order_files').set({ submission_no: 1 }).where('id', '=', stored.id).execute();
    const [read] = await setup<{ photos: { link: string }[] }[]>(
      'GET',
      `/api/v1/orders/${orderId}/reports`,
      demo.users.staff.api_key,
    );
    // The report names one photo: the second position is another resource, signed by nothing.
    return { link: read!.photos[0]!.link, otherId: '2' };
  },
  'GET /pay/:order_id': async () => {
    const [order, another] = [await newOrderId(), await newOrderId()];
    const summary = await paymentsOf(order);
    return {
      link: summary.input_credit_card_link,
      otherId: another,
      foreignQuery: queryOf(summary.pdf_link),
    };
  },
  'POST /pay/:order_id': async () => {
    const [order, another] = [await newOrderId(), await newOrderId()];
    const summary = await paymentsOf(order);
    return {
      link: summary.input_credit_card_link,
      otherId: another,
      foreignQuery: queryOf(summary.pdf_link),
      body: { form: CARD },
    };
  },
  'GET /invoices/:order_id': async () => {
    const [order, another] = [await newOrderId(), await newOrderId()];
    const summary = await paymentsOf(order);
    return {
      link: summary.pdf_link,
      otherId: another,
      foreignQuery: queryOf(summary.input_credit_card_link),
    };
  },
  'GET /receipts/:payment_id': async () => {
    const receipt = (await paid(await newOrderId())).payments[0]!.receipt_link;
    const another = (await paid(await newOrderId())).payments[0]!.receipt_link;
    return { link: receipt, otherId: new URL(another).pathname.split('/').pop()! };
  },
};

describe('signed-link routes: the signature is the credential, an API key is not', () => {
  it('every signed route has a case', () => {
    const signed = Object.entries(PUBLIC_ROUTES)
      .filter(([, kind]) => kind === 'signed')
      .map(([route]) => route);
    expect(signed.filter((route) => !SIGNED[route])).toEqual([]);
  });

  it.each(Object.keys(SIGNED))('%s', async (route) => {
    const method = route.split(' ')[0]!;
    const signedCase = await SIGNED[route]!();
    const url = new URL(signedCase.link);
    const path = url.pathname;
    const params = url.searchParams;
    const id = path.split('/').pop()!;
    const tampered = new URLSearchParams(params);
    const signature = params.get('signature') ?? '';
    tampered.set('signature', (signature.startsWith('A') ? 'B' : 'A') + signature.slice(1));
    const extended = new URLSearchParams(params);
    extended.set('expires', String(Number(params.get('expires')) + 86_400));

    const refusals: [what: string, url: string, key?: string][] = [
      ['no signature', path],
      ["no signature, the client's API key", path, demo.users.client.api_key],
      ["no signature, an operator's API key", path, keys.operator!],
      ['a changed signature', `${path}?${tampered.toString()}`],
      ['a changed expiry', `${path}?${extended.toString()}`],
      ["another resource's id", `${path.slice(0, -id.length)}${signedCase.otherId}${url.search}`],
      ...(signedCase.foreignQuery
        ? ([['the signature of another kind of link', `${path}${signedCase.foreignQuery}`]] as [
            string,
            string,
          ][])
        : []),
    ];
    const problems: string[] = [];
    const before = await rowCounts();
    for (const [what, refusedUrl, key] of refusals) {
      const response = await send(method, refusedUrl, {
        ...(key ? { key } : {}),
        ...(signedCase.body ? { body: signedCase.body } : {}),
      });
      if (response.status !== 403) {
        tally.unexpected += 1;
        problems.push(`${route} with ${what}: expected 403, got ${response.status}`);
      }
    }
    const after = await rowCounts();
    if (JSON.stringify(after) !== JSON.stringify(before))
      problems.push(`${route}: a refused request changed something: ${JSON.stringify({ before, after })}`);

    const valid = await send(method, path + url.search, signedCase.body ? { body: signedCase.body } : {});
    if (valid.status !== 200) {
      tally.unexpected += 1;
      problems.push(`${route} with its signed link: expected 200, got ${valid.status}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('the whole run', () => {
  it('no request answered 5xx, none was rate limited', () => {
    expect(tally.serverErrors).toEqual([]);
    expect(tally.rateLimited, 'rate limiting should be off in tests').toEqual([]);
  });
});

afterAll(() => {
  const apiRoutes = new Set(ENTRIES.map((e) => e.route)).size;
  const publicRoutes = appRoutes().filter((route) => publicKind(route) !== undefined).length;
  console.log(
    `access matrix: ${tally.requests} requests, ${apiRoutes + publicRoutes} endpoints ` +
      `(${apiRoutes} /api/v1 routes in ${ENTRIES.length} rows x ${CALLERS.length} callers, ${publicRoutes} public), ` +
      `${tally.unexpected} unexpected, ${tally.serverErrors.length} 5xx`,
  );
});
