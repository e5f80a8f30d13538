import type { ApiExamples } from '../http/openapi-examples.ts';
import { CLIENT_EXAMPLES } from './clients.ts';
import { COMMON_EXAMPLES } from './common.ts';
import { CREDENTIAL_EXAMPLES } from './credentials.ts';
import { ERROR_EXAMPLES, REQUEST_ID } from './errors.ts';
import type { NamedExample } from './example.ts';
import { OPERATION_EXAMPLES, PARAMETER_EXAMPLES } from './operations.ts';
import { ORDER_EXAMPLES } from './orders.ts';
import { ORDER_LIST_EXAMPLES } from './order-lists.ts';
import { PAYMENT_EXAMPLES } from './payments.ts';
import { PEOPLE_EXAMPLES } from './people.ts';
import { RECORD_EXAMPLES } from './records.ts';
import { RECEIVABLE_EXAMPLES } from './receivables.ts';
import { PAYABLE_EXAMPLES } from './payables.ts';
import { MARGIN_EXAMPLES } from './margins.ts';
import { REPORT_EXAMPLES } from './reports.ts';
import { RECONSIDERATION_EXAMPLES } from './reconsiderations.ts';
import { CALENDAR_EXAMPLES } from './calendars.ts';
import { SCORECARD_EXAMPLES } from './scorecards.ts';
import { SELECTION_EXAMPLES } from './selection.ts';
import { FEE_EXAMPLES } from './fees.ts';
import { BID_EXAMPLES } from './bids.ts';
import { TIMELINE_EXAMPLES } from './timeline.ts';
import { WEBHOOK_EXAMPLES } from './webhooks.ts';

/**
 * The one set of example values of the API, from which the OpenAPI document takes every
 * example it shows (http/openapi-examples.ts): an example of each named schema, typed by the
 * schema, which every request body, answer and webhook payload of that schema shows, and whose
 * fields give each property its example; the bodies that are not one named schema, by
 * operation; each path parameter's value; an error answer for each code. A test validates each
 * example where the document shows it against the schema it stands for.
 */
const named: NamedExample[] = [
  ...COMMON_EXAMPLES,
  ...PEOPLE_EXAMPLES,
  ...CLIENT_EXAMPLES,
  ...ORDER_EXAMPLES,
  ...ORDER_LIST_EXAMPLES,
  ...RECORD_EXAMPLES,
  ...PAYMENT_EXAMPLES,
  ...RECEIVABLE_EXAMPLES,
  ...PAYABLE_EXAMPLES,
  ...MARGIN_EXAMPLES,
  ...WEBHOOK_EXAMPLES,
  ...TIMELINE_EXAMPLES,
  ...CREDENTIAL_EXAMPLES,
  ...SELECTION_EXAMPLES,
  ...FEE_EXAMPLES,
  ...BID_EXAMPLES,
  ...REPORT_EXAMPLES,
  ...RECONSIDERATION_EXAMPLES,
  ...CALENDAR_EXAMPLES,
  ...SCORECARD_EXAMPLES,
];

export const API_EXAMPLES: ApiExamples = {
  schemas: Object.fromEntries(named.map(({ name, value }) => [name, value])),
  operations: OPERATION_EXAMPLES,
  parameters: PARAMETER_EXAMPLES,
  errors: ERROR_EXAMPLES,
  requestId: REQUEST_ID,
};
