import { Badge } from '@mantine/core';
import { AUDIENCE_COLORS, AUDIENCE_LABELS, type Audience } from './audiences.ts';

/**
 * Who reads a note or sees a file: the words in the page's own text colour beside a dot in the
 * audience's colour (as the status badge does: coloured text on its tint is too faint to read).
 */
export function AudienceBadge({ audience }: { audience: Audience }) {
  return (
    <Badge
      size="sm"
      variant="dot"
      radius="sm"
      tt="none"
      color={AUDIENCE_COLORS[audience]}
      style={{ flexShrink: 0 }}
    >
      {AUDIENCE_LABELS[audience]}
    </Badge>
  );
}

/** Whether the lender has a report file yet (the company releases it after its review): the report card says more. */
export function ReleaseBadge({ released }: { released: boolean }) {
  return (
    <Badge size="sm" variant="dot" radius="sm" tt="none" color={released ? 'teal' : 'orange'}>
      {released ? 'Released' : 'Not released'}
    </Badge>
  );
}
