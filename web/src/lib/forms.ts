import type { KeyboardEvent } from 'react';

/**
 * A form of several fields is sent by its button only: Enter in one of its fields would send
 * it half filled (a browser submits a form on Enter in any text field). Enter still works where
 * it means something else: in a text area, on a button, in a field that takes it (tags).
 */
export function enterDoesNotSubmit(event: KeyboardEvent<HTMLFormElement>): void {
  if (event.key !== 'Enter' || event.defaultPrevented) return;
  const target = event.target as HTMLElement;
  if (target instanceof HTMLInputElement && !['submit', 'button', 'reset'].includes(target.type))
    event.preventDefault();
}
