import { createElement, startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Calls `then` once the browser has painted what was just committed: the frame after the next
 * animation frame. A hidden tab draws no frames, hence the timer beside it.
 */
function afterNextPaint(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    then();
  };
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(once, 0);
  });
  const fallback = setTimeout(once, 250);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    clearTimeout(fallback);
  };
}

/**
 * False until a render with `drawn` true has been painted, then true (set in a transition);
 * `initially` true skips the wait.
 */
function usePaintedOnce(initially: boolean, drawn = true): boolean {
  const [painted, setPainted] = useState(initially);
  useEffect(() => {
    if (painted || !drawn) return;
    return afterNextPaint(() => startTransition(() => setPainted(true)));
  }, [painted, drawn]);
  return painted;
}

/**
 * False on a component's first render, true once that render is on the screen (with `drawn`:
 * the first render where it is true, such as a list's first with rows); the render that
 * follows runs in a transition, which yields to the browser every few milliseconds. What waits
 * on it (a list's rows past the first few, an order's lower cards, and the code those load) is
 * drawn after the top of the page has been painted, in slices, instead of in the same long task:
 * on a slow phone a whole page at once held the main thread for a third of a second, and the
 * code of the lower half, asked for before the first paint, held the top back on a slow
 * connection.
 */
export function useAfterFirstPaint(drawn = true): boolean {
  return usePaintedOnce(false, drawn);
}

/** Whether the application has drawn its first page (afterAppPaint): later pages draw at once. */
let appPainted = false;

/**
 * The application's first page, drawn just after the frame around it: the router renders the
 * page its data arrived for at once (synchronously), which on a slow phone was the longest
 * task of a cold start (200 ms of rendering at a 4× slowdown). On the first load only, the page
 * renders first as its placeholder, then whole in a transition once the placeholder is on the
 * screen; the pages opened after it render at once, with no placeholder between two pages.
 */
export function afterAppPaint(
  Page: (props: object) => ReactNode,
  Placeholder: () => ReactNode = Nothing,
): () => ReactNode {
  function DrawnAfterAppPaint() {
    const ready = usePaintedOnce(appPainted);
    useEffect(() => {
      if (ready) appPainted = true;
    }, [ready]);
    return ready ? createElement(Page, {}) : createElement(Placeholder);
  }
  DrawnAfterAppPaint.displayName = `AfterAppPaint(${Page.name})`;
  return DrawnAfterAppPaint;
}

const Nothing = () => null;
