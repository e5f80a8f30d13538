import { SimpleGrid } from '@mantine/core';
import type { Insight } from '../../queries/insight.ts';
import { percent } from './figures.ts';
import { FigureLink, Stat } from './parts.tsx';
import { wholeNumber } from '../../lib/format.ts';

/** The period's four figures: received, completed, on time, revised. */
export function Totals({ insight, period }: { insight: Insight; period: string }) {
  const { totals, on_time: onTime, revisions } = insight;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }}>
      <Stat
        title="Received"
        value={wholeNumber(totals.received.count)}
        note={
          <>
            <FigureLink figure={totals.received} label={`Received, ${period}`}>
              orders
            </FigureLink>{' '}
            created in the period
          </>
        }
      />
      <Stat
        title="Completed"
        value={wholeNumber(totals.completed.count)}
        note={
          <>
            <FigureLink figure={totals.completed} label={`Completed, ${period}`}>
              reports
            </FigureLink>{' '}
            completed in the period
          </>
        }
      />
      <Stat
        title="On time"
        value={percent(onTime.rate)}
        note={
          <>
            <FigureLink figure={onTime.on_time} label={`Fulfilled on time, ${period}`} /> of{' '}
            <FigureLink figure={onTime.fulfilled} label={`Fulfilled, ${period}`} /> fulfilled;{' '}
            <FigureLink figure={onTime.late} label={`Fulfilled late, ${period}`} /> late
          </>
        }
      />
      <Stat
        title="Revision rate"
        value={percent(revisions.rate)}
        note={
          <>
            <FigureLink figure={revisions.revised} label={`Fulfilled after a revision, ${period}`} /> sent
            back before delivery
          </>
        }
      />
    </SimpleGrid>
  );
}
