import { Alert, Button, Card, List, Title } from '@mantine/core';
import { useState } from 'react';
import { failureText } from '../../queries/failure.ts';
import { SLOTS, type SlotState } from './report-files.ts';

/** The last step: what is there and what is missing, then submit (refused while a file is missing). */
export function SubmitCheck({
  slots,
  missing,
  pending,
  error,
  label,
  onSubmit,
}: {
  slots: Record<string, SlotState>;
  missing: typeof SLOTS;
  pending: boolean;
  error: unknown;
  label: string;
  onSubmit: () => void;
}) {
  const [checked, setChecked] = useState(false);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="check-title">
      <Title order={2} size="h4" id="check-title" mb="xs">
        {SLOTS.length + 1}. Check and send
      </Title>
      <List size="sm" spacing={4} mb="sm">
        {SLOTS.map((slot) => (
          <List.Item key={slot.key}>
            {slot.label}: {slots[slot.key]?.state === 'done' ? `✓ ${slots[slot.key]!.file.name}` : 'missing'}
          </List.Item>
        ))}
      </List>
      {checked && missing.length > 0 && (
        <Alert color="red" role="alert" mb="sm">
          Still needed: {missing.map((slot) => slot.label).join(', ')}.
        </Alert>
      )}
      {error !== null && error !== undefined && (
        <Alert color="red" role="alert" mb="sm">
          {failureText(error)}
        </Alert>
      )}
      <Button
        size="md"
        fullWidth
        loading={pending}
        onClick={() => {
          setChecked(true);
          if (missing.length === 0) onSubmit();
        }}
      >
        {label}
      </Button>
    </Card>
  );
}
