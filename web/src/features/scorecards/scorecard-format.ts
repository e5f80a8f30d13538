/** How scorecards write their figures: business days to two places, rates as percentages. */
export const businessDays = (value: number | null) =>
  value === null ? '—' : `${value} business day${value === 1 ? '' : 's'}`;
export const shortDays = (value: number | null) => (value === null ? '—' : `${value} bd`);
export const rateText = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`);
export const perReport = (value: number | null) => (value === null ? '—' : String(value));

/** 2026-11 → November 2026 (Nov 2026 where room is short); the rolling period in words. */
export function periodLabel(name: string, month: 'long' | 'short' = 'long'): string {
  if (name === 'rolling_90_days') return 'Last 90 days';
  const [year, number] = name.split('-').map(Number);
  return new Date(Date.UTC(year!, number! - 1, 1)).toLocaleDateString(undefined, {
    month,
    year: 'numeric',
    timeZone: 'UTC',
  });
}
