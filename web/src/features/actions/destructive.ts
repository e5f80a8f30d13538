import { humanize } from '../../lib/format.ts';

/** Actions that undo or refuse something: a red button, and a dialog that says so. */
export const isDestructive = (action: string) =>
  /cancel|^reject|^decline|^refuse|^deny/.test(action) && action !== 'deny_cancel';

/** What an action's dialog calls itself, its two buttons, and what it says will happen. */
export interface Wording {
  title: string;
  /** The button that acts. */
  confirm: string;
  /** The button that leaves the dialog, saying what stays. */
  keep: string;
  /** Shown above the fields: what follows, for an action that cannot be taken back. */
  warning: string | null;
}

/**
 * The words of the actions that end something: a dialog that cancels an order does not offer
 * "Close" beside a red "Cancel" (which of the two keeps the order?), but "Keep the order" and
 * "Cancel the order".
 */
const ENDINGS: Record<string, Omit<Wording, 'warning'> & { warning: string }> = {
  cancel: {
    title: 'Cancel the order',
    confirm: 'Cancel the order',
    keep: 'Keep the order',
    warning:
      'This cannot be undone: the order stops for good, and whoever works on it stops too. The lender, the company and the appraiser are told.',
  },
  request_cancel: {
    title: 'Ask to cancel the order',
    confirm: 'Ask to cancel',
    keep: 'Keep the order',
    warning: 'The company decides on the cancellation; until then the order stays where it is.',
  },
};

export function wordingOf(action: string, title?: string): Wording {
  const ending = ENDINGS[action];
  if (ending) return { ...ending, ...(title ? { title, confirm: title } : {}) };
  const name = title ?? humanize(action);
  return {
    title: name,
    confirm: name,
    keep: isDestructive(action) ? 'Go back' : 'Close',
    warning: isDestructive(action)
      ? 'This cannot be undone from here. The lender and the company are told.'
      : null,
  };
}
