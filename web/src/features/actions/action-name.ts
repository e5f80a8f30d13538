import { humanize } from '../../lib/format.ts';

/**
 * The name an action goes by on this order where its own would not say what it does, else
 * undefined: scheduling an inspection that is already scheduled moves it, and says so.
 */
export function renamedAction(action: string, order: { inspection_scheduled_at?: string | null }) {
  if (action === 'schedule_inspection' && order.inspection_scheduled_at) return 'Reschedule inspection';
  return undefined;
}

/** What an action's button is called on this order. */
export const actionName = (action: string, order: { inspection_scheduled_at?: string | null }) =>
  renamedAction(action, order) ?? humanize(action);
