import fc from 'fast-check';

/**
 * Hostile inputs for the property-based fuzz tests (test/security/fuzz.test.ts): values built
 * from the route schemas of /openapi.json and mutated, junk of every type, and the encodings
 * that carry them (JSON text, forms, hand-built multipart, query strings, path segments).
 */

/** A JSON fragment written verbatim: numbers JSON.stringify cannot write (1e309, -0), deep nesting. */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** A file part in multipart bodies; in JSON or form bodies, its forged upload reference. */
export class FileRef {
  readonly filename: string;
  readonly contentType: string;
  readonly content: Buffer;
  readonly reference: string;
  constructor(filename: string, contentType: string, content: Buffer, reference: string) {
    this.filename = filename;
    this.contentType = contentType;
    this.content = content;
    this.reference = reference;
  }
}

/** The JSON-Schema subset the route schemas use. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof FileRef) return JSON.stringify(value.reference);
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value).map(
      (key) => `${JSON.stringify(key)}:${toJsonText((value as Record<string, unknown>)[key])}`,
    );
    return `{${entries.join(',')}}`;
  }
  if (value === undefined) return 'null';
  return JSON.stringify(value);
}

/** Percent-encoding that also writes lone surrogates, as the invalid UTF-8 bytes a sloppy client sends. */
export function pctEncode(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(ch);
    }
  }
  return out;
}

// ---- junk ------------------------------------------------------------------------------

export const SPECIAL_STRINGS = [
  '',
  ' ',
  '\t\r\n',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  'null',
  'undefined',
  'true',
  'false',
  '0',
  '-1',
  '0x1F',
  '1_000',
  '١٢٣',
  '１２３',
  '\u0000',
  'a\u0000b',
  '%00',
  '\uFEFF',
  '\u202Eevil\u202C',
  '\u200B',
  'שלום עולם',
  'مرحبا بالعالم',
  '👩‍👩‍👧‍👦',
  '🏳️‍🌈🇺🇸',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '\uD800',
  '\uDFFF',
  'a\uD83D',
  "' OR '1'='1",
  '1; DROP TABLE orders; --',
  "Robert'); DROP TABLE users;--",
  '$1',
  '\\',
  '\\u0000',
  '../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '%s%s%s%n',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '[object Object]',
  'upload:0',
  'upload:-1',
  'upload:99999',
  'upload:constructor',
  '2026-02-30',
  '2037-12-15T25:61',
  '+275760-09-13T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '00000000-0000-0000-0000-000000000000',
];

const RAW_NUMBERS = [
  '1e309',
  '-1e309',
  '-0',
  '-0.0',
  '1e-400',
  '9007199254740993',
  '123456789012345678901234567890',
  '0.1e1',
  '1E+2',
  '4.9e-324',
  '1.7976931348623157e308',
  '0e0',
  '-2147483649',
].map((text) => new RawJson(text));

const PROTO_FRAGMENTS = [
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"__proto__":[]}',
  '{"a":{"__proto__":{"isAdmin":true}}}',
].map((text) => new RawJson(text));

/** Deep nesting, written as text (a JS value that deep would be slow to build and shrink). */
const deepNesting = fc
  .tuple(fc.integer({ min: 50, max: 4000 }), fc.constantFrom('array', 'object', 'mixed'))
  .map(([depth, kind]) => {
    if (kind === 'array') return new RawJson('['.repeat(depth) + ']'.repeat(depth));
    if (kind === 'object') return new RawJson('{"a":'.repeat(depth) + '1' + '}'.repeat(depth));
    return new RawJson('[{"x":'.repeat(depth) + 'null' + '}]'.repeat(depth));
  });

/** Strings up to ~100 KB; huge ones are rare so that most requests stay cheap. */
export const hugeString = fc
  .tuple(
    fc.constantFrom('a', 'é', '😀', '\u0000', ' ', '<b>x</b>', '%', 'ש', '\\', '"'),
    fc.integer({ min: 1000, max: 100_000 }),
  )
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)));

export const junkString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...SPECIAL_STRINGS), weight: 6 },
  { arbitrary: fc.string({ maxLength: 30 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 20 }), weight: 2 },
  { arbitrary: hugeString, weight: 1 },
);

const junkPrimitive: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: junkString, weight: 6 },
  { arbitrary: fc.integer(), weight: 2 },
  { arbitrary: fc.double(), weight: 2 },
  { arbitrary: fc.constantFrom(...RAW_NUMBERS), weight: 2 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: fc.constantFrom(...PROTO_FRAGMENTS), weight: 1 },
  { arbitrary: deepNesting, weight: 1 },
);

export const ODD_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '',
  ' ',
  'a.b',
  'a[b]',
  '[]',
  'files[][x][y]',
  'attachments[999999]',
  '$where',
  '$gt',
  'toString',
  'valueOf',
  '\u0000',
  'id',
  'success',
  'x'.repeat(1000),
];

export const oddKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...ODD_KEYS),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
);

