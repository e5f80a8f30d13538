import { Button, Skeleton, Stack } from '@mantine/core';
import { InlineFailure } from '../../components/InlineFailure.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Order } from '../../../../sdk/src/client.ts';
import { notesQuery, type Note } from '../../queries/order-records.ts';
import { ForwardNoteDialog } from './ForwardNoteDialog.tsx';
import { NoteForm } from './NoteForm.tsx';
import { NoteItem } from './NoteItem.tsx';

/**
 * The order's notes that reach the person, each marked with who reads it, and a form to write
 * one. The company's staff pass a note on to the other side (Forward).
 */
export function NotesCard({ order }: { order: Order }) {
  const notes = useQuery(notesQuery(order.id));
  const [forwarding, setForwarding] = useState<Note | null>(null);
  // The company's staff read every note, and pass them on.
  const company = order.message_audiences.choices.includes('internal');
  return (
    <SectionCard title="Notes">
      <NoteForm order={order} />
      <Stack gap="xs" mt="md">
        {notes.isPending && <Skeleton height={60} />}
        <InlineFailure error={notes.error} />
        {notes.data?.map((note) => (
          <NoteItem key={note.id} note={note}>
            {company && note.audience !== 'everyone' && (
              <Button
                variant="subtle"
                size="compact-sm"
                mt={4}
                onClick={() => setForwarding(note)}
                aria-label={`Forward the note of ${note.author_name}`}
              >
                Forward
              </Button>
            )}
          </NoteItem>
        ))}
      </Stack>
      {forwarding && (
        <ForwardNoteDialog orderId={order.id} note={forwarding} onClose={() => setForwarding(null)} />
      )}
    </SectionCard>
  );
}
