import type { Static, TSchema } from 'typebox';

/** One example of a named schema (components.schemas): its name, and a value the schema types. */
export interface NamedExample {
  name: string;
  value: unknown;
}

export function example<S extends TSchema>(schema: S, value: Static<S>): NamedExample {
  const name = (schema as { $id?: unknown }).$id;
  if (typeof name !== 'string') throw new Error('an example is of a named schema (one with an $id)');
  return { name, value };
}
