import { Anchor, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Note } from '../../queries/order-records.ts';
import { dateTime, textOfHtml } from '../../lib/format.ts';
import { AudienceBadge } from './AudienceBadge.tsx';

/**
 * One note as every list shows it: who wrote it and when, who reads it, its subject, its words
 * (sanitized HTML read as text) and its attachments. The notes card and a lender's request
 * (a revision or reconsideration kept as a note) both show it so.
 */
export function NoteItem({
  note,
  highlighted = note.important === true,
  withAudience = true,
  children,
}: {
  note: Note;
  highlighted?: boolean;
  withAudience?: boolean;
  /** What the reader may do with it (staff: Forward). */
  children?: ReactNode;
}) {
  return (
    <Paper withBorder p="sm" bg={highlighted ? 'orange.0' : undefined}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="start">
        <Text size="xs" c="dimmed">
          {note.author_name} · {dateTime(note.created_at_iso)}
          {note.important ? ' · important' : ''}
          {note.forwarded_from ? ` · forwarded from ${note.forwarded_from.author_name}` : ''}
        </Text>
        {withAudience && <AudienceBadge audience={note.audience} />}
      </Group>
      {note.subject && (
        <Text fw={600} size="sm">
          {note.subject}
        </Text>
      )}
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {textOfHtml(note.content)}
      </Text>
      {note.attachments.map((attachment) => (
        <Anchor key={attachment.link} href={attachment.link} size="sm" display="block" mih={24} py={2}>
          {attachment.filename}
        </Anchor>
      ))}
      {children}
    </Paper>
  );
}
