import { ERROR_STATUS, type ErrorCode, type FieldProblem } from '../errors/app-error.ts';
import { ERROR_MEANINGS } from '../errors/error-codes.ts';

/**
 * The examples of the OpenAPI document, all taken from one set of values (src/examples/):
 * - each request body and answer of a named schema shows that schema's example (an array of
 *   them, one), each body that is not one named schema its operation's own; form and multipart
 *   bodies show the JSON example under the field names they are sent with, where the operation
 *   gives none of their own;
 * - each webhook payload its event's example, each path parameter its value;
 * - each shared error answer one example per code of its status;
 * - each property of a schema (named or not) shows its value in those examples (`examples`),
 *   where none of the named schema's own example gave it one first.
 * A test holds every example to the schema it stands for; Redocly's lint does too.
 */
type Json = Record<string, unknown>;

export interface OperationExamples {
  /** Bodies by media type, where the body is not one named schema (or an encoding needs its own). */
  request?: Record<string, unknown>;
  /** Answers by status and media type, where they are not one named schema or an array of one. */
  responses?: Record<string, Record<string, unknown>>;
}

export interface ApiExamples {
  /** The example of each named schema, by its name in components.schemas. */
  schemas: Record<string, unknown>;
  /** By operationId. */
  operations: Record<string, OperationExamples>;
  /** Path and header parameters' values, by parameter name. */
  parameters: Record<string, unknown>;
  /** An error answer for each code. */
  errors: Record<ErrorCode, { message: string; details?: FieldProblem[] }>;
  /** The request id the examples' error answers carry. */
  requestId: string;
}

const FORMS = ['application/x-www-form-urlencoded', 'multipart/form-data'];

export function applyExamples(
  document: Json,
  examples: ApiExamples,
  errorResponses: Record<number, { name: string }>,
): void {
  const components = document.components as Json;
  const schemas = components.schemas as Record<string, Json>;
  const annotate = annotator(schemas);
  for (const [name, value] of Object.entries(examples.schemas))
    if (schemas[name]) annotate({ $ref: `#/components/schemas/${name}` }, value);
  const ofSchema = (schema: Json | undefined): unknown => {
    const name = refName(schema);
    if (name) return examples.schemas[name];
    const items = refName(schema?.items as Json | undefined);
    if (schema?.type === 'array' && items && examples.schemas[items] !== undefined)
      return [examples.schemas[items]];
    return undefined;
  };
  const show = (media: Json, value: unknown) => {
    if (value === undefined) return;
    media.example = value;
    annotate(media.schema as Json | undefined, value);
  };
  const operations = [
    ...Object.values(document.paths as Record<string, Record<string, Json>>),
    ...Object.values((document.webhooks ?? {}) as Record<string, Record<string, Json>>),
  ].flatMap((methods) => Object.values(methods));
  for (const operation of operations) {
    const own = examples.operations[operation.operationId as string] ?? {};
    for (const parameter of (operation.parameters as Json[] | undefined) ?? [])
      if (parameter.in === 'path' && examples.parameters[parameter.name as string] !== undefined)
        parameter.example = examples.parameters[parameter.name as string];
    const content = (operation.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
    const json = own.request?.['application/json'] ?? ofSchema(content?.['application/json']?.schema as Json);
    for (const [type, media] of Object.entries(content ?? {})) {
      const given = own.request?.[type] ?? (type === 'application/json' ? json : undefined);
      show(media, given ?? (FORMS.includes(type) && json !== undefined ? fieldsOf(json) : undefined));
    }
    for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) {
      for (const [type, media] of Object.entries((response.content ?? {}) as Record<string, Json>))
        show(media, own.responses?.[status]?.[type] ?? ofSchema(media.schema as Json | undefined));
    }
  }
  for (const [name, parameter] of Object.entries((components.parameters ?? {}) as Record<string, Json>)) {
    const value = examples.parameters[parameter.name as string];
    if (value !== undefined) parameter.example = value;
    else if (name in examples.parameters) parameter.example = examples.parameters[name];
  }
  const responses = components.responses as Record<string, Json>;
  for (const [status, { name }] of Object.entries(errorResponses)) {
    const media = (responses[name]?.content as Record<string, Json> | undefined)?.['application/json'];
    if (!media) continue;
    const codes = (Object.keys(ERROR_STATUS) as ErrorCode[]).filter(
      (code) => ERROR_STATUS[code] === Number(status),
    );
    media.examples = Object.fromEntries(
      codes.map((code) => [
        code,
        {
          summary: ERROR_MEANINGS[code],
          value: {
            success: false,
            error: {
              code,
              message: examples.errors[code].message,
              details: examples.errors[code].details ?? [],
            },
            request_id: examples.requestId,
          },
        },
      ]),
    );
  }
}

