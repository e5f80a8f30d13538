import type { QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { WebhookEventType } from '../../../sdk/src/client.ts';
import { queryClient } from './query-client.ts';
import { firstAnswerTime } from './sdk.ts';

/**
 * Live updates: while someone is signed in, one EventSource on the service's stream of the
 * changes to the orders they may see (GET /api/v1/events/stream, docs/api.md). Each event
 * marks that order's queries and the order lists stale, and TanStack Query refetches those
 * on screen: a change made by someone else appears without reloading.
 */
const STREAM_URL = '/api/v1/events/stream';

/**
 * Every order event the stream names. EventSource hears a named event only through a listener
 * of that name; the type makes the compiler name any event the SDK has and this list lacks.
 */
type OrderEventType = Exclude<WebhookEventType, 'webhook.test'>;
const ORDER_EVENTS: Record<OrderEventType, true> = {
  'order.created': true,
  'order.updated': true,
  'order.status_changed': true,
  'order.assigned': true,
  'order.offer_answered': true,
  'order.inspection_scheduled': true,
  'order.inspection_completed': true,
  'order.submission_received': true,
  'order.report_released': true,
  'order.revision_requested': true,
  'order.reconsideration_requested': true,
  'order.negotiation_opened': true,
  'order.negotiation_answered': true,
  'order.note_added': true,
  'order.file_added': true,
  'order.party_added': true,
  'order.payment_received': true,
  'order.payment_link_sent': true,
  'order.milestone_alert': true,
};

/** After the service refused the stream (signed out, too many tabs, restarting): the first wait, doubled up to the last. */
const RETRY_MS = { first: 5_000, most: 60_000 };

/**
 * A visible page refetches at once; a hidden tab only marks the data stale, and refetches when
 * it is shown again (so that an unattended tab does not keep its session alive).
 */
function markStale(queryKey: QueryKey): void {
  void queryClient.invalidateQueries({
    queryKey,
    refetchType: document.visibilityState === 'visible' ? 'active' : 'none',
  });
}

function everythingStale(): void {
  markStale(['order']);
  markStale(['orders']);
}

/** Keeps the stream open while `userId` is signed in (null: nobody); used once, in the layout. */
export function useLiveUpdates(userId: string | null): void {
  useEffect(() => {
    if (userId === null) return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let wait = RETRY_MS.first;

    const onEvent = (event: MessageEvent<string>) => {
      const { order_id: orderId } = JSON.parse(event.data) as { order_id: string };
      markStale(['order', orderId]);
      markStale(['orders']);
    };
    const open = () => {
      // From the time of the page's first read, the stream replays what changed since (a
      // `resync` when it cannot): what is on screen is then read again only if it changed.
      const since = firstAnswerTime();
      const url = since ? `${STREAM_URL}?since=${encodeURIComponent(since)}` : STREAM_URL;
      source = new EventSource(url, { withCredentials: true });
      for (const type of Object.keys(ORDER_EVENTS)) source.addEventListener(type, onEvent);
      source.addEventListener('resync', everythingStale);
      source.onopen = () => {
        wait = RETRY_MS.first;
        // Without a time to replay from, what was read before the stream opened may have
        // missed a change: read it once more.
        if (!since) everythingStale();
      };
      source.onerror = () => {
        // EventSource reconnects by itself (with Last-Event-ID) unless the service refused it.
        if (source?.readyState !== EventSource.CLOSED) return;
        // Refused: perhaps signed out (the layout then closes this), else try again later.
        void queryClient.invalidateQueries({ queryKey: ['session'] });
        retry = setTimeout(open, wait);
        wait = Math.min(wait * 2, RETRY_MS.most);
      };
    };
    open();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [userId]);
}
