import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled part of a page (the account's password, its API keys), named for a screen reader. */
export function SectionCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder component="section" aria-label={title}>
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
