/** Actions that undo or refuse something: a red button, and a dialog that says so. */
export const isDestructive = (action: string) =>
  /cancel|^reject|^decline|^refuse|^deny/.test(action) && action !== 'deny_cancel';
