import { Anchor, Paper, Text } from '@mantine/core';
import type { Schema } from '../../../../sdk/src/client.ts';
import { textOfHtml } from '../../lib/format.ts';

/** A request kept as a note (a revision or reconsideration): who asked, when, the words, the attachments. */
export function RequestNote({ note, highlighted = false }: { note: Schema<'Note'>; highlighted?: boolean }) {
  return (
    <Paper withBorder p="sm" bg={highlighted ? 'orange.0' : undefined}>
      <Text size="sm" fw={600}>
        {note.subject ?? 'Request'} · {note.author_name} · {note.created_at}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {textOfHtml(note.content)}
      </Text>
      {note.attachments.map((attachment) => (
        <Anchor key={attachment.link} href={attachment.link} size="sm" display="block">
          {attachment.filename}
        </Anchor>
      ))}
    </Paper>
  );
}