export const junkValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: junkPrimitive, weight: 5 },
    { arbitrary: fc.array(tie('value'), { maxLength: 4 }), weight: 1 },
    { arbitrary: fc.dictionary(oddKey, tie('value'), { maxKeys: 4 }), weight: 1 },
  ),
})).value;

// ---- values from schemas -----------------------------------------------------------------

export interface SchemaContext {
  /** Ids of the demo world, so that id fields sometimes name real rows. */
  ids: readonly string[];
  /** Real file content for file parts (a PDF, so that uploads can get through). */
  pdf: Buffer;
}

const ABSENT = Symbol('absent');

export const dateText = fc.constantFrom(
  '2037-12-15T17:00',
  '2037-12-10',
  '2038-01-31T09:30:00-06:00',
  '2026-02-30',
  '2026-13-01',
  '2037-12-15T25:61',
  '0000-01-01',
  '9999-99-99',
  '+275760-09-13T00:00:00Z',
  '2037-12-15T17:00:00+99:00',
  '12/15/2037',
  '2037-12-15T17:00:00.123456789Z',
  'yesterday',
  '1e309',
  '',
);

const moneyText = fc.constantFrom(
  '450',
  '450.00',
  '0',
  '0.001',
  '-1',
  '1e3',
  '99999999999999999999.99',
  '9223372036854775807',
  '1,000.00',
  '$450',
  'NaN',
  ' 450 ',
);

export const emailText = fc.oneof(
  fc.emailAddress(),
  fc.constantFrom(
    'a@b',
    '"a b"@example.com',
    'a@[127.0.0.1]',
    `${'x'.repeat(300)}@example.com`,
    'a@b.example\u0000',
    'ä@exämple.com',
    'a@b.example,c@d.example',
    '<a@b.example>',
    'a@b.example\r\nBcc: c@d.example',
  ),
);

const urlText = fc.constantFrom(
  'https://hooks.example.com/aoms',
  'http://127.0.0.1:8080/',
  'http://[::1]/',
  'http://169.254.169.254/latest/meta-data',
  'http://10.0.0.1/',
  'http://0x7f000001/',
  'https://user:pass@hooks.example.com/',
  'javascript:alert(1)',
  'file:///etc/passwd',
  'ftp://hooks.example.com/',
  'https://',
  '//hooks.example.com',
  `https://hooks.example.com/${'a'.repeat(2100)}`,
  'https://exämple.com/😀',
);

function idText(ctx: SchemaContext): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...ctx.ids), weight: 4 },
    { arbitrary: fc.uuid(), weight: 1 },
    { arbitrary: fc.constantFrom(...ctx.ids).map((id) => id.toUpperCase()), weight: 1 },
    { arbitrary: fc.constantFrom(...ctx.ids).map((id) => `${id} `), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        '1',
        '0',
        '-1',
        'null',
        "' OR 1=1 --",
        '00000000-0000-0000-0000-00000000000g',
      ),
      weight: 1,
    },
  );
}

/** Field-name hints: ids, dates, money, emails and URLs get values of their kind, good and bad. */
function hintFor(key: string, ctx: SchemaContext): fc.Arbitrary<unknown> | null {
  if (/(^|_)ids?$/.test(key)) return idText(ctx);
  if (/date|_at$/.test(key)) return dateText;
  if (/fee|amount|price/.test(key)) return moneyText;
  if (/email/.test(key)) return emailText;
  if (key === 'url') return urlText;
  if (key === 'state') return fc.constantFrom('TX', 'Texas', 'tx', 'XX', 'Tex', 'District of Columbia', 'PR');
  if (key === 'zip') return fc.constantFrom('78701', '78701-1234', '787011234', '00000', '7870', '78701-');
  if (key === 'county') return fc.constantFrom('Travis', 'Travis County', 'Cook', 'Nowhere', '');
  if (key === 'role')
    return fc.constantFrom('borrower', 'Loan Officer', 'LOAN_OFFICER', 'other', 'operator', 'staff');
  if (key === 'event_types') return fc.constantFrom('*', 'order.created', 'order.status_changed', 'nope');
  if (key === 'latitude' || key === 'longitude')
    return fc.oneof(fc.double(), fc.constantFrom('30.27', '-97.74', '91', '1e309', ' 1 ', ...RAW_NUMBERS));
  return null;
}

export function fileRef(ctx: SchemaContext): fc.Arbitrary<FileRef> {
  return fc
    .record({
      filename: fc.constantFrom(
        'report.pdf',
        '../../etc/passwd',
        '',
        'a\u0000b.pdf',
        '😀.pdf',
        `${'x'.repeat(300)}.pdf`,
        'C:\\Windows\\system32\\x.pdf',
        '"quoted".pdf',
        '.htaccess',
      ),
      contentType: fc.constantFrom(
        'application/pdf',
        'text/html',
        '',
        'x/y; a=b',
        'application/octet-stream',
      ),
      content: fc.oneof(
        { arbitrary: fc.constant(ctx.pdf), weight: 2 },
        { arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)), weight: 2 },
        { arbitrary: fc.constant(Buffer.alloc(0)), weight: 1 },
      ),
      reference: fc.constantFrom(
        'upload:0',
        'upload:1',
        'upload:-1',
        'upload:99999',
        'upload:',
        'not-a-file',
      ),
    })
    .map((f) => new FileRef(f.filename, f.contentType, f.content, f.reference));
}

