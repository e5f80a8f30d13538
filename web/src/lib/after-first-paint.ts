import { createElement, useDeferredValue, useEffect, type ReactNode } from 'react';

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

/** Whether the application has drawn its first page (afterAppPaint): later pages draw at once. */
let appPainted = false;

/**
 * The application's first page, drawn just after the frame around it: the router renders the
 * page its data arrived for at once (synchronously), which on a slow phone was the longest
 * task of a cold start (200 ms of rendering at a 4× slowdown). On the first load only, the page
 * renders first as its placeholder, then whole in a transition that yields to the browser;
 * the pages opened after it render at once, with no placeholder between two pages.
 */
export function afterAppPaint(
  Page: (props: object) => ReactNode,
  Placeholder: () => ReactNode = Nothing,
): () => ReactNode {
  function DrawnAfterAppPaint() {
    const ready = useDeferredValue(true, appPainted);
    useEffect(() => {
      if (ready) appPainted = true;
    }, [ready]);
    return ready ? createElement(Page, {}) : createElement(Placeholder);
  }
  DrawnAfterAppPaint.displayName = `AfterAppPaint(${Page.name})`;
  return DrawnAfterAppPaint;
}

const Nothing = () => null;
