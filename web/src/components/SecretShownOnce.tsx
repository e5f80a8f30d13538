import { Alert, Button, CopyButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifyDone } from '../lib/notices.ts';
import type { ReactNode } from 'react';

/**
 * A credential the service shows once (a webhook's signing secret, an API key, a calendar
 * address): a box to select it from, a copy button, and the warning that it will not be shown
 * again. The service keeps only its fingerprint, so once this box is gone it is gone.
 */
export function SecretShownOnce(props: {
  /** "Copy the key now: it will not be shown again". */
  title: string;
  /** What it is for, and what to do if it gets lost. */
  children: ReactNode;
  label: string;
  value: string;
  /** What the toast calls it once copied ("The key"). */
  what: string;
  /** More buttons beside Copy (open it in a calendar app). */
  actions?: ReactNode;
  onDone?: () => void;
}) {
  return (
    <Alert color="orange" variant="outline" title={props.title}>
      <Stack gap="sm">
        <Text size="sm" component="div">
          {props.children}
        </Text>
        <Textarea
          label={props.label}
          value={props.value}
          readOnly
          autosize
          minRows={1}
          onFocus={(event) => event.currentTarget.select()}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', wordBreak: 'break-all' } }}
        />
        <Group gap="xs">
          <CopyButton value={props.value} timeout={4000}>
            {({ copied, copy }) => (
              <Button
                color={copied ? 'teal' : undefined}
                onClick={() => {
                  copy();
                  notifyDone('Copied', `${props.what} is on your clipboard.`);
                }}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          {props.actions}
          {props.onDone && (
            <Button variant="default" onClick={props.onDone}>
              I have kept it
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}
