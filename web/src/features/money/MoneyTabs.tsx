import { Button, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** The company's two sides of the money, one link each: what lenders owe, what appraisers are owed. */
export function MoneyTabs({ current }: { current: '/receivables' | '/payables' }) {
  return (
    <Group gap="xs" component="nav" aria-label="Money">
      {(
        [
          ['/receivables', 'Receivables'],
          ['/payables', 'Payables'],
        ] as const
      ).map(([to, label]) => (
        <Button
          key={to}
          component={Link}
          to={to}
          variant={to === current ? 'light' : 'subtle'}
          aria-current={to === current ? 'page' : undefined}
          size="sm"
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}
