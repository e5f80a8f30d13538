import type { AuthUser } from '../auth/principal.ts';
import { ROLES, type Role } from '../db/schema.ts';
import type { Status } from './statuses.ts';
import { ENDPOINT_ACTIONS } from './transitions.ts';
import type { Actor } from './types.ts';

/** The parties of an order that decide who is who: its client, its company, its appraiser. */
export interface OrderParties {
  status: string;
  client_id: string;
  company_id: string;
  appraiser_id: string | null;
}

/** Whether the user is one of the actors, on an order they can see. */
export function isActor(actor: Actor, user: AuthUser, order: Omit<OrderParties, 'status'>): boolean {
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

/** The actions this user may take on the order now: the order's allowed_transitions. */
export function allowedTransitions(user: AuthUser, order: OrderParties): string[] {
  return ENDPOINT_ACTIONS.filter(
    (a) => a.from.includes(order.status as Status) && a.actors.some((actor) => isActor(actor, user, order)),
  ).map((a) => a.action);
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
