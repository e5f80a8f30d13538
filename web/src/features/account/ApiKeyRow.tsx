import { Badge, Button, Card, Code, Group, Text } from '@mantine/core';
import { notifyDone } from '../../lib/notices.ts';
import { useMutation } from '@tanstack/react-query';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { dateTime } from '../../lib/format.ts';
import { revokeApiKey, type ApiKey } from '../../queries/account.ts';

export const keyName = (key: { label: string | null }) => key.label ?? 'Unnamed key';

export function ApiKeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  return (
    <Card component="li" withBorder padding="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} c={apiKey.revoked_at ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }}>
            {keyName(apiKey)}
          </Text>
          <Text size="sm" c="dimmed">
            <Code>{apiKey.prefix}…</Code> · issued {dateTime(apiKey.created_at)}
          </Text>
        </div>
        {apiKey.revoked_at ? (
          <Badge color="gray" variant="light" radius="sm" tt="none">
            Revoked {dateTime(apiKey.revoked_at)}
          </Badge>
        ) : (
          <Button
            variant="outline"
            color="red"
            size="xs"
            onClick={onRevoke}
            aria-label={`Revoke ${keyName(apiKey)}`}
          >
            Revoke
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** Revoking stops the key at once; the dialog says so before it happens. */
export function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const revoke = useMutation({
    mutationFn: () => revokeApiKey(apiKey.id),
    onSuccess: () => {
      notifyDone('API key revoked', `“${keyName(apiKey)}” no longer works.`);
      onClose();
    },
  });
  return (
    <ConfirmDialog
      opened
      title={`Revoke “${keyName(apiKey)}”?`}
      confirm="Revoke the key"
      pending={revoke.isPending}
      error={revoke.error}
      errorTitle="The key was not revoked"
      onConfirm={() => revoke.mutate()}
      onClose={onClose}
    >
      Programs using the key <Code>{apiKey.prefix}…</Code> get “not authenticated” from now on. This cannot be
      undone; a new key can be issued.
    </ConfirmDialog>
  );
}
