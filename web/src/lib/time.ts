import { useSyncExternalStore } from 'react';

/**
 * One clock for every countdown on the page: a single timer ticks each second while any
 * countdown shows, and they all render the same second (one timer per card would wake the
 * phone once per card, each out of step with the others).
 */
const clock = {
  now: Date.now(),
  listeners: new Set<() => void>(),
  timer: undefined as ReturnType<typeof setInterval> | undefined,
  subscribe(this: void, listener: () => void) {
    clock.listeners.add(listener);
    clock.timer ??= setInterval(() => {
      clock.now = Date.now();
      for (const notify of clock.listeners) notify();
    }, 1000);
    return () => {
      clock.listeners.delete(listener);
      if (clock.listeners.size === 0) {
        clearInterval(clock.timer);
        clock.timer = undefined;
      }
    };
  },
};

/** The current time, to the second, while the component shows. */
export function useNow(): number {
  const now = useSyncExternalStore(clock.subscribe, () => clock.now);
  // Until the clock ticks for this page (it stands still while no countdown shows), read afresh.
  return clock.timer === undefined ? Date.now() : now;
}

/** "1 h 04 min 10 s", "12 min 05 s", "40 s": what is left, to the second (it counts down live). */
export function countdown(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min ${String(s).padStart(2, '0')} s`;
  if (m > 0) return `${m} min ${String(s).padStart(2, '0')} s`;
  return `${s} s`;
}

/** The person's own day of a moment: "Today", "Tomorrow", or "Mon, Dec 21". */
export function dayOf(iso: string, now = new Date()): string {
  const when = new Date(iso);
  const day = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((day(when) - day(now)) / 86_400_000);
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  if (days === -1) return 'Yesterday';
  return WEEKDAY.format(when);
}

// Built once (a formatter costs far more to build than to use).
const WEEKDAY = new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric' });
const CLOCK = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

/** "10:30 AM" in the person's time zone. */
export const clockTime = (iso: string) => CLOCK.format(new Date(iso));

/** A moment as a date-and-time field's value in the person's zone: "2026-11-26T10:45". */
export function dateTimeInputValue(when: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}T${pad(when.getHours())}:${pad(when.getMinutes())}`;
}

/** How long since an instant, as people say it in a list: "40 min", "5 h", "3 days". */
export function since(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}
