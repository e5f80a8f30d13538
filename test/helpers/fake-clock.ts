import { vi } from 'vitest';

/**
 * Runs `act` with the clock at `when`: Date only is faked, so that timers, the database's pool
 * and the network keep real time; the real clock is back afterwards, whatever `act` did.
 */
export async function atInstant<T>(when: Date, act: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(when);
  try {
    return await act();
  } finally {
    vi.useRealTimers();
  }
}
