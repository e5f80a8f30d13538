import { Button, Stack, Switch, Text } from '@mantine/core';
import { GrowingTextarea } from '../../components/GrowingTextarea.tsx';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Order } from '../../../../sdk/src/client.ts';
import { textOfHtml } from '../../lib/format.ts';
import { actionMutation, nowText, type Action } from '../../queries/actions.ts';
import { ApiFailure, failureText } from '../../queries/failure.ts';
import type { Note } from '../../queries/order-records.ts';

/** One of the company's answers to a request: the action, and what the person is told after. */
function useRequestAction(order: Order, done: string) {
  const mutation = useMutation(
    actionMutation(order.id, (result) =>
      notifications.show({ color: 'teal', title: done, message: nowText(result) }),
    ),
  );
  const take = (action: Action) => (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(action);
  };
  const errors = mutation.error instanceof ApiFailure ? mutation.error.fieldErrors : {};
  const failure = mutation.isError && !errors.comments ? failureText(mutation.error) : null;
  return { take, pending: mutation.isPending, commentsError: errors.comments, failure };
}

const Failure = ({ text }: { text: string | null }) =>
  text && (
    <Text c="red" size="sm" role="alert">
      {text}
    </Text>
  );

/** The request passed on to the appraiser: the lender's words, or the company's, with its attachments or not. */
export function ForwardRequestForm({ order, note }: { order: Order; note: Note | null }) {
  const written = note ? textOfHtml(note.content) : '';
  // Null until the person edits it: the lender's words, whenever they arrive.
  const [edited, setText] = useState<string | null>(null);
  const text = edited ?? written;
  const [withAttachments, setWithAttachments] = useState(true);
  const forward = useRequestAction(order, 'Forwarded to the appraiser');
  // Unchanged, the lender's words go as written (with their formatting).
  const body = {
    ...(text.trim() !== written.trim() ? { comments: text } : {}),
    include_attachments: withAttachments,
  };
  return (
    <form onSubmit={forward.take({ action: 'forward_request', body })}>
      <Stack gap="xs">
        <GrowingTextarea
          label="Forward to the appraiser"
          description="As the lender wrote it, or in your words: the appraiser reads this."
          minRows={3}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={forward.commentsError}
        />
        {note && note.attachments.length > 0 && (
          <Switch
            label="Pass on its attachments"
            checked={withAttachments}
            onChange={(event) => setWithAttachments(event.currentTarget.checked)}
          />
        )}
        <Failure text={forward.failure} />
        <Button
          type="submit"
          loading={forward.pending}
          disabled={!order.allowed_transitions.includes('forward_request')}
        >
          Forward to the appraiser
        </Button>
      </Stack>
    </form>
  );
}

/** The company answers the lender itself: the order returns where it was. */
export function AnswerRequestForm({ order, returnsTo }: { order: Order; returnsTo: string }) {
  const [answer, setAnswer] = useState('');
  const reply = useRequestAction(order, 'Answer sent to the lender');
  return (
    <form onSubmit={reply.take({ action: 'answer_request', body: { comments: answer } })}>
      <Stack gap="xs">
        <GrowingTextarea
          label="Or answer the lender yourself"
          description={`The report is not sent back: the order returns to ${returnsTo}.`}
          minRows={3}
          value={answer}
          onChange={(event) => setAnswer(event.currentTarget.value)}
          error={reply.commentsError}
        />
        <Failure text={reply.failure} />
        <Button
          type="submit"
          variant="outline"
          loading={reply.pending}
          disabled={!order.allowed_transitions.includes('answer_request')}
        >
          Send the answer
        </Button>
      </Stack>
    </form>
  );
}
