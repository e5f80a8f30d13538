import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A label and its value on one line (a detail of an order, a figure of a card). */
export function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="start">
      <Text size="sm" c="dimmed" w={130} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
}