/** A value for the schema: mostly near-valid, each part sometimes replaced by junk. */
export function fuzzValue(
  schema: JsonSchema | undefined,
  ctx: SchemaContext,
  key = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: nearValid(schema, ctx, key, depth), weight: 6 },
    { arbitrary: junkValue, weight: 1 },
  );
}

function nearValid(
  schema: JsonSchema | undefined,
  ctx: SchemaContext,
  key: string,
  depth: number,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return junkValue;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0) return fc.oneof(...variants.map((s) => nearValid(s, ctx, key, depth)));
  if (schema.enum && schema.enum.length > 0) {
    const values = schema.enum;
    return fc.oneof(
      { arbitrary: fc.constantFrom(...values), weight: 6 },
      {
        arbitrary: fc.constantFrom(...values).map((v) => (typeof v === 'string' ? `${v.toUpperCase()} ` : v)),
        weight: 1,
      },
    );
  }
  if ('const' in schema) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return objectValue(schema, ctx, depth);
    case 'array': {
      const min = Math.min(schema.minItems ?? 0, 3);
      const max = Math.max(Math.min(schema.maxItems ?? 3, 3), min);
      const item = fuzzValue(schema.items, ctx, key, depth + 1);
      const tooMany = (schema.maxItems ?? 1000) < 60;
      return fc.oneof(
        { arbitrary: fc.array(item, { minLength: min, maxLength: max }), weight: 8 },
        {
          arbitrary: tooMany
            ? fc.array(item, { minLength: (schema.maxItems ?? 0) + 1, maxLength: (schema.maxItems ?? 0) + 3 })
            : fc.constant([]),
          weight: 1,
        },
      );
    }
    case 'string':
      return stringValue(schema, ctx, key);
    case 'integer':
      return fc.oneof(
        fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 }),
        fc.constantFrom(0, -1, 2 ** 31, Number.MAX_SAFE_INTEGER, ...RAW_NUMBERS),
      );
    case 'number':
      return fc.oneof(
        fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true }),
        fc.constantFrom(...RAW_NUMBERS),
      );
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', '1', '0', 'yes', 'TRUE'));
    case 'null':
      return fc.constant(null);
    default:
      return junkValue;
  }
}

function objectValue(schema: JsonSchema, ctx: SchemaContext, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, propertySchema] of Object.entries(properties)) {
    model[name] = fc.option(fuzzValue(propertySchema, ctx, name, depth + 1), {
      nil: ABSENT,
      freq: required.has(name) ? 15 : 2,
    });
  }
  return fc
    .tuple(
      fc.record(model),
      fc.option(fc.dictionary(oddKey, junkValue, { minKeys: 1, maxKeys: 3 }), { freq: 3, nil: null }),
    )
    .map(([record, extra]) => {
      const out: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(record)) if (value !== ABSENT) out[name] = value;
      if (extra) for (const name of Object.keys(extra)) defineOwn(out, name, extra[name]);
      return out;
    });
}

/** Own property even for `__proto__`, so that the key reaches the JSON text. */
function defineOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
}

function stringValue(schema: JsonSchema, ctx: SchemaContext, key: string): fc.Arbitrary<unknown> {
  if (schema.format === 'binary') return fileRef(ctx);
  if (schema.format === 'email') return emailText;
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 200;
  const plain = fc.oneof(
    { arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, Math.max(min, 40)) }), weight: 4 },
    {
      arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, Math.max(min, 20)) }),
      weight: 2,
    },
    { arbitrary: fc.constantFrom('x'.repeat(max), 'x'.repeat(max + 1), '😀'.repeat(max)), weight: 1 },
    { arbitrary: junkString, weight: 2 },
  );
  const hint = hintFor(key, ctx);
  if (hint) return fc.oneof({ arbitrary: hint, weight: 3 }, { arbitrary: plain, weight: 1 });
  if (schema.pattern) {
    let matching: fc.Arbitrary<string> | null;
    try {
      matching = fc.stringMatching(new RegExp(schema.pattern)).map((s) => s.slice(0, max));
    } catch {
      matching = null; // a pattern the generator cannot follow: plain strings only
    }
    if (matching) return fc.oneof({ arbitrary: matching, weight: 3 }, { arbitrary: plain, weight: 1 });
  }
  return plain;
}

const isPlain = (value: unknown): value is Record<string, unknown> =>
  value !== null &&
  typeof value === 'object' &&
  (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype);

