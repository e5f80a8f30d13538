/**
 * Due dates and offer deadlines as a coordinator reads them. The list gives due dates as
 * MM/DD/YYYY (the deployment's days); a date before today is overdue, today and the next two
 * days are due soon (the pipeline's counts use the same 48 hours, to the minute).
 */
export type Urgency = 'overdue' | 'due-soon' | null;

const dayNumber = (date: Date) => Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / 86_400_000;

export function urgencyOf(dueDate: string | null, today = new Date()): Urgency {
  const match = dueDate ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(dueDate) : null;
  if (!match) return null;
  const due = Date.UTC(Number(match[3]), Number(match[1]) - 1, Number(match[2])) / 86_400_000;
  const days = due - dayNumber(today);
  if (days < 0) return 'overdue';
  return days <= 2 ? 'due-soon' : null;
}

/** "3 h 20 min left", "12 min left", "timed out": how long an appraiser has to answer an offer. */
export function timeLeft(expiresAt: string | null, now = Date.now()): string | null {
  if (!expiresAt) return null;
  const minutes = Math.floor((Date.parse(expiresAt) - now) / 60_000);
  if (Number.isNaN(minutes)) return null;
  if (minutes < 0) return 'timing out';
  const hours = Math.floor(minutes / 60);
  if (hours >= 24) return `${Math.floor(hours / 24)} d ${hours % 24} h left`;
  return hours > 0 ? `${hours} h ${minutes % 60} min left` : `${minutes} min left`;
}
