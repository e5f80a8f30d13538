import type { FastifyInstance } from 'fastify';

/**
 * Request bodies name only known fields: every object in a route's body schema that does not
 * say otherwise refuses properties it does not declare (422 naming each one). A typo is
 * reported rather than silently dropped, and nothing unknown reaches a column or a history
 * entry. Applied to every route as it is declared, so a new route cannot forget it.
 */
export function installStrictBodies(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema;
    if (schema?.body) schema.body = closeObjects(schema.body);
  });
}

type Schema = Record<string | symbol, unknown>;

export function closeObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closeObjects);
  if (schema === null || typeof schema !== 'object') return schema;
  // A spread copies TypeBox's symbol-keyed markers too; the route's own schema object is left as it was.
  const copy: Schema = { ...(schema as Schema) };
  if (copy.properties && typeof copy.properties === 'object') {
    copy.properties = Object.fromEntries(
      Object.entries(copy.properties as Record<string, unknown>).map(([key, value]) => [
        key,
        closeObjects(value),
      ]),
    );
    if (copy.additionalProperties === undefined) copy.additionalProperties = false;
  }
  for (const key of ['items', 'anyOf', 'oneOf', 'allOf']) {
    if (copy[key] !== undefined) copy[key] = closeObjects(copy[key]);
  }
  return copy;
}
