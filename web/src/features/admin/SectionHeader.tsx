import { Button, Group, Title } from '@mantine/core';

/** A tab's heading, with the button that adds to its list ("Invite a user"). */
export function SectionHeader({
  title,
  action,
  onAction,
}: {
  title: string;
  action: string;
  onAction: () => void;
}) {
  return (
    <Group justify="space-between">
      <Title order={2} size="h3">
        {title}
      </Title>
      <Button onClick={onAction}>{action}</Button>
    </Group>
  );
}
