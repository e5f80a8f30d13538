import { Alert, Button, Card, FileButton, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SlotState } from './report-files.ts';

/**
 * One file of the report: choose it, watch it go, retry it alone if it failed; what the service
 * could not read in it (`problem`) stands under it.
 */
export function FileSlot({
  step,
  label,
  hint,
  accept,
  state,
  onChoose,
  onRetry,
  problem,
}: {
  step: number;
  label: string;
  hint: string;
  accept: string;
  state: SlotState | undefined;
  onChoose: (file: File) => void;
  onRetry: () => void;
  problem?: ReactNode;
}) {
  const id = `slot-${step}`;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id}>
      <Stack gap="xs">
        <div>
          <Title order={2} size="h4" id={id}>
            {step}. {label}
          </Title>
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        </div>
        {state && (
          <>
            <Text size="sm" truncate>
              {state.file.name} ·{' '}
              {state.state === 'done' ? 'Uploaded' : state.state === 'failed' ? 'Not uploaded' : 'Uploading…'}
            </Text>
            <Progress
              value={state.progress * 100}
              aria-label={`Upload of ${label}`}
              color={state.state === 'failed' ? 'red' : state.state === 'done' ? 'teal' : undefined}
              size="lg"
              striped={state.state === 'uploading'}
              animated={state.state === 'uploading'}
            />
            {state.state === 'failed' && (
              <Alert color="red" role="alert">
                {state.error} The other files stay uploaded.
              </Alert>
            )}
          </>
        )}
        {problem}
        <Group gap="xs">
          {state?.state === 'failed' && <Button onClick={onRetry}>Retry {label}</Button>}
          <FileButton onChange={(file) => file && onChoose(file)} accept={accept}>
            {(props) => (
              <Button
                {...props}
                variant={state ? 'default' : 'filled'}
                disabled={state?.state === 'uploading'}
                aria-label={state ? `Choose another ${label}` : `Choose the ${label}`}
              >
                {state ? 'Choose another file' : 'Choose file'}
              </Button>
            )}
          </FileButton>
        </Group>
      </Stack>
    </Card>
  );
}
