import { Type, type Static, type TInteger, type TNumber, type TSchema, type TUnsafe } from 'typebox';
import { ERROR_STATUS } from '../errors/app-error.ts';
import { ERROR_CODES, ERROR_MEANINGS, errorCodeLink } from '../errors/error-codes.ts';

/**
 * Schemas that several features share, declared once. Schemas with an `$id` are named: they
 * are registered with the app (http/openapi.ts), appear in the OpenAPI document under
 * components.schemas, and are used through `ref()` so that the document says `$ref` and
 * the TypeScript types still follow.
 */
export type NamedSchema = TSchema;

/** A reference to a named schema, typed as the schema itself; `description` says what it holds here. */
export function ref<T extends TSchema>(schema: T, description?: string): TUnsafe<Static<T>> {
  const id = (schema as { $id?: unknown }).$id;
  if (typeof id !== 'string') throw new Error('ref() takes a named schema (one with an $id)');
  return Type.Unsafe<Static<T>>({ $ref: `${id}#`, ...(description ? { description } : {}) });
}

/**
 * A reference to a named schema declared in a layer this one may not import (the statuses of
 * workflow/, named in the event payloads of events/): by its $id, typed as T.
 */
export function refByName<T>(id: string, description?: string): TUnsafe<T> {
  return Type.Unsafe<T>({ $ref: `${id}#`, ...(description ? { description } : {}) });
}

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * A number or null in a request body, as one schema whose type is both (`type: [integer, null]`).
 * Validation coerces types (a form sends text), and with `anyOf: [number, null]` it tried the
 * number first and made a null 0 there: "no limit" became a limit of 0, an unknown contract
 * price $0. With both types in one schema, a null is a null and "12" still becomes 12.
 */
export const NullableNumber = <T extends TNumber | TInteger>(schema: T): TUnsafe<number | null> =>
  Type.Unsafe<number | null>({ ...schema, type: [schema.type, 'null'] });

/**
 * An id: a UUID. The format documents it; a malformed id in a path answers 404 like an
 * unknown one (the service checks the shape before any query), and in a body 422 naming it.
 */
export const Id = (description?: string) =>
  Type.String({ format: 'uuid', ...(description ? { description } : {}) });

/** An amount the service answers with: signed, two decimals ("1250.00", "-50.00"), never a float. */
export const MoneyOut = (description: string) => Type.String({ pattern: '^-?\\d+\\.\\d{2}$', description });

/** The page and page size of a list that counts exactly (invoices, payables, payout batches). */
export const PageQuery = {
  page: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100000, default: 1, description: 'Which page, from 1' }),
  ),
  per_page: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 100,
      default: 25,
      description:
        'Page size, 1 to 100. A larger whole number is not refused: it reads as 100 (clamped, as the interface does; per_page says what was used)',
    }),
  ),
};

/** What a page of such a list says of itself, beside its rows. */
export const PageFacts = {
  page: Type.Integer(),
  per_page: Type.Integer(),
  total_count: Type.Integer(),
};

export const Success = Type.Object(
  { success: Type.Literal(true) },
  { $id: 'Success', description: 'The action was done' },
);

export const FieldProblem = Type.Object(
  {
    field: Type.String({
      description: 'The field as the request named it: borrower.first_name, product_ids[0]',
    }),
    message: Type.String(),
  },
  { $id: 'FieldProblem' },
);

export const ErrorBody = Type.Object(
  {
    success: Type.Literal(false),
    error: Type.Object({
      code: Type.Enum(ERROR_CODES, {
        description:
          'Machine-readable, one of a closed set; each code is documented in docs/api.md, "Error codes" (docs/api.md#error-<code>)',
        // Each code's status, meaning and documentation, as Redocly shows enum values.
        'x-enumDescriptions': Object.fromEntries(
          ERROR_CODES.map((code) => [
            code,
            `${ERROR_STATUS[code]}: ${ERROR_MEANINGS[code]} (${errorCodeLink(code)})`,
          ]),
        ),
      }),
      message: Type.String({ description: 'For a person' }),
      details: Type.Array(ref(FieldProblem), { description: 'Each failing field (422), else empty' }),
    }),
    request_id: Type.String({ description: 'Also the X-Request-Id header; finds the request in the logs' }),
  },
  { $id: 'Error', description: 'Every error answers this' },
);

export const OrderParams = Type.Object({ order_id: Id('The order') });

/**
 * An uploaded file part (multipart/form-data): bytes, as OpenAPI 3.1 says it
 * (`contentMediaType`) and as 3.0 tools read it (`format: binary`), so that generated clients
 * type it as a file (Blob) rather than a string. The multipart body's `encoding` names each file
 * part's Content-Type (http/openapi-document.ts).
 */
export const Binary = Type.String({
  format: 'binary',
  contentMediaType: 'application/octet-stream',
  description:
    "A file part of a multipart/form-data body: any media type, sent with the file's own Content-Type",
});

/** A file's bytes as a download answers them, with the file's own Content-Type. */
export const FileBytes = Type.String({
  format: 'binary',
  contentMediaType: 'application/octet-stream',
  description: 'The file, with its own Content-Type',
});
