import { Button, Checkbox, Group, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiFailure, failureText } from '../../queries/failure.ts';
import { reviewFindingMutation, type ReportSubmission } from '../../queries/reports.ts';

type Finding = ReportSubmission['findings'][number];

/**
 * The company's review of one finding, under it: override it with the reason the report is
 * accepted despite it (or take the override back), and share it with the lender, who reads the
 * findings shared with it once the report is released. Each change is recorded with who and when.
 */
export function FindingReview({
  orderId,
  submission,
  finding,
}: {
  orderId: string;
  submission: number;
  finding: Finding;
}) {
  const review = useMutation(reviewFindingMutation(orderId, submission));
  const [writing, setWriting] = useState(false);
  const [reason, setReason] = useState('');
  // A blank reason would take an override back: the form asks for one before anything is sent.
  const [blank, setBlank] = useState(false);
  const named = { id: finding.id, field: finding.field };
  const fieldError =
    review.error instanceof ApiFailure ? review.error.fieldErrors.override_reason : undefined;
  const failure = review.isError && !fieldError ? failureText(review.error) : null;
  const override = () => {
    setBlank(!reason.trim());
    if (!reason.trim()) return;
    review.mutate(
      { ...named, override_reason: reason },
      {
        onSuccess: () => {
          setWriting(false);
          setReason('');
        },
      },
    );
  };

  return (
    <Stack gap={6} mt={6}>
      {writing ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            override();
          }}
        >
          <Stack gap={6}>
            <Textarea
              label={`Why the report is accepted despite ${finding.id}`}
              autosize
              minRows={2}
              maxLength={2000}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={
                blank ? 'Say why the report is accepted despite it' : fieldError && `The reason ${fieldError}`
              }
              data-autofocus
            />
            <Group gap="xs">
              <Button type="submit" size="compact-sm" loading={review.isPending}>
                Override {finding.id}
              </Button>
              <Button size="compact-sm" variant="default" onClick={() => setWriting(false)}>
                Keep it
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Group gap="md" wrap="wrap">
          {finding.override ? (
            <Button
              size="compact-sm"
              variant="subtle"
              loading={review.isPending}
              onClick={() => review.mutate({ ...named, override_reason: null })}
            >
              Take back the override
            </Button>
          ) : (
            <Button size="compact-sm" variant="light" onClick={() => setWriting(true)}>
              Override…
            </Button>
          )}
          <Checkbox
            size="sm"
            label="Share with the lender"
            checked={finding.shared_with_lender}
            disabled={review.isPending}
            onChange={(event) => review.mutate({ ...named, shared_with_lender: event.currentTarget.checked })}
          />
        </Group>
      )}
      {failure && (
        <Text size="sm" c="red" role="alert">
          {failure}
        </Text>
      )}
    </Stack>
  );
}