/** Copies arrays and plain objects; files and raw JSON stay as they are. */
function clone<T>(value: T): T {
  if (Array.isArray(value)) return value.map(clone) as T;
  if (isPlain(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clone(v)])) as T;
  return value;
}

/** A copy of a valid example with one field (at any depth) replaced by junk or removed. */
export function mutateExample(example: Record<string, unknown>): fc.Arbitrary<unknown> {
  const paths: string[][] = [];
  const walk = (value: unknown, path: string[]) => {
    if (path.length > 0) paths.push(path);
    if (isPlain(value)) for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
  };
  walk(example, []);
  if (paths.length === 0) return fc.constant(example);
  return fc
    .tuple(fc.nat({ max: paths.length - 1 }), fc.option(junkValue, { nil: ABSENT, freq: 4 }))
    .map(([index, replacement]) => {
      const copy = clone(example);
      const path = paths[index]!;
      let parent: Record<string, unknown> = copy;
      for (const segment of path.slice(0, -1)) parent = parent[segment] as Record<string, unknown>;
      const last = path.at(-1)!;
      if (replacement !== ABSENT) parent[last] = replacement;
      else if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete parent[last];
      return copy;
    });
}

export const POISON_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\u202Eevil\u202C',
  'שלום עולם',
  '👩‍👩‍👧‍👦',
  "' OR '1'='1",
  "Robert'); DROP TABLE users;--",
  '<script>alert(1)</script>',
  '\\',
  '%00',
  '\uFEFF',
  ' ',
];

/** A copy of a valid example with one string (at any depth) replaced by a poisonous one. */
export function poisonExample(example: Record<string, unknown>): fc.Arbitrary<unknown> {
  const paths: string[][] = [];
  const walk = (value: unknown, path: string[]) => {
    if (typeof value === 'string') paths.push(path);
    if (isPlain(value)) for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
  };
  walk(example, []);
  if (paths.length === 0) return fc.constant(example);
  return fc
    .tuple(
      fc.nat({ max: paths.length - 1 }),
      fc.oneof(
        { arbitrary: fc.constantFrom(...POISON_STRINGS), weight: 8 },
        { arbitrary: hugeString, weight: 1 },
      ),
      fc.boolean(),
    )
    .map(([index, poison, append]) => {
      const copy = clone(example);
      const path = paths[index]!;
      let parent: Record<string, unknown> = copy;
      for (const segment of path.slice(0, -1)) parent = parent[segment] as Record<string, unknown>;
      const last = path.at(-1)!;
      parent[last] = append ? `${String(parent[last])}${poison}` : poison;
      return copy;
    });
}

// ---- encodings ---------------------------------------------------------------------------

export type Pair = [name: string, value: string | FileRef];

/** Rails-style field names: `a[b]`, `a[]`, `files[][attachment]`. */
export function railsPairs(value: unknown, prefix = ''): Pair[] {
  if (value instanceof FileRef) return [[prefix || 'file', value]];
  if (value instanceof RawJson) return [[prefix || 'value', value.text]];
  if (Array.isArray(value)) return value.flatMap((item) => railsPairs(item, `${prefix}[]`));
  if (value !== null && typeof value === 'object') {
    return Object.keys(value).flatMap((key) =>
      railsPairs((value as Record<string, unknown>)[key], prefix ? `${prefix}[${key}]` : key),
    );
  }
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : '';
  return [[prefix || 'value', text]];
}

export const ODD_FIELD_NAMES = [
  'files[][x][y]',
  'attachments[999999]',
  'attachments[]',
  'attachments[][]',
  'files[0][attachment][]',
  'files[99999][file_type]',
  'files[-1][attachment]',
  'a[',
  ']]',
  '[]',
  '[',
  '',
  '__proto__[polluted]',
  'constructor[prototype][polluted]',
  'a[__proto__][polluted]',
  'q[0]',
  '%00',
  'a\u0000b',
  'party[poc][]',
  'x'.repeat(5000),
];

export const oddFieldName: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...ODD_FIELD_NAMES), weight: 3 },
  { arbitrary: fc.string({ maxLength: 16 }), weight: 1 },
);

export const formOddFragments = fc.constantFrom(
  '&&',
  '=',
  '==&=',
  '%',
  '%zz',
  'a=%E0%A4%A',
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  '__proto__=1',
  'a[=1',
  'a]]=1',
  'content',
  'content=%00',
  'poc=true&poc=false',
  `${'k'.repeat(5000)}=v`,
);

export function formText(pairs: Pair[], fragments: string[]): string {
  const encoded = pairs.map(
    ([name, value]) => `${pctEncode(name)}=${pctEncode(value instanceof FileRef ? value.reference : value)}`,
  );
  return [...encoded, ...fragments].join('&');
}

