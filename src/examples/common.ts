import { HealthStatus, ServiceIndex } from '../health/health.schemas.ts';
import { AudienceSchema } from '../schemas/audience.ts';
import { ErrorBody, FieldProblem, Success } from '../schemas/common.ts';
import { ERROR_EXAMPLES, REQUEST_ID } from './errors.ts';
import { example, type NamedExample } from './example.ts';
import { BASE_URL } from './ids.ts';

/** What every part of the API shares: success, errors, the service's index and health. */
const VALIDATION = ERROR_EXAMPLES.validation_failed;

export const COMMON_EXAMPLES: NamedExample[] = [
  example(Success, { success: true }),
  example(FieldProblem, VALIDATION.details![0]!),
  example(ErrorBody, {
    success: false,
    error: { code: 'validation_failed', message: VALIDATION.message, details: VALIDATION.details! },
    request_id: REQUEST_ID,
  }),
  example(ServiceIndex, {
    name: 'Appraisal Order Management',
    api: `${BASE_URL}/api/v1`,
    docs: `${BASE_URL}/docs`,
    openapi: `${BASE_URL}/openapi.json`,
  }),
  example(HealthStatus, { status: 'ok' }),
  example(AudienceSchema, 'everyone'),
];
