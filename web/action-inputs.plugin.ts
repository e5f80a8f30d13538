import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import type {
  ActionForm,
  ActionGroup,
  ActionInput,
  ActionInputKind,
} from './src/features/actions/action-inputs.ts';

/**
 * `virtual:action-inputs`: each workflow action's inputs (PUT /api/v1/orders/{order_id}/<action>),
 * taken from the OpenAPI document the service serves (sdk/openapi.json, which a test keeps
 * equal to it) and reduced to what a form needs, so the page does not ship the document.
 */
const DOCUMENT = path.resolve(import.meta.dirname, '../sdk/openapi.json');
const MODULE = 'virtual:action-inputs';
const ACTION_PATH = /^\/api\/v1\/orders\/\{order_id\}\/([a-z_]+)$/;

type JsonSchema = {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  pattern?: string;
  description?: string;
  maxLength?: number;
  maxItems?: number;
};
interface OpenApiDocument {
  paths: Record<string, { put?: { requestBody?: { content: Record<string, { schema: JsonSchema }> } } }>;
  components: { schemas: Record<string, JsonSchema> };
}

export function actionForms(document: OpenApiDocument): Record<string, ActionForm> {
  const resolve = (schema: JsonSchema): JsonSchema =>
    schema.$ref ? resolve(document.components.schemas[schema.$ref.split('/').pop()!]!) : schema;
  const forms: Record<string, ActionForm> = {};
  for (const [route, item] of Object.entries(document.paths)) {
    const action = ACTION_PATH.exec(route)?.[1];
    const content = item.put?.requestBody?.content;
    if (!action || !item.put) continue;
    const encodings = Object.keys(content ?? {});
    const body = content?.[encodings[0]!]?.schema;
    const schema = body ? resolve(body) : { properties: {} };
    const inputs = Object.entries(schema.properties ?? {}).map(([name, property]) =>
      input(name, resolve(property), schema.required?.includes(name) ?? false, resolve),
    );
    // The JSON encoding names each list whole (`comparables`: its description, its maxItems).
    const json = content?.['application/json']?.schema;
    const whole = json ? resolve(json).properties : undefined;
    forms[action] = {
      multipart: encodings[0] === 'multipart/form-data',
      inputs,
      groups: [...new Set(inputs.flatMap((entry) => entry.group ?? []))].map((name) =>
        group(name, whole?.[name] ? resolve(whole[name]) : undefined),
      ),
    };
  }
  return forms;
}

function input(
  name: string,
  property: JsonSchema,
  required: boolean,
  resolve: (schema: JsonSchema) => JsonSchema,
): ActionInput {
  const many = property.type === 'array';
  // `anyOf: [X, null]` is an optional X; `anyOf: [boolean, "true"|"false"]` a boolean.
  const variants = (many ? resolve(property.items ?? {}) : property).anyOf?.map(resolve) ?? [
    many ? resolve(property.items ?? {}) : property,
  ];
  const value = variants.find((v) => v.type !== 'null') ?? {};
  const description = property.description ?? value.description;
  // `comparables[][address]`: a field of each entry of a list. The files of request_submission
  // are a list too, but their picker draws them (features/actions/ActionDialog.tsx).
  const list = /^([a-z_]+)\[\]\[[a-z_]+\]$/.exec(name)?.[1];
  return {
    name,
    label: labelOf(name),
    ...(list && list !== 'files' ? { group: list } : {}),
    ...(description ? { description } : {}),
    required,
    kind: kindOf(name, value, variants),
    ...(value.enum ? { choices: value.enum.map(String) } : {}),
    many,
    ...(value.maxLength ? { maxLength: value.maxLength } : {}),
    // "…; default: now" (complete_inspection's inspected_at): the field opens on the present moment.
    ...(/\bdefault: now\b/.test(description ?? '') ? { initial: 'now' as const } : {}),
  };
}

function kindOf(name: string, value: JsonSchema, variants: JsonSchema[]): ActionInputKind {
  const bare = name.replace(/\[\]/g, '').replace(/^.*\[(.+)\]$/, '$1');
  if (value.format === 'binary') return 'file';
  if (variants.some((v) => v.type === 'boolean')) return 'boolean';
  if (bare === 'appraiser_id') return 'appraiser';
  if (bare === 'product_id') return 'product';
  if (value.enum) return 'choice';
  if (value.pattern?.includes('\\d{1,3}(,?\\d{3})*')) return 'money';
  if (value.description?.includes('YYYY-MM-DD')) return bare.endsWith('_at') ? 'date-time' : 'date';
  if ((value.maxLength ?? 0) > 300) return 'long-text';
  return 'text';
}

function group(name: string, whole: JsonSchema | undefined): ActionGroup {
  // "The deficiencies the request names; as form fields …": the sentence before the encoding.
  const description = whole?.description?.split(';')[0];
  return {
    name,
    label: labelOf(name),
    ...(description ? { description } : {}),
    ...(whole?.maxItems ? { maxItems: whole.maxItems } : {}),
  };
}

/** `fee_condition` → "Fee condition", `files[][file_type]` → "File type", `appraiser_id` → "Appraiser". */
const labelOf = (name: string) =>
  name
    .replace(/\[\]$/, '')
    .replace(/^.*\[(.+)\]$/, '$1')
    .replace(/_id$/, '')
    .replace(/_/g, ' ')
    .replace(/^./, (c) => c.toUpperCase());

export function actionInputsPlugin(): Plugin {
  const resolved = `\0${MODULE}`;
  return {
    name: 'action-inputs',
    resolveId: (id) => (id === MODULE ? resolved : undefined),
    load(id) {
      if (id !== resolved) return undefined;
      this.addWatchFile(DOCUMENT);
      const document = JSON.parse(fs.readFileSync(DOCUMENT, 'utf8')) as OpenApiDocument;
      return `export const actionForms = ${JSON.stringify(actionForms(document))};`;
    },
  };
}