export interface MultipartShape {
  boundary: string;
  /** The boundary the Content-Type names: the same, another, or none at all. */
  header: 'same' | 'other' | 'missing' | 'empty' | 'quoted' | 'uppercase-type';
  ending: 'final' | 'none' | 'truncated' | 'garbage-after';
  truncateAt: number;
  eol: '\r\n' | '\n';
  hugeHeader: number;
  noDisposition: boolean;
  fillerFields: number;
  extraFiles: number;
}

export const multipartShape: fc.Arbitrary<MultipartShape> = fc.record({
  boundary: fc.oneof(
    { arbitrary: fc.constant('----aomsfuzz7MA4YWxkTrZu0gW'), weight: 6 },
    {
      arbitrary: fc.constantFrom('a', 'x'.repeat(71), '"', 'bound ary', '--', 'é', 'b;c=d'),
      weight: 1,
    },
  ),
  header: fc.oneof(
    { arbitrary: fc.constant('same' as const), weight: 10 },
    {
      arbitrary: fc.constantFrom<MultipartShape['header']>(
        'other',
        'missing',
        'empty',
        'quoted',
        'uppercase-type',
      ),
      weight: 2,
    },
  ),
  ending: fc.oneof(
    { arbitrary: fc.constant('final' as const), weight: 8 },
    {
      arbitrary: fc.constantFrom<MultipartShape['ending']>('none', 'truncated', 'garbage-after'),
      weight: 2,
    },
  ),
  truncateAt: fc.nat(),
  eol: fc.oneof(
    { arbitrary: fc.constant('\r\n' as const), weight: 9 },
    { arbitrary: fc.constant('\n' as const), weight: 1 },
  ),
  hugeHeader: fc.oneof(
    { arbitrary: fc.constant(0), weight: 12 },
    { arbitrary: fc.integer({ min: 1000, max: 200_000 }), weight: 1 },
  ),
  noDisposition: fc.oneof(
    { arbitrary: fc.constant(false), weight: 15 },
    { arbitrary: fc.constant(true), weight: 1 },
  ),
  fillerFields: fc.oneof(
    { arbitrary: fc.constant(0), weight: 20 },
    { arbitrary: fc.integer({ min: 490, max: 560 }), weight: 1 },
  ),
  extraFiles: fc.oneof(
    { arbitrary: fc.constant(0), weight: 20 },
    { arbitrary: fc.integer({ min: 18, max: 24 }), weight: 1 },
  ),
});

export function multipartBody(
  pairs: Pair[],
  shape: MultipartShape,
): { payload: Buffer; contentType: string } {
  const { boundary, eol } = shape;
  const all: Pair[] = [...pairs];
  for (let i = 0; i < shape.fillerFields; i += 1) all.push([`filler${i}`, 'x']);
  for (let i = 0; i < shape.extraFiles; i += 1)
    all.push([`attachments[]`, new FileRef(`f${i}.txt`, 'text/plain', Buffer.from('x'), 'upload:0')]);
  const chunks: Buffer[] = [];
  all.forEach(([name, value], index) => {
    const lines = [`--${boundary}`];
    if (!shape.noDisposition || index > 0) {
      lines.push(
        value instanceof FileRef
          ? `Content-Disposition: form-data; name="${name}"; filename="${value.filename}"`
          : `Content-Disposition: form-data; name="${name}"`,
      );
    }
    if (value instanceof FileRef) lines.push(`Content-Type: ${value.contentType}`);
    if (index === 0 && shape.hugeHeader > 0) lines.push(`X-Fuzz: ${'h'.repeat(shape.hugeHeader)}`);
    chunks.push(Buffer.from(lines.join(eol) + eol + eol));
    chunks.push(value instanceof FileRef ? value.content : Buffer.from(value));
    chunks.push(Buffer.from(eol));
  });
  if (shape.ending !== 'none' && shape.ending !== 'truncated')
    chunks.push(Buffer.from(`--${boundary}--${eol}`));
  if (shape.ending === 'garbage-after') chunks.push(Buffer.from('garbage\u0000after the end'));
  let payload = Buffer.concat(chunks);
  if (shape.ending === 'truncated' && payload.length > 0)
    payload = payload.subarray(0, shape.truncateAt % payload.length);
  const contentType = {
    same: `multipart/form-data; boundary=${boundary}`,
    other: 'multipart/form-data; boundary=not-the-boundary',
    missing: 'multipart/form-data',
    empty: 'multipart/form-data; boundary=',
    quoted: `multipart/form-data; boundary="${boundary}"`,
    'uppercase-type': `MULTIPART/FORM-DATA; BOUNDARY=${boundary}`,
  }[shape.header];
  return { payload, contentType };
}

export const jsonContentType = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 12 },
  {
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'application/json; charset=UTF-8',
      'application/json;charset=latin1',
      'application/json; charset=utf-16',
      'application/json; charset="utf-8"',
      'APPLICATION/JSON',
      'application/json; boundary=x',
      'application/json;;;',
      'application/vnd.api+json',
      'application/json, text/plain',
    ),
    weight: 2,
  },
);

