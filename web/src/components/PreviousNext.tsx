import { Button, Group, Text } from '@mantine/core';
import { wholeNumber } from '../lib/format.ts';

/**
 * Pages of a list whose total is an estimate: no last page and no page count promised, only
 * the page shown, Previous, and Next while another page follows.
 */
export function PreviousNext({
  current,
  onChange,
  hasNext,
}: {
  current: number;
  onChange: (page: number) => void;
  hasNext: boolean;
}) {
  return (
    <Group justify="center" gap="sm" role="navigation" aria-label="Pages">
      <Button variant="default" disabled={current <= 1} onClick={() => onChange(current - 1)}>
        Previous
      </Button>
      <Text size="sm" aria-current="page">
        Page {wholeNumber(current)}
      </Text>
      <Button variant="default" disabled={!hasNext} onClick={() => onChange(current + 1)}>
        Next
      </Button>
    </Group>
  );
}
