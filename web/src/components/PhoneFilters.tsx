import { Button, Collapse, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

/**
 * Filters in full on a wide screen; on a phone behind one button that says what is chosen
 * ("Filters: In review (12)"), so that the first order is on the first screen and not under
 * rows of fields. `closeOnChoice`: a choice made inside closes them (a queue tile: its orders
 * are what the person came for).
 */
export function PhoneFilters({
  summary,
  closeOnChoice = false,
  children,
}: {
  summary: string;
  closeOnChoice?: boolean;
  children: ReactNode;
}) {
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [open, { toggle, close }] = useDisclosure(false);
  if (wide) return children;
  return (
    <>
      <Button variant="default" onClick={toggle} aria-expanded={open} justify="space-between" fullWidth>
        {summary}
      </Button>
      <Collapse expanded={open}>
        <Stack gap="sm" pt="sm" onClickCapture={closeOnChoice ? close : undefined}>
          {children}
        </Stack>
      </Collapse>
    </>
  );
}