const refName = (schema: Json | undefined): string | undefined =>
  typeof schema?.$ref === 'string' ? schema.$ref.replace('#/components/schemas/', '') : undefined;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Gives each scalar property the value it has in an example (`examples: [value]`), unless it has
 * one already: through references, the branch of a union that the value fits, objects' properties
 * and arrays' first element.
 */
function annotator(schemas: Record<string, Json>) {
  const resolve = (schema: Json): Json | undefined => {
    const name = refName(schema);
    return name ? schemas[name] : schema;
  };
  const fits = (schema: Json, value: unknown): boolean => {
    const target = resolve(schema);
    if (!target) return false;
    if (Array.isArray(target.enum)) return target.enum.includes(value);
    if (target.const !== undefined) return target.const === value;
    // A type of several (`[integer, null]`): the value fits if it fits one of them.
    if (Array.isArray(target.type))
      return (target.type as string[]).some((type) => fits({ ...target, type }, value));
    switch (target.type) {
      case 'object':
        return isObject(value);
      case 'array':
        return Array.isArray(value);
      case 'integer':
        return Number.isInteger(value);
      case 'number':
        return typeof value === 'number';
      case 'null':
        return value === null;
      default:
        return typeof value === target.type;
    }
  };
  const annotate = (schema: Json | undefined, value: unknown): void => {
    if (!schema || value === undefined || value === null) return;
    const target = resolve(schema);
    if (!target) return;
    const variants = (target.anyOf ?? target.oneOf) as Json[] | undefined;
    if (variants)
      return annotate(
        variants.find((variant) => fits(variant, value)),
        value,
      );
    if (isObject(value) && isObject(target.properties)) {
      for (const [key, property] of Object.entries(target.properties as Record<string, Json>))
        annotate(property, value[key]);
      return;
    }
    if (Array.isArray(value) && target.items) return annotate(target.items as Json, value[0]);
    if (!isObject(value) && !Array.isArray(value) && target.examples === undefined && fits(target, value))
      target.examples = [value];
  };
  return annotate;
}

/**
 * A JSON body as a form or multipart body carries it: field names in the Rails convention
 * (`a[]` for each element of an array, `a[b]` nesting, `a[][b]` for arrays of objects), nulls
 * left out (a form has no null).
 */
export function fieldsOf(value: unknown): Json {
  const out: Json = {};
  const add = (item: unknown, name: string, repeated: boolean): void => {
    if (item === null || item === undefined) return;
    if (Array.isArray(item)) {
      if (item.length > 0 && item.every(isObject)) item.forEach((element) => add(element, `${name}[]`, true));
      else out[`${name}[]`] = item;
      return;
    }
    if (isObject(item)) {
      for (const [key, child] of Object.entries(item)) add(child, name ? `${name}[${key}]` : key, repeated);
      return;
    }
    if (repeated) ((out[name] ??= []) as unknown[]).push(item);
    else out[name] = item;
  };
  if (Array.isArray(value)) return out;
  add(value, '', false);
  return out;
}
