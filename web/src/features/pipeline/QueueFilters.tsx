import type { ReactNode } from 'react';
import { PhoneFilters } from '../../components/PhoneFilters.tsx';
import type { Queue } from './QueueTable.tsx';
import { wholeNumber } from '../../lib/format.ts';

/** The queues, in full on a wide screen; on a phone behind a "Filters" button naming the queue shown. */
export function QueueFilters({ chosen, children }: { chosen: Queue | undefined; children: ReactNode }) {
  return (
    <PhoneFilters
      summary={`Filters${chosen ? `: ${chosen.name} (${wholeNumber(chosen.count)})` : ''}`}
      closeOnChoice
    >
      {children}
    </PhoneFilters>
  );
}
