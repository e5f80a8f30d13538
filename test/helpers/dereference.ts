/**
 * The OpenAPI document with every `#/components/...` reference replaced by what it names, for
 * tests that walk schemas (the fuzzer builds inputs from them). The document has no cycles.
 */
export function dereference<T>(document: T): T {
  const root = document as Record<string, unknown>;
  const lookup = (ref: string): unknown =>
    ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>(
        (node, key) => (node as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')],
        root,
      );
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const { $ref, ...rest } = node as Record<string, unknown>;
    const own = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, walk(value)]));
    if (typeof $ref !== 'string' || !$ref.startsWith('#/')) return own;
    return { ...(walk(lookup($ref)) as Record<string, unknown>), ...own };
  };
  return walk(document) as T;
}