export const oddContentType = fc.constantFrom(
  '',
  ';',
  'application/',
  '/',
  'json',
  'text/plain',
  'text/html',
  'application/xml',
  '*/*',
  'application/octet-stream',
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=utf-16',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/mixed; boundary=abc',
  'application/json; charset=klingon',
  'application/json; charset=',
  'application/json\u0000',
  'application/jsonx',
  'x'.repeat(3000),
  'application/json; a=' + 'b'.repeat(3000),
);

/** Broken JSON: cut, spliced, commented, wrongly quoted. */
export function brokenJson(text: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.nat().map((n) => text.slice(0, text.length > 1 ? n % (text.length - 1) : 0)),
    fc
      .tuple(fc.nat(), fc.constantFrom('{', '}', '"', ',', ':', '\u0000', '\\', ']', 'NaN'))
      .map(([n, c]) => `${text.slice(0, n % (text.length + 1))}${c}${text.slice(n % (text.length + 1))}`),
    fc.constantFrom(
      '{',
      '}',
      '{"a":}',
      '{"a":1,}',
      "{'a':1}",
      '{"a":NaN}',
      '{"a":Infinity}',
      '{"a":undefined}',
      '{"a":1} {"b":2}',
      '{"a":1}//',
      '/* */{}',
      '{"a":"\\u12"}',
      '{"a":"\\x41"}',
      '\uFEFF{}',
      '{"a":0x10}',
      '{"a":01}',
      '{"a":1e}',
      '{"a":-}',
      '[1,2',
      'null',
      'true',
      '"just a string"',
      '12345',
      '{"a":1,"a":2}',
      '{"__proto__":{"x":1}}',
      '{"constructor":{"prototype":{"x":1}}}',
      '\u0000',
      ' ',
    ),
    fc.constant(`\uFEFF${text}`),
    fc.constant(`${text},`),
  );
}

// ---- query strings and path segments -----------------------------------------------------

const PREDICATES = [
  'eq',
  'not_eq',
  'in',
  'not_in',
  'cont',
  'start',
  'end',
  'lt',
  'lteq',
  'gt',
  'gteq',
  'null',
  'present',
];

const pageValue = fc.oneof(
  fc.constantFrom(
    '',
    '0',
    '-1',
    '1.5',
    '1e3',
    'abc',
    '99999999999999999999',
    ' 1',
    '0x10',
    '１',
    '١',
    'NaN',
    '2',
    '100',
    '101',
  ),
  fc.nat().map(String),
  junkString,
);

function queryValue(ids: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...SPECIAL_STRINGS), weight: 4 },
    { arbitrary: dateText, weight: 2 },
    { arbitrary: fc.constantFrom(...ids), weight: 2 },
    { arbitrary: fc.uuid(), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        'true',
        'false',
        't',
        'yes',
        '1',
        'Assigned',
        'TX',
        'Texas',
        'fha',
        'name desc',
      ),
      weight: 2,
    },
    { arbitrary: fc.string({ maxLength: 20 }), weight: 2 },
    { arbitrary: fc.integer({ min: 400, max: 3000 }).map((n) => 'v'.repeat(n)), weight: 1 },
  );
}

const bracketSuffix = fc.constantFrom('', '', '', '[]', '[0]', '[999999]', '[a]', '[][x]', '[0][x]', '[][]');

