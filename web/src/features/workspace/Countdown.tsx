import { Badge } from '@mantine/core';
import { useEffect, useState } from 'react';
import { countdown, useNow } from '../../lib/time.ts';

/** Under this much time left, the countdown turns red. */
const HURRY_MS = 15 * 60_000;

/**
 * The time left, ticking every second. Only this badge renders each second, not the page: on a
 * slow phone a whole list of cards re-rendered every second keeps the main thread busy.
 */
export function Countdown({ expiresAt }: { expiresAt: number }) {
  const left = expiresAt - useNow();
  const over = left <= 0;
  return (
    <Badge
      size="lg"
      variant={over ? 'filled' : 'light'}
      color={over || left < HURRY_MS ? 'red' : 'indigo'}
      role="timer"
      aria-label={over ? 'Timed out' : `Time left to answer: ${countdown(left)}`}
      style={{ fontVariantNumeric: 'tabular-nums', textTransform: 'none', flexShrink: 0 }}
    >
      {over ? 'Timed out' : `${countdown(left)} left`}
    </Badge>
  );
}

/** Whether the moment has passed: changes once, when it passes. */
export function useExpired(at: number | null): boolean {
  const [expired, setExpired] = useState(() => at !== null && at <= Date.now());
  useEffect(() => {
    if (at === null) return;
    const wait = at - Date.now();
    if (wait <= 0) {
      setExpired(true);
      return;
    }
    setExpired(false);
    // setTimeout waits at most 2^31 - 1 ms; an offer open longer is re-checked then.
    const timer = setTimeout(() => setExpired(at <= Date.now()), Math.min(wait, 2_147_483_647));
    return () => clearTimeout(timer);
  }, [at]);
  return expired;
}

/** The offer an email's link named comes into view once it is on the page. */
export function useScrollIntoView(active: boolean, id: string) {
  useEffect(() => {
    if (active) document.getElementById(id)?.scrollIntoView({ block: 'center' });
  }, [active, id]);
}
