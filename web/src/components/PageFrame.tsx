import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from './PageTitle.tsx';

/**
 * A page's frame: its heading over its content, centred at a width that reads well (720 px for
 * a column of cards, wider for tables), and the browser tab named after it (`tabTitle` where the
 * tab says more than the heading, as "Users · Administration").
 */
export function PageFrame({
  title,
  tabTitle = title,
  width = 720,
  children,
}: {
  title: string;
  tabTitle?: string;
  width?: number;
  children: ReactNode;
}) {
  usePageTitle(tabTitle);
  return (
    <Stack maw={width} mx="auto" gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