export function queryArb(attributes: readonly string[], ids: readonly string[]): fc.Arbitrary<string> {
  const attribute = fc.oneof(
    { arbitrary: fc.constantFrom(...(attributes.length > 0 ? attributes : ['name'])), weight: 4 },
    { arbitrary: fc.constantFrom('nope', 'password', 'token_hash', 'id;drop', 'name"', 'ID', ''), weight: 1 },
  );
  const predicate = fc.oneof(
    { arbitrary: fc.constantFrom(...PREDICATES), weight: 4 },
    { arbitrary: fc.constantFrom('like', 'matches', 'eq_any', 'blank', 'sql', ''), weight: 1 },
  );
  const value = queryValue(ids);
  const pair: fc.Arbitrary<[string, string][]> = fc.oneof(
    fc
      .tuple(fc.constantFrom('page', 'per_page', 'page[]', 'per_page[a]', 'PAGE', 'page[0]'), pageValue)
      .map((p) => [p]),
    fc
      .tuple(attribute, predicate, bracketSuffix, value)
      .map(([a, p, s, v]) => [[`q[${a}_${p}]${s}`, v] as [string, string]]),
    fc
      .tuple(
        fc.constantFrom(
          'q',
          'q[]',
          'q[',
          'q]',
          'q[[]]',
          'q[a][b][c]',
          'q[s][]',
          'q[s][0]',
          'q[s]',
          'q[sorts]',
          'q[name_cont][0][x]',
          'q[%00]',
          'q[__proto__]',
          'q[constructor]',
          'q[_eq]',
          'q[eq]',
          'q[id_]',
          'q[ id_eq]',
          'q[s][a][b]',
          'api_key',
          'q[][]',
        ),
        value,
      )
      .map(([k, v]) => [[k, v] as [string, string]]),
    fc
      .tuple(
        fc.constantFrom('q[s]', 'q[s][]', 'q[sorts][]'),
        attribute,
        fc.constantFrom('asc', 'desc', 'DESC', 'sideways', '', 'asc desc', 'asc; DROP TABLE orders'),
      )
      .map(([k, a, d]) => [[k, `${a} ${d}`] as [string, string]]),
    fc
      .tuple(attribute, fc.integer({ min: 1000, max: 8000 }))
      .map(([a, n]) => [[`q[${a}${'_'.repeat(n)}eq]`, 'x'] as [string, string]]),
    fc
      .tuple(attribute, fc.constantFrom('in', 'not_in'), fc.array(value, { minLength: 1, maxLength: 200 }))
      .map(([a, p, values]) => values.map((v) => [`q[${a}_${p}][]`, v] as [string, string])),
    fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })).map((p) => [p]),
  );
  // One well-formed search with an odd value reaches the SQL; a mix of keys mostly stops at validation.
  const focused: fc.Arbitrary<[string, string][][]> = fc
    .tuple(
      fc.constantFrom(...(attributes.length > 0 ? attributes : ['name'])),
      fc.constantFrom(...PREDICATES),
      fc.constantFrom('', '[]'),
      value,
    )
    .map(([a, p, s, v]) => [[[`q[${a}_${p}]${s}`, v]]]);
  return fc
    .tuple(
      fc.oneof(focused, fc.array(pair, { minLength: 1, maxLength: 6 })),
      fc.boolean(),
      fc.option(
        fc.constantFrom(
          '&&&',
          '=',
          '==&=',
          '%',
          '%zz',
          'q%5Bname_cont%5D=%',
          'page=%E0%A4%A',
          ';',
          'a=1;b=2',
          '%2526',
        ),
        {
          freq: 5,
          nil: null,
        },
      ),
    )
    .map(([groups, encodeBrackets, raw]) => {
      const encodeKey = (k: string) =>
        encodeBrackets ? pctEncode(k) : pctEncode(k).replace(/%5B/g, '[').replace(/%5D/g, ']');
      const parts = groups.flat().map(([k, v]) => `${encodeKey(k)}=${pctEncode(v)}`);
      if (raw) parts.push(raw);
      return parts.join('&');
    });
}

export const RAW_SEGMENTS = [
  '..',
  '.',
  '%2e%2e',
  '%2E%2E%2F',
  '..%2F..%2Fetc%2Fpasswd',
  '%2F',
  '%2f',
  '%5C',
  '%00',
  'a%00b',
  '%',
  '%zz',
  '%C0%AE%C0%AE',
  '%E2%80%AE',
  '%F0%9F%98%80',
  '%ED%A0%80',
  "1'%20OR%20'1'%3D'1",
  '1%3B%20DROP%20TABLE%20orders',
  '-1',
  '0',
  '1e309',
  'NaN',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  'toString',
  '*',
  '%20',
  '+',
  'true',
  '%5B%5D',
  '%7B%7D',
];

export function pathSegment(real: readonly string[]): fc.Arbitrary<string> {
  const realOrUuid = real.length > 0 ? fc.constantFrom(...real) : fc.uuid();
  return fc.oneof(
    { arbitrary: realOrUuid, weight: 3 },
    {
      arbitrary: fc
        .tuple(realOrUuid, fc.constantFrom('upper', 'braces', 'space', 'ext', 'dot', 'trim'))
        .map(([id, how]) => {
          switch (how) {
            case 'upper':
              return id.toUpperCase();
            case 'braces':
              return `%7B${id}%7D`;
            case 'space':
              return `${id}%20`;
            case 'ext':
              return `${id}.json`;
            case 'dot':
              return `${id}.`;
            default:
              return id.slice(0, -1);
          }
        }),
      weight: 2,
    },
    { arbitrary: fc.uuid(), weight: 1 },
    { arbitrary: fc.constantFrom(...RAW_SEGMENTS), weight: 3 },
    { arbitrary: fc.string({ minLength: 1, maxLength: 30 }).map(pctEncode), weight: 2 },
    { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 10 }).map(pctEncode), weight: 1 },
    { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 10 }).map(pctEncode), weight: 1 },
    { arbitrary: fc.integer({ min: 90, max: 5000 }).map((n) => 'a'.repeat(n)), weight: 1 },
  );
}

/** Header values a client could send (no CR/LF: those never reach an application). */
export const headerJunk = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'null',
    'undefined',
    '\u0000',
    'é',
    'aoms_',
    'aoms_' + 'x'.repeat(43),
    'Bearer x',
    'x'.repeat(6000),
  ),
  fc.string({ unit: 'binary-ascii', maxLength: 40 }).map((s) => s.replace(/[\r\n]/g, '')),
  fc.string({ maxLength: 40 }).map((s) => s.replace(/[\r\n]/g, '')),
);

