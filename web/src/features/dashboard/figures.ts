/** How the dashboard writes its figures. */
export const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`);
export const days = (value: number | null) => (value === null ? '—' : `${value} d`);

/** MM/DD/YYYY (the API's dates) as a date at midnight UTC. */
const fromUs = (usDate: string, day = usDate.slice(3, 5)) =>
  new Date(`${usDate.slice(6)}-${usDate.slice(0, 2)}-${day}T00:00:00Z`);

/** 11/02/2026 → Nov 2 (a chart's axis has little room). */
export const shortDay = (usDate: string) =>
  fromUs(usDate).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
export const shortMonth = (usDate: string) =>
  fromUs(usDate, '01').toLocaleDateString(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The period the dashboard shows when its address names none. */
export const DEFAULT_MONTHS = 6;
