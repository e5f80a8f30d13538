import Fastify from 'fastify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { buildSerializer } from '../../src/http/serializers.ts';
import { Nullable, ref } from '../../src/schemas/common.ts';

/**
 * The serializer writes "this or null" fields (Nullable) of a plain type or a format as the value
 * or null without running the value through a validator; a named schema or null, and a union of
 * other kinds, are written as before, each branch chosen by validation.
 */
const Party = Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() }, { $id: 'Party' });
const Answer = Type.Object({
  party: Nullable(ref(Party)),
  inline: Nullable(Type.Object({ n: Type.Integer() })),
  at: Nullable(Type.String({ format: 'date-time' })),
  fee: Nullable(Type.String({ description: 'a decimal' })),
  count: Nullable(Type.Integer()),
  either: Type.Union([Type.String(), Type.Integer()]),
});

async function serve(body: unknown) {
  const app = Fastify({ schemaController: { compilersFactory: { buildSerializer } } });
  app.addSchema(Party);
  app.get('/', { schema: { response: { 200: Answer } } }, () => body);
  try {
    const answer = await app.inject({ method: 'GET', url: '/' });
    return { status: answer.statusCode, body: answer.json<Record<string, unknown>>() };
  } finally {
    await app.close();
  }
}

describe('answers with fields that may be null', () => {
  it('writes each null as null and each value as its schema says', async () => {
    const empty = await serve({ party: null, inline: null, at: null, fee: null, count: null, either: 3 });
    expect(empty).toEqual({
      status: 200,
      body: { party: null, inline: null, at: null, fee: null, count: null, either: 3 },
    });
    const at = new Date('2026-11-27T11:23:20.123Z');
    const full = await serve({
      party: { id: '00000000-0000-4000-8000-000000000001', name: 'Ann', extra: 'not in the schema' },
      inline: { n: 4, hidden: true },
      at,
      fee: '12.50',
      count: 7,
      either: 'seven',
    });
    expect(full).toEqual({
      status: 200,
      body: {
        party: { id: '00000000-0000-4000-8000-000000000001', name: 'Ann' },
        inline: { n: 4 },
        at: '2026-11-27T11:23:20.123Z',
        fee: '12.50',
        count: 7,
        either: 'seven',
      },
    });
  });

  it('leaves the schemas it is given as they were', async () => {
    const before = JSON.stringify(Answer);
    await serve({ party: null, inline: null, at: null, fee: null, count: null, either: 1 });
    expect(JSON.stringify(Answer)).toBe(before);
    expect(Answer.properties.party.anyOf).toHaveLength(2);
  });
});
