import { randomUUID } from 'node:crypto';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { STATUSES, type Status } from '../../src/workflow/statuses.ts';
import { ENDPOINT_ACTIONS } from '../../src/workflow/transitions.ts';
import type { ActionDefinition, Actor } from '../../src/workflow/types.ts';
import { useTestApp } from '../helpers/app.ts';
import { act, placeOrder } from '../helpers/orders.ts';

/**
 * The rules every action endpoint shares, checked for EVERY action of the workflow table
 * (ENDPOINT_ACTIONS): an action added to the table is covered here without a new test.
 * 404 for another tenant's order, 403 for a role that is not an actor, 409 for a status the
 * table does not allow, 422 for missing or invalid input; the order is left unchanged each time.
 */
const t = useTestApp();
let demo: DemoWorld;
let other: DemoWorld;

beforeAll(async () => {
  demo = await seedDemo(t.db);
  other = await seedDemo(t.db);
});

type Role = 'client' | 'staff' | 'appraiser';
const ROLES: readonly Role[] = ['client', 'staff', 'appraiser'];

interface ErrorResponse {
  success: false;
  error: { code: string; message: string; details: { field: string; message: string }[] };
}

/** The input schema of an action, read as the JSON Schema it is. */
interface PropertySchema {
  type?: string;
  enum?: unknown[];
  description?: string;
  items?: PropertySchema;
  minItems?: number;
  properties?: Record<string, PropertySchema>;
  required?: string[];
  [keyword: string]: unknown;
}
interface ObjectSchema {
  properties: Record<string, PropertySchema>;
  required?: string[];
}

function objectSchema(input: TSchema): ObjectSchema {
  const schema: unknown = input;
  if (
    typeof schema !== 'object' ||
    schema === null ||
    !('properties' in schema) ||
    typeof schema.properties !== 'object' ||
    schema.properties === null
  ) {
    throw new Error(`an action's input is not an object schema: ${JSON.stringify(input)}`);
  }
  const required = 'required' in schema && Array.isArray(schema.required) ? schema.required : [];
  return {
    properties: schema.properties as Record<string, PropertySchema>,
    required: required.filter((name): name is string => typeof name === 'string'),
  };
}

const requiredFields = (definition: ActionDefinition): string[] =>
  definition.input ? (objectSchema(definition.input).required ?? []) : [];

/**
 * A value the schema accepts: an object of its required properties, an array of its least
 * number of items, an enum member, a future date, an amount, or text.
 */
function sampleValue(name: string, property: PropertySchema): unknown {
  if (property.type === 'object') return sampleObject(property);
  if (property.type === 'array') {
    const item = sampleValue(name, property.items ?? {});
    return Array.from({ length: Math.max(1, property.minItems ?? 0) }, () => item);
  }
  const candidates: unknown[] = [
    ...(property.enum ?? []),
    ...(/YYYY-MM-DD/.test(property.description ?? '') ? ['2030-06-15T10:00'] : []),
    ...(/amount/.test(property.description ?? '') ? ['450.00'] : []),
    `Given by the test for ${name}`,
  ];
  return candidates.find((value) => Value.Check(property as TSchema, value));
}

function sampleObject(schema: { properties?: Record<string, PropertySchema>; required?: string[] }) {
  return Object.fromEntries(
    (schema.required ?? []).map((field) => [field, sampleValue(field, schema.properties?.[field] ?? {})]),
  );
}

/** Values that refer to the demo world, where a made-up one would not do. */
const realValues = (): Record<string, Record<string, string>> => ({
  assign: { appraiser_id: demo.users.appraiser.id },
});

/** The smallest body the action's schema accepts: each required field with a valid value. */
function validBody(definition: ActionDefinition): Record<string, unknown> {
  if (!definition.input) return {};
  return { ...sampleObject(objectSchema(definition.input)), ...realValues()[definition.action] };
}

/** Values the schema refuses for a field (the rest of the body being valid). */
function invalidValues(definition: ActionDefinition, field: string): unknown[] {
  const valid = validBody(definition);
  return ['', '   ', 'not-a-valid-value', { nested: true }].filter(
    (value) => !Value.Check(definition.input!, { ...valid, [field]: value }),
  );
}

