import fastJsonStringify, { type Options } from 'fast-json-stringify';

/**
 * Answers are serialized by fast-json-stringify from each route's response schemas, as Fastify
 * does, but each serializer is given only the named schemas its answer reaches by `$ref`, not
 * every named schema of the API: with all of them, each of the ~90 routes' serializers carried
 * its own copy of every schema (about 60 MiB more at start, measured).
 */
type Schema = Record<string, unknown>;

function reachable(schema: unknown, named: Record<string, Schema>, found: Record<string, Schema> = {}) {
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const id = value.split('#')[0]!;
        if (id && named[id] && !found[id]) {
          found[id] = named[id];
          visit(named[id]);
        }
      } else visit(value);
    }
  };
  visit(schema);
  return found;
}

/**
 * A schema as the serializer reads it: each "this or null" (`anyOf: [S, {type: 'null'}]`, what
 * `Nullable` writes) becomes S marked `nullable`. fast-json-stringify picks an `anyOf` branch by
 * validating the value against each branch with Ajv, formats included, for every value of every
 * answer: a list page ran 8 nullable fields through it for each of its 26 orders, 5 % of what
 * the service allocated for a page. With `nullable` it writes `null` or the value, no
 * validation. The API's schemas, its validation and its OpenAPI document are unchanged: only
 * what the serializer is handed. Copies are kept per schema object, so routes share them.
 */
const serializable = new WeakMap<object, unknown>();

function forSerializing(node: unknown): unknown {
  if (node === null || typeof node !== 'object') return node;
  const kept = serializable.get(node);
  if (kept !== undefined) return kept;
  let copy: unknown;
  if (Array.isArray(node)) copy = node.map(forSerializing);
  else {
    const { anyOf, ...siblings } = node as Schema;
    const option = nullableOption(anyOf);
    copy = option
      ? { ...(forSerializing(option) as Schema), ...mapValues(siblings), nullable: true }
      : mapValues(node as Schema);
  }
  serializable.set(node, copy);
  return copy;
}

const mapValues = (schema: Schema) =>
  Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, forSerializing(value)]));

/** S of `anyOf: [S, {type: 'null'}]` (either order), where S is a schema with a type. */
function nullableOption(anyOf: unknown): Schema | null {
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return null;
  const isNull = (schema: Schema) => schema.type === 'null' && Object.keys(schema).length === 1;
  const [first, second] = anyOf as Schema[];
  const option = isNull(second!) ? first! : isNull(first!) ? second! : null;
  if (
    option === null ||
    option.anyOf !== undefined ||
    option.oneOf !== undefined ||
    option.allOf !== undefined
  )
    return null;
  // A `$ref` stays a union: `nullable` beside it has no type, which the serializer's own Ajv refuses.
  return typeof option.type === 'string' ? option : null;
}

export function buildSerializer(externalSchemas: unknown, serializerOpts: unknown) {
  const named = (externalSchemas ?? {}) as Record<string, Schema>;
  return ({ schema }: { schema?: unknown }): ((doc: unknown) => string) =>
    // fast-json-stringify's types want a narrower schema than Fastify hands over; it takes any.
    fastJsonStringify(forSerializing(schema) as never, {
      ...(serializerOpts as Options),
      schema: forSerializing(reachable(schema, named)) as never,
    });
}
