import type { WorkItem } from '../../queries/work.ts';

export interface Group {
  key: string;
  title: string;
  items: WorkItem[];
}

/** Midnight ending today, and the end of the seventh day from now, in the person's time zone. */
function horizons(now = new Date()) {
  const endOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime();
  return { endOfToday, endOfWeek: endOfToday + 6 * 86_400_000 };
}

/** The work grouped by the next thing to do, the most pressing first. */
export function groupWork(items: WorkItem[], now = new Date()): Group[] {
  const { endOfToday, endOfWeek } = horizons(now);
  const when = (item: WorkItem) => Date.parse(item.inspection_scheduled_at ?? '') || 0;
  const by = (step: WorkItem['next_step']) => items.filter((item) => item.next_step === step);
  const inspect = by('inspect');
  return [
    { key: 'schedule', title: 'To schedule', items: by('schedule') },
    { key: 'today', title: 'To inspect today', items: inspect.filter((i) => when(i) < endOfToday) },
    {
      key: 'week',
      title: 'To inspect this week',
      items: inspect.filter((i) => when(i) >= endOfToday && when(i) < endOfWeek),
    },
    { key: 'later', title: 'To inspect later', items: inspect.filter((i) => when(i) >= endOfWeek) },
    { key: 'submit', title: 'To submit', items: by('submit') },
    { key: 'revise', title: 'Revisions requested', items: by('revise') },
    { key: 'on_hold', title: 'On hold', items: by('on_hold') },
    { key: 'await_terms', title: 'Your conditions, being decided', items: by('await_terms') },
    { key: 'in_review', title: 'In review', items: by('in_review') },
  ].filter((group) => group.items.length > 0);
}