/** PUT the action with a JSON body (the act helper takes string fields only). */
const put = (key: string, orderId: string, action: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/orders/${orderId}/${action}`,
    headers: { 'X-Api-Key': key, 'Content-Type': 'application/json' },
    payload: JSON.stringify(body),
  });

const keyOf = (world: DemoWorld, role: Role) => world.users[role].api_key;

/** The demo roles an actor stands for: viewer is anyone who sees the order. */
const rolesOf = (actor: Actor): readonly Role[] => (actor === 'viewer' ? ROLES : [actor]);

/** The demo roles that may take the action on a demo order offered to the demo appraiser. */
const actorRoles = (definition: ActionDefinition): Role[] => [...new Set(definition.actors.flatMap(rolesOf))];

/** The demo roles that see such an order but may not take the action: none for viewer actions. */
const nonActorRoles = (definition: ActionDefinition): Role[] =>
  ROLES.filter((role) => !actorRoles(definition).includes(role));

/** The one role that stands for the action's actors when one caller is enough. */
const callerRole = (definition: ActionDefinition): Role => actorRoles(definition)[0]!;

/** The statuses the table does not allow the action from. */
const disallowedStatuses = (definition: ActionDefinition): Status[] =>
  STATUSES.filter((status) => !definition.from.includes(status));

/**
 * What allowed_transitions should be for a demo user of this role, computed from the table alone,
 * on a demo order (no client request waits for the company's review on it).
 */
const expectedAllowed = (role: Role, status: Status): string[] =>
  ENDPOINT_ACTIONS.filter(
    (a) =>
      a.from.includes(status) &&
      a.actors.some((actor) => rolesOf(actor).includes(role)) &&
      (a.unavailable?.({ request_note_id: null }) ?? null) === null,
  )
    .map((a) => a.action)
    .sort();

/** A new demo order (placed by the client), put directly in `status` and offered to the demo appraiser. */
async function orderIn(status: Status): Promise<string> {
  const order = await placeOrder(t.app, t.db, demo);
  await setStatus(order.id, status);
  return order.id;
}

async function setStatus(orderId: string, status: Status): Promise<void> {
  await t.db
    .updateTable('orders')
    .set({ status, appraiser_id: demo.users.appraiser.id })
    .where('id', '=', orderId)
    .execute();
}

/** What a refused action must not change: status, updated_at, the history. */
async function snapshot(orderId: string) {
  const order = await t.db
    .selectFrom('orders')
    .select(['status', 'updated_at'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const history = await t.db
    .selectFrom('order_history')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return {
    status: order.status,
    updated_at: new Date(order.updated_at).toISOString(),
    history: Number(history.count),
  };
}

describe('the workflow table gives every action a case', () => {
  it('has endpoint actions', () => {
    expect(ENDPOINT_ACTIONS.length).toBeGreaterThan(0);
  });

  it.each(ENDPOINT_ACTIONS)('$action: a valid body can be built from its schema', (definition) => {
    const body = validBody(definition);
    if (definition.input) expect(Value.Check(definition.input, body), JSON.stringify(body)).toBe(true);
    for (const field of requiredFields(definition)) {
      expect(body[field], field).toBeDefined();
      expect(invalidValues(definition, field).length, field).toBeGreaterThan(0);
    }
  });

  it.each(ENDPOINT_ACTIONS)('$action: has a 403 case, or is a viewer action', (definition) => {
    if (!definition.actors.includes('viewer')) expect(nonActorRoles(definition).length).toBeGreaterThan(0);
  });

  it.each(ENDPOINT_ACTIONS)('$action: has a status to refuse it from (409)', (definition) => {
    expect(definition.from.length).toBeGreaterThan(0);
    expect(disallowedStatuses(definition).length).toBeGreaterThan(0);
  });

  it('every action named in the extra 422 cases is in the table', () => {
    const names = ENDPOINT_ACTIONS.map((a) => a.action);
    for (const action of Object.keys(semanticCases())) expect(names).toContain(action);
  });
});

describe("another tenant's order is not found (404)", () => {
  const cases = ENDPOINT_ACTIONS.flatMap((definition) =>
    actorRoles(definition).map((role) => ({ action: definition.action, role, definition })),
  );

  it.each(cases)(
    "$action by the other company's $role → 404, order unchanged",
    async ({ definition, role }) => {
      const orderId = await orderIn(definition.from[0]!);
      const before = await snapshot(orderId);
      const response = await put(keyOf(other, role), orderId, definition.action, validBody(definition));
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json<ErrorResponse>().error.code).toBe('not_found');
      expect(await snapshot(orderId)).toEqual(before);
    },
  );
});

describe('a role that is not an actor is forbidden (403)', () => {
  // Viewer actions (fulfill) have no such role: anyone who sees the order may take them.
  const cases = ENDPOINT_ACTIONS.flatMap((definition) =>
    nonActorRoles(definition).map((role) => ({ action: definition.action, role, definition })),
  );

  it.each(cases)('$action by the $role → 403 forbidden, order unchanged', async ({ definition, role }) => {
    // In a status the action is allowed from, offered to the demo appraiser: only the role is wrong.
    const orderId = await orderIn(definition.from[0]!);
    const before = await snapshot(orderId);
    const response = await put(keyOf(demo, role), orderId, definition.action, validBody(definition));
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json<ErrorResponse>().error.code).toBe('forbidden');
    expect(await snapshot(orderId)).toEqual(before);
  });
});

describe('a status the table does not allow is a conflict (409)', () => {
  const actionNames = ENDPOINT_ACTIONS.map((a) => a.action);

  /** The action names the message mentions as whole words (the status's own words left out). */
  const actionsNamed = (message: string, status: Status) =>
    [
      ...new Set(
        message
          .split(status)
          .join(' ')
          .match(/[a-z_]+/g) ?? [],
      ),
    ].filter((word) => actionNames.includes(word));

  // Each role that may take the action, so that the allowed actions named are that role's.
  const cases = ENDPOINT_ACTIONS.flatMap((definition) =>
    actorRoles(definition).map((role) => ({ action: definition.action, role, definition })),
  );

  it.each(cases)(
    '$action by the $role from every other status → 409 transition_not_allowed naming the allowed actions',
    async ({ definition, role }) => {
      const orderId = (await placeOrder(t.app, t.db, demo)).id;
      for (const status of disallowedStatuses(definition)) {
        await setStatus(orderId, status);
        const before = await snapshot(orderId);
        const response = await put(keyOf(demo, role), orderId, definition.action, validBody(definition));
        const label = `${definition.action} by the ${role} from ${status}: ${response.body}`;
        expect(response.statusCode, label).toBe(409);
        const { error } = response.json<ErrorResponse>();
        expect(error.code, label).toBe('transition_not_allowed');
        expect(error.message, label).toContain(definition.action);
        expect(error.message, label).toContain(status);

        const allowed = expectedAllowed(role, status);
        const named = actionsNamed(error.message, status).filter((a) => a !== definition.action);
        expect(named.sort(), label).toEqual(allowed);
        if (allowed.length === 0) expect(error.message, label).toMatch(/\bnone\b/);
        expect(error.details, label).toEqual([
          expect.objectContaining({ field: 'status', message: expect.stringContaining(status) }),
        ]);

        // The order's allowed_transitions say the same.
        const detail = await t.app.inject({
          method: 'GET',
          url: `/api/v1/orders/${orderId}`,
          headers: { 'X-Api-Key': keyOf(demo, role) },
        });
        expect(detail.json<{ allowed_transitions: string[] }>().allowed_transitions.sort(), label).toEqual(
          allowed,
        );
        expect(await snapshot(orderId), label).toEqual(before);
      }
    },
  );
});

describe('missing or invalid input is refused (422)', () => {
  const missing = ENDPOINT_ACTIONS.flatMap((definition) =>
    requiredFields(definition).map((field) => ({ action: definition.action, field, definition })),
  );

  it.each(missing)(
    '$action without $field → 422 naming it, order unchanged',
    async ({ definition, field }) => {
      const orderId = await orderIn(definition.from[0]!);
      const before = await snapshot(orderId);
      const { [field]: _left, ...body } = validBody(definition);
      const response = await put(keyOf(demo, callerRole(definition)), orderId, definition.action, body);
      expectInvalid(response, field);
      expect(await snapshot(orderId)).toEqual(before);
    },
  );

  it.each(missing)(
    '$action with an invalid $field → 422 naming it, order unchanged',
    async ({ definition, field }) => {
      const orderId = await orderIn(definition.from[0]!);
      const before = await snapshot(orderId);
      for (const value of invalidValues(definition, field)) {
        const body = { ...validBody(definition), [field]: value };
        const response = await put(keyOf(demo, callerRole(definition)), orderId, definition.action, body);
        expectInvalid(response, field, JSON.stringify(value));
        expect(await snapshot(orderId)).toEqual(before);
      }
    },
  );

  it.each(missing)(
    '$action with $field as a form field left empty → 422 naming it',
    async ({ definition, field }) => {
      const orderId = await orderIn(definition.from[0]!);
      const before = await snapshot(orderId);
      const body = Object.fromEntries(
        Object.entries({ ...validBody(definition), [field]: '' }).map(([k, v]) => [k, String(v)]),
      );
      const response = await act(
        t.app,
        keyOf(demo, callerRole(definition)),
        orderId,
        definition.action,
        body,
        'form',
      );
      expectInvalid(response, field);
      expect(await snapshot(orderId)).toEqual(before);
    },
  );

  // Input the schema accepts but the action itself refuses, inside its transaction.
  const semantic = Object.entries(semanticCases()).flatMap(([action, cases]) =>
    cases.map((c) => ({ action, ...c, definition: ENDPOINT_ACTIONS.find((a) => a.action === action)! })),
  );

  it.each(semantic)(
    '$action: $why → 422 naming $field, order unchanged',
    async ({ definition, body, field }) => {
      const orderId = await orderIn(definition.from[0]!);
      const before = await snapshot(orderId);
      const response = await put(keyOf(demo, callerRole(definition)), orderId, definition.action, {
        ...validBody(definition),
        ...body(),
      });
      expectInvalid(response, field);
      expect(await snapshot(orderId)).toEqual(before);
    },
  );
});

function expectInvalid(response: Awaited<ReturnType<typeof put>>, field: string, what = '') {
  const label = `${field} ${what}: ${response.body}`;
  expect(response.statusCode, label).toBe(422);
  const { error } = response.json<ErrorResponse>();
  expect(error.code, label).toBe('validation_failed');
  expect(error.message, label).toContain(field);
  // The field itself, or a part of it (files[0], address.zip).
  const named = error.details.filter(
    (d) => d.field === field || d.field.startsWith(`${field}[`) || d.field.startsWith(`${field}.`),
  );
  expect(named.length, label).toBeGreaterThan(0);
}

interface SemanticCase {
  why: string;
  field: string;
  body: () => Record<string, unknown>;
}

function semanticCases(): Record<string, SemanticCase[]> {
  return {
    assign: [
      { why: 'no such user', field: 'appraiser_id', body: () => ({ appraiser_id: randomUUID() }) },
      { why: 'not a uuid', field: 'appraiser_id', body: () => ({ appraiser_id: 'avery' }) },
      {
        why: "another company's appraiser",
        field: 'appraiser_id',
        body: () => ({ appraiser_id: other.users.appraiser.id }),
      },
      { why: 'a staff user', field: 'appraiser_id', body: () => ({ appraiser_id: demo.users.staff.id }) },
      { why: 'a due date that is no date', field: 'due_date', body: () => ({ due_date: 'in a fortnight' }) },
    ],
    accept_assignment: [
      {
        why: 'a due date in the past',
        field: 'due_date_condition',
        body: () => ({ due_date_condition: '2001-01-01' }),
      },
      {
        why: 'a due date that is no date',
        field: 'due_date_condition',
        body: () => ({ due_date_condition: 'next tuesday' }),
      },
    ],
    schedule_inspection: [
      {
        why: 'a time that is no date',
        field: 'inspection_scheduled_at',
        body: () => ({ inspection_scheduled_at: 'tomorrow morning' }),
      },
      {
        why: 'blank',
        field: 'inspection_scheduled_at',
        body: () => ({ inspection_scheduled_at: ' '.repeat(12) }),
      },
    ],
    request_negotiation: [{ why: 'neither fee nor due date', field: 'fee', body: () => ({}) }],
  };
}
