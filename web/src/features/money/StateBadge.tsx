import { Badge } from '@mantine/core';

/**
 * A money state ("31–60 days late", "Held", "Approved: to pay"): its words in the page's own text
 * colour beside a dot of its colour, as an order's status (the light variant's coloured text is
 * under 4.5:1 on its tint, on a striped row more so).
 */
export function StateBadge({ words, title }: { words: { label: string; color: string }; title?: string }) {
  return (
    <Badge variant="dot" radius="sm" tt="none" color={words.color} title={title} style={{ flexShrink: 0 }}>
      {words.label}
    </Badge>
  );
}
