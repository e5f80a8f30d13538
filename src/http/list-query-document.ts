import { Type, type TSchema } from 'typebox';
import type { AttributeMap, AttributeSpec, Predicate } from '../db/list-filter.ts';
import { DATE_FILTER_PATTERN, DATETIME_FILTER_PATTERN, MAX_SORTS, MAX_TEXT_VALUE } from './list-query.ts';

/**
 * The search parameters of a list, for the OpenAPI document: one per attribute and predicate
 * that makes sense for its type (`q[status_name_eq]`, `q[loan_type_in][]`, `q[due_date_lteq]`),
 * and `q[s]`. Built from the list's attribute map, the same one the parser checks values
 * against, so the document lists exactly what the list takes.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** The list's searchable attributes: documented as q[...] parameters. */
    listAttributes?: AttributeMap;
  }
}

const BY_TYPE: Record<AttributeSpec['type'], Predicate[]> = {
  text: ['eq', 'not_eq', 'in', 'not_in', 'cont', 'start', 'end', 'null', 'present'],
  uuid: ['eq', 'not_eq', 'in', 'not_in', 'null', 'present'],
  enum: ['eq', 'not_eq', 'in', 'not_in', 'null', 'present'],
  boolean: ['eq', 'not_eq', 'null', 'present'],
  integer: ['eq', 'not_eq', 'in', 'not_in', 'lt', 'lteq', 'gt', 'gteq', 'null', 'present'],
  decimal: ['eq', 'not_eq', 'in', 'not_in', 'lt', 'lteq', 'gt', 'gteq', 'null', 'present'],
  date: ['eq', 'not_eq', 'lt', 'lteq', 'gt', 'gteq', 'null', 'present'],
  datetime: ['eq', 'not_eq', 'lt', 'lteq', 'gt', 'gteq', 'null', 'present'],
};

function valueSchema(spec: AttributeSpec): TSchema {
  switch (spec.type) {
    case 'enum':
      return Type.String({ enum: [...(spec.values ?? [])] });
    case 'uuid':
      return Type.String({ format: 'uuid' });
    case 'boolean':
      return Type.Enum(['true', 'false']);
    case 'integer':
      return Type.String({ pattern: '^-?\\d{1,15}$' });
    case 'decimal':
      return Type.String({ pattern: '^-?\\d{1,13}(\\.\\d{1,2})?$' });
    case 'date':
      return Type.String({
        pattern: DATE_FILTER_PATTERN,
        description: 'A date, years 1000 to 9999: YYYY-MM-DD or MM/DD/YYYY (blank: the term is left out)',
      });
    case 'datetime':
      return Type.String({
        pattern: DATETIME_FILTER_PATTERN,
        description:
          'A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out)',
      });
    default:
      return Type.String({ maxLength: MAX_TEXT_VALUE });
  }
}

/** What a term of each predicate asks, for its parameter's description. */
const ASKS: Partial<Record<Predicate, string>> = {
  eq: 'is',
  not_eq: 'is not',
  cont: 'contains',
  start: 'starts with',
  end: 'ends with',
  lt: 'is less than (dates: before)',
  lteq: 'is at most (dates: on or before)',
  gt: 'is more than (dates: after)',
  gteq: 'is at least (dates: on or after)',
};

/** A term's value, described: what the term asks, then the value's own description if any. */
function termSchema(name: string, predicate: Predicate, spec: AttributeSpec): TSchema {
  const value = valueSchema(spec);
  const own = (value as { description?: string }).description;
  return {
    ...value,
    description: `${name} ${ASKS[predicate] ?? predicate} the value${own ? `. ${own}` : ''}`,
  };
}

export function listQueryDocument(attributes: AttributeMap, paging: Record<string, TSchema>) {
  const properties: Record<string, TSchema> = { ...paging };
  for (const [name, spec] of Object.entries(attributes)) {
    for (const predicate of BY_TYPE[spec.type]) {
      const key = `q[${name}_${predicate}]`;
      if (predicate === 'in' || predicate === 'not_in')
        properties[`${key}[]`] = Type.Optional(
          Type.Array(valueSchema(spec), {
            description: `${name} ${predicate === 'in' ? 'is one of' : 'is none of'}`,
          }),
        );
      else if (predicate === 'null' || predicate === 'present')
        properties[key] = Type.Optional(
          Type.Enum(['true', 'false'], {
            description: `${name} is ${predicate === 'null' ? 'null' : 'present'} (true) or not (false)`,
          }),
        );
      else properties[key] = Type.Optional(termSchema(name, predicate, spec));
    }
  }
  const sorts = Object.keys(attributes).flatMap((name) => [`${name} asc`, `${name} desc`]);
  properties['q[s]'] = Type.Optional(
    Type.String({
      enum: sorts,
      description: `Sort: "<attribute> asc|desc"; repeat as q[s][] to sort by several (at most ${MAX_SORTS})`,
    }),
  );
  return Type.Object(properties);
}
