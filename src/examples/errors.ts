import type { ErrorCode } from '../errors/app-error.ts';
import type { FieldProblem } from '../errors/app-error.ts';
import { ORDER_ID } from './ids.ts';

/**
 * An error answer for each code, as the service writes it: the shared error answers of the
 * OpenAPI document show the codes of their status, and each is the Error envelope.
 */
export const ERROR_EXAMPLES: Record<ErrorCode, { message: string; details?: FieldProblem[] }> = {
  bad_request: { message: 'The URL could not be read' },
  invalid_json: { message: 'The body is not valid JSON' },
  invalid_multipart: { message: 'The multipart body could not be read' },
  unauthenticated: { message: 'An API key is required (X-Api-Key)' },
  invalid_credentials: {
    message: 'The email or the password is not right',
    details: [{ field: 'email', message: 'or the password is not right' }],
  },
  payment_declined: { message: 'The card was declined: insufficient funds' },
  csrf_failed: { message: 'This change needs the X-CSRF-Token of your session' },
  forbidden: {
    message: `Your role (appraiser) may not GET /api/v1/orders/:order_id/payments; it is for: client, staff`,
  },
  cannot_act_as: {
    message: 'You may not act for this user',
    details: [{ field: 'X-Api-Email', message: 'names a user you may not act for' }],
  },
  not_found: { message: 'The order was not found' },
  route_not_found: { message: 'No route GET /api/v1/order' },
  method_not_allowed: { message: `DELETE is not allowed on /api/v1/orders/${ORDER_ID}; it takes GET, HEAD` },
  request_timeout: { message: 'The request was not received in time' },
  transition_not_allowed: {
    message: 'complete_inspection is not allowed in status Assigned; allowed now: schedule_inspection, hold',
  },
  conflict: { message: 'The order changed meanwhile: read it again, then decide' },
  payload_too_large: { message: 'The request body is too large' },
  unsupported_media_type: { message: 'This endpoint does not take that Content-Type' },
  validation_failed: {
    message: 'Invalid input: borrower.first_name, product_ids[0]',
    details: [
      { field: 'borrower.first_name', message: 'is required' },
      { field: 'product_ids[0]', message: 'is not a product of the client configuration' },
    ],
  },
  report_has_findings: {
    message: 'The report has 2 warnings: read them and submit again with acknowledge_warnings=true',
    details: [
      { field: 'acknowledge_warnings', message: 'must be true to submit a report with warnings' },
      {
        field: 'file_numbers.management_company',
        message:
          "ORD-FILE-NUMBER: The report's management company file number is 543234; this order's is AMC-00001042.",
      },
      {
        field: 'comparables[3].sale_date',
        message:
          'CMP-SALE-AGE: Comparable 3: sold on 2018-06-30, more than 12 months before the effective date 2019-09-20.',
      },
    ],
  },
  rate_limited: { message: 'Too many requests for this API key: 600 a minute; retry in 12 seconds' },
  headers_too_large: {
    message: 'The request line and headers are over 16 KiB: shorten the query string or the headers',
  },
  internal_error: { message: 'Something went wrong on our side; the request id identifies it in our logs' },
  service_unavailable: { message: 'The database does not answer' },
};

/** The request id of the examples' answers. */
export const REQUEST_ID = 'c8a1f4e2-7b3d-4e9a-9f21-5d6c0b8e4a17';
