import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A titled part of a page (an order's Files, the account's API keys, a form's Borrower): a
 * bordered card under its heading, named for a screen reader when its title is words.
 */
export function SectionCard({
  title,
  intro,
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder component="section" aria-label={typeof title === 'string' ? title : undefined}>
      <Title order={2} size="h4">
        {title}
      </Title>
      {intro && (
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
      )}
      <Stack mt="sm" gap="sm">
        {children}
      </Stack>
    </Card>
  );
}
