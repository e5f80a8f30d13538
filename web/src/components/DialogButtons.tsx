import { Button, Group } from '@mantine/core';

/**
 * A dialog's two buttons, the way out first: `keep` says what leaving keeps ("Keep the order"),
 * `confirm` what the dialog does. Red when it ends something.
 */
export function DialogButtons({
  keep = 'Close',
  confirm,
  onKeep,
  pending,
  danger = false,
}: {
  keep?: string;
  confirm: string;
  onKeep: () => void;
  pending: boolean;
  danger?: boolean;
}) {
  return (
    <Group justify="end">
      <Button variant="default" onClick={onKeep}>
        {keep}
      </Button>
      <Button type="submit" loading={pending} color={danger ? 'red' : undefined}>
        {confirm}
      </Button>
    </Group>
  );
}
