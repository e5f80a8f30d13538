import { AppError } from '../errors/app-error.ts';

/**
 * Request parameters as Rails-style clients write them, in form bodies
 * (application/x-www-form-urlencoded) and in multipart field names: `a[]=x&a[]=y` is an array,
 * `a[b]=…` nests, `a[0][b]=…` and `a[][b]=…` build arrays of objects. Both encodings decode
 * to the same shape a JSON body has, so one schema validates all three.
 */
const indexLabels = new WeakMap<unknown[], Map<string, number>>();

const isForbiddenKey = (key: string): boolean =>
  key === '__proto__' || key === 'constructor' || key === 'prototype';

/**
 * A name with `__proto__`, `constructor` or `prototype` in it is refused (422), not dropped: no
 * field of the service is called that, and a client that sends one is owed an answer saying so.
 */
function refuseForbidden(name: string): never {
  throw new AppError('validation_failed', `${name}: no field of this service has that name`, [
    { field: name, message: 'is not a field name this service takes (__proto__, constructor, prototype)' },
  ]);
}

/** Whether `path` (no `[]` in it) is already set under `object`; a path with `[]` never is. */
function hasKeyPath(object: Record<string, unknown>, path: string[]): boolean {
  if (path.includes('')) return false;
  let node: unknown = object;
  for (const key of path) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return true;
}

/** Decodes a form body (`a=1&b[]=2`) into nested values. */
export function parseForm(text: string): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(text)) assign(body, name, value);
  return body;
}

/**
 * Rails' nested parameter names: `a` sets a; `a[]` appends; `a[b]` nests; `a[][b]` appends a
 * new element when the last one already has b (so `files[][attachment]`, `files[][file_type]`
 * pairs up); `a[0][b]` addresses an element by index.
 */
export function assign(body: Record<string, unknown>, name: string, value: string): void {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
  if (!match || match[2] === '') {
    if (isForbiddenKey(name)) refuseForbidden(name);
    // A plain name given twice collects its values (emails=a&emails=b), as query strings do.
    const existing = body[name];
    if (existing === undefined) body[name] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else if (typeof existing === 'string') body[name] = [existing, value];
    else body[name] = value;
    return;
  }
  const keys = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
  if (keys.some(isForbiddenKey)) refuseForbidden(name);
  let container: Record<string, unknown> | unknown[] = body;
  for (let i = 0; i < keys.length; i += 1) {
    const key = keys[i]!;
    const last = i === keys.length - 1;
    const nextKey = keys[i + 1];
    if (Array.isArray(container)) {
      if (key === '') {
        if (last) {
          container.push(value);
          return;
        }
        // `[][b]…`: continue in the last element unless it already has b… (as Rack does: a
        // path with `[]` in it always continues, so `[][emails][]` adds to the same element).
        const tail = container.at(-1);
        if (
          tail &&
          typeof tail === 'object' &&
          !Array.isArray(tail) &&
          !hasKeyPath(tail as Record<string, unknown>, keys.slice(i + 1))
        ) {
          container = tail as Record<string, unknown>;
        } else {
          const fresh: Record<string, unknown> = {};
          container.push(fresh);
          container = fresh;
        }
        continue;
      }
      // An index into an array: `a[0][b]`. Indexes are labels, kept in the order they first
      // appear, so the array has no holes whatever numbers the client chose.
      if (!/^\d{1,4}$/.test(key)) return;
      const labels = indexLabels.get(container) ?? new Map<string, number>();
      indexLabels.set(container, labels);
      let position = labels.get(key);
      if (position === undefined) {
        position = container.length;
        labels.set(key, position);
        container.push(undefined);
      }
      if (last) {
        container[position] = value;
        return;
      }
      container[position] ??= nextKey === '' ? [] : {};
      if (typeof container[position] !== 'object' || container[position] === null) return;
      container = container[position] as Record<string, unknown> | unknown[];
      continue;
    }
    if (last) {
      container[key] = value;
      return;
    }
    const existing = container[key];
    if (existing === undefined || typeof existing !== 'object' || existing === null) {
      container[key] = nextKey === '' || /^\d+$/.test(nextKey ?? '') ? [] : {};
    }
    container = container[key] as Record<string, unknown> | unknown[];
  }
}
