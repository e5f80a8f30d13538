import type { AuthUser, Principal } from '../auth/principal.ts';
import { ROLES, type Role } from '../db/schema.ts';
import { mayDecide } from '../policy/acting.ts';
import type { Status } from './statuses.ts';
import { ENDPOINT_ACTIONS } from './transitions.ts';
import type { ActionDefinition, Actor } from './types.ts';

/** What decides who may take which action on an order: its status, its client, company and appraiser, a request in review. */
export interface OrderParties {
  status: string;
  client_id: string;
  company_id: string;
  appraiser_id: string | null;
  request_note_id: string | null;
}

/** Whether the user is one of the actors, on an order they can see. */
export function isActor(
  actor: Actor,
  user: AuthUser,
  order: Pick<OrderParties, 'client_id' | 'company_id' | 'appraiser_id'>,
): boolean {
  switch (actor) {
    case 'client':
      return user.role === 'client' && user.organizationId === order.client_id;
    case 'staff':
      return user.role === 'staff' && user.organizationId === order.company_id;
    case 'appraiser':
      return user.role === 'appraiser' && user.id === order.appraiser_id;
    case 'viewer':
      return true;
  }
}

/**
 * Why the caller may not take the action on the order now, or null when they may: `role` when
 * they are none of its actors (403), `acting` when it is a decision of the user's own that
 * whoever acts for them may not take (403, policy/acting.ts), `status` when the order's status
 * or state does not allow it (409).
 */
export function refusalOf(
  definition: ActionDefinition,
  principal: Principal,
  order: OrderParties,
): { why: 'role' | 'acting' | 'status'; message: string } | null {
  if (!definition.actors.some((actor) => isActor(actor, principal.user, order)))
    return { why: 'role', message: `is not one of: ${definition.actors.join(', ')}` };
  if (definition.own && !mayDecide(principal, definition.own))
    return { why: 'acting', message: definition.own.what };
  if (!definition.from.includes(order.status as Status))
    return { why: 'status', message: `is ${order.status}` };
  const unavailable = definition.unavailable?.(order) ?? null;
  return unavailable ? { why: 'status', message: unavailable } : null;
}

/**
 * The actions the caller may take on the order now: the order's allowed_transitions. Someone
 * acting for another user sees only what they may take for them (a lender's money decisions
 * and an appraiser's own acts are left out).
 */
export function allowedTransitions(principal: Principal, order: OrderParties): string[] {
  return ENDPOINT_ACTIONS.filter((a) => refusalOf(a, principal, order) === null).map((a) => a.action);
}

/**
 * The roles that can ever be one of the actors: any other role is refused (403) before the
 * order is looked up or the body read. Operators take viewer actions only; otherwise they act
 * by naming a user.
 */
export function actorRoles(actors: readonly Actor[]): Role[] {
  if (actors.includes('viewer')) return [...ROLES];
  return ROLES.filter((role) => (actors as readonly string[]).includes(role));
}
