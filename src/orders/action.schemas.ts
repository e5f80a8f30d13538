import { Type, type TSchema } from 'typebox';
import { ref } from '../schemas/common.ts';
import { ENDPOINT_ACTIONS } from '../workflow/transitions.ts';
import type { ActionDefinition } from '../workflow/types.ts';
import { OrderStatus } from './order.schemas.ts';

export const ActionResponse = Type.Object(
  { success: Type.Literal(true), status: ref(OrderStatus, "The order's status after the action") },
  { $id: 'ActionResult', description: 'The action was taken' },
);

const pascal = (snake: string) => snake.replace(/(^|_)([a-z])/g, (_m, _u, c: string) => c.toUpperCase());
export const camel = (snake: string) => snake.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** The name of an action's body in the API document: accept_assignment → AcceptAssignmentRequest. */
const requestName = (action: string) => `${pascal(action)}Request`;

/** Each action's body as a named schema (the table's input, given a name). */
export const ACTION_REQUESTS: Record<string, TSchema> = Object.fromEntries(
  ENDPOINT_ACTIONS.filter((definition) => definition.input).map((definition) => [
    definition.action,
    { ...definition.input, $id: requestName(definition.action) },
  ]),
);

const isBinary = (schema: unknown): boolean => {
  const s = schema as { format?: string; items?: unknown } | undefined;
  return s?.format === 'binary' || (s?.items !== undefined && isBinary(s.items)) || hasRequiredFile(s);
};

/** Whether the body cannot be valid without a file part: then only multipart can carry it. */
function hasRequiredFile(schema: unknown): boolean {
  const s = schema as { properties?: Record<string, unknown>; required?: string[]; items?: unknown };
  if (s?.items) return hasRequiredFile(s.items);
  return (s?.required ?? []).some((key) => isBinary(s.properties?.[key]));
}

/** The encodings an action body is taken in: only multipart when it cannot be valid without a file. */
export function encodings(definition: ActionDefinition): string[] {
  if (!definition.acceptsFiles) return ['application/json', 'application/x-www-form-urlencoded'];
  if (hasRequiredFile(definition.input)) return ['multipart/form-data'];
  return ['multipart/form-data', 'application/json', 'application/x-www-form-urlencoded'];
}
