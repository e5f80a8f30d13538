import { Button, Collapse } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import type { Queue } from './QueueTable.tsx';

/**
 * The queues, in full on a wide screen; on a phone behind a "Filters" button naming the queue
 * shown, so that the first order is on the first screen and not four rows of tiles down.
 */
export function QueueFilters({ chosen, children }: { chosen: Queue | undefined; children: ReactNode }) {
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [open, { toggle, close }] = useDisclosure(false);
  if (wide) return children;
  return (
    <>
      <Button variant="default" onClick={toggle} aria-expanded={open} justify="space-between" fullWidth>
        Filters{chosen ? `: ${chosen.name} (${chosen.count.toLocaleString()})` : ''}
      </Button>
      <Collapse expanded={open}>
        {/* A queue chosen closes the tiles: its orders are what the person came for. */}
        <div onClickCapture={close}>{children}</div>
      </Collapse>
    </>
  );
}
