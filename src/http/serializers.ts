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

export function buildSerializer(externalSchemas: unknown, serializerOpts: unknown) {
  const named = (externalSchemas ?? {}) as Record<string, Schema>;
  return ({ schema }: { schema?: unknown }): ((doc: unknown) => string) =>
    // fast-json-stringify's types want a narrower schema than Fastify hands over; it takes any.
    fastJsonStringify(schema as never, {
      ...(serializerOpts as Options),
      schema: reachable(schema, named) as never,
    });
}
