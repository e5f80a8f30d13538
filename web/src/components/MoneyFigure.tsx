import { Text } from '@mantine/core';
import { money } from '../lib/money.ts';

/**
 * A sum under its label ("Total", "Your fee"), the one way pages show an amount to read at a
 * glance. The value is the API's decimal, or text it already formatted ("$1,234.50").
 */
export function MoneyFigure({
  label,
  value,
  size = 'md',
}: {
  label: string;
  value: string | number | null | undefined;
  size?: 'md' | 'xl';
}) {
  const shown = typeof value === 'string' && value.startsWith('$') ? value : money(value);
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={size === 'xl' ? 700 : 600} size={size} lh={1.2}>
        {shown}
      </Text>
    </div>
  );
}