// ---- typed predicates on list attributes ------------------------------------------------

/** Date and date-time text PostgreSQL refuses, reads oddly, or reads only at its range's edges. */
export const QUERY_DATES = [
  '2037-12-10',
  '12/15/2037',
  '2037-12-15T17:00',
  '2037-12-15 17:00:00',
  '2038-01-31T09:30:00-06:00',
  '2037-12-15T17:00:00.123456Z',
  '2037-12-15T17:00:00.123456789Z',
  '2026-01-01 (foo)',
  '2026-01-01T10:00 (foo)',
  '2026-01-01%20(foo)',
  '0000-01-01',
  '0000-12-31',
  '0001-01-01',
  '0999-12-31',
  '1000-01-01',
  '9999-12-31',
  '9999-12-31T23:59:59+14:00',
  '10000-01-01',
  '-0001-01-01',
  '+275760-09-13T00:00:00Z',
  '2026-02-29',
  '2028-02-29',
  '2026-13-01',
  '2026-00-10',
  '2037-12-15T24:00',
  '2037-12-15T23:59:60',
  '2037-12-15T17:00:00+99:00',
  '2037-12-15T17:00:00+2359',
  '2026-1-1',
  ' 2026-01-01',
  'Sat, 01 Jan 2026 00:00:00 GMT',
  'January 1, 2026',
  '2026-W01-1',
  '2026-001',
  'infinity',
  '-infinity',
  'epoch',
  'now',
  'today',
  'allballs',
  'J2451187',
  '1e309',
  '',
];

/** Numbers as text: past bigint, past doubles, signs, exponents, other digits. */
export const QUERY_NUMBERS = [
  '0',
  '-1',
  '1.5',
  '450.00',
  '1e3',
  '1e20',
  '400000000000000000',
  '9223372036854775807',
  '9223372036854775808',
  '-9223372036854775809',
  '99999999999999999999.99',
  '0x10',
  '0b1',
  'NaN',
  'Infinity',
  '-0',
  '١٢',
  '１',
  '1,000',
  ' 7 ',
];

/**
 * A list's query string aimed at typed predicates: each of the list's attributes with the
 * comparison predicates, the null/present flags and in/not_in arrays (brackets, indexes,
 * repeated keys, a scalar where an array goes and an array where a scalar goes), with dates
 * and numbers PostgreSQL may refuse; page and per_page at and past their bounds.
 */
export function typedPredicateQueryArb(attributes: readonly string[]): fc.Arbitrary<string> {
  const attribute = fc.constantFrom(...(attributes.length > 0 ? attributes : ['name']));
  const value = fc.oneof(
    { arbitrary: fc.constantFrom(...QUERY_DATES), weight: 5 },
    { arbitrary: fc.constantFrom(...QUERY_NUMBERS), weight: 3 },
    { arbitrary: fc.constantFrom('true', 'false', 'Assigned', 'fha', 'TX'), weight: 1 },
  );
  const comparison = fc
    .tuple(attribute, fc.constantFrom('eq', 'not_eq', 'lt', 'lteq', 'gt', 'gteq'), value)
    .map(([a, p, v]) => [[`q[${a}_${p}]`, v]] as [string, string][]);
  const flag = fc
    .tuple(attribute, fc.constantFrom('null', 'present'), fc.constantFrom('true', 'false', '1', 'maybe'))
    .map(([a, p, v]) => [[`q[${a}_${p}]`, v]] as [string, string][]);
  const array = fc
    .tuple(
      attribute,
      fc.constantFrom('in', 'not_in', 'eq', 'lt', 'gteq'),
      fc.constantFrom('[]', '[0]', '', '[a]'),
      fc.array(value, { minLength: 1, maxLength: 8 }),
    )
    .map(([a, p, suffix, values]) =>
      values.map((v, i) => [`q[${a}_${p}]${suffix === '[0]' ? `[${i}]` : suffix}`, v] as [string, string]),
    );
  const paging = fc
    .tuple(
      fc.constantFrom('page', 'per_page'),
      fc.constantFrom('1', '100', '101', '1000000', '1000001', '400000000000000000', '1e20', '1e3', '-1'),
    )
    .map(([k, v]) => [[k, v]] as [string, string][]);
  const sort = fc
    .tuple(attribute, fc.constantFrom('asc', 'desc'))
    .map(([a, d]) => [['q[s]', `${a} ${d}`]] as [string, string][]);
  return fc
    .array(fc.oneof({ arbitrary: comparison, weight: 4 }, array, flag, paging, sort), {
      minLength: 1,
      maxLength: 4,
    })
    .map((groups) =>
      groups
        .flat()
        // Brackets stay readable; the value is encoded except where it carries its own escapes.
        .map(
          ([k, v]) =>
            `${pctEncode(k).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${v.includes('%') ? v : pctEncode(v)}`,
        )
        .join('&'),
    );
}
