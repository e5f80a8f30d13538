import { Card, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled part of a page (an order's Files, a form's Borrower): a bordered card under its heading. */
export function SectionCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}
