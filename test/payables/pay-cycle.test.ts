import { describe, expect, it } from 'vitest';
import { nextPayDay } from '../../src/ledger/pay-cycle.ts';

/** The company's pay days (docs/money.md): the first one on or after the day a fee is earned. */
describe('pay days', () => {
  it.each([
    // Weekly on Fridays (5): 2 December 2026 is a Wednesday.
    ['2026-12-02', 'weekly', 5, '2026-12-04'],
    ['2026-12-04', 'weekly', 5, '2026-12-04'],
    ['2026-12-05', 'weekly', 5, '2026-12-11'],
    // Weekly on Sundays (7), across the year's end.
    ['2026-12-28', 'weekly', 7, '2027-01-03'],
    // The 15th and the month's last day, February's in a common year and a leap year.
    ['2026-01-10', 'semimonthly', null, '2026-01-15'],
    ['2026-01-16', 'semimonthly', null, '2026-01-31'],
    ['2026-02-16', 'semimonthly', null, '2026-02-28'],
    ['2028-02-16', 'semimonthly', null, '2028-02-29'],
    ['2026-12-31', 'semimonthly', null, '2026-12-31'],
    // Monthly on the 31st: a shorter month pays on its last day.
    ['2026-02-03', 'monthly', 31, '2026-02-28'],
    ['2026-04-30', 'monthly', 31, '2026-04-30'],
    // Monthly on the 1st and the 10th: the next month's, the next year's.
    ['2026-01-02', 'monthly', 1, '2026-02-01'],
    ['2026-12-20', 'monthly', 10, '2027-01-10'],
  ] as const)('earned %s, paid %s (day %s): %s', (day, frequency, payDay, expected) => {
    expect(nextPayDay(day, { frequency, day: payDay })).toBe(expected);
  });
});
