import { useDeferredValue } from 'react';

/**
 * False on a component's first render, true from the next, which React renders in a transition
 * that yields to the browser every few milliseconds. What waits on it (a list's rows past the
 * first few, an order's lower cards) is drawn after the top of the page has been painted, in
 * slices, instead of in the same long task: a router's update renders at once, and on a slow
 * phone a whole page at once held the main thread for a third of a second.
 */
export function useAfterFirstPaint(): boolean {
  return useDeferredValue(true, false);
}
