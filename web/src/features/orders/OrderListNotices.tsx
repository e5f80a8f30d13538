import { Alert, Button, Group, Text } from '@mantine/core';

/**
 * What the list says above itself: that the status its link names is none the service knows
 * (the list shows every status instead), and which dashboard figure its orders are.
 */
export function OrderListNotices({
  unknownStatus,
  figure,
  onClearStatus,
  onClearFigure,
}: {
  unknownStatus: string | undefined;
  /** The dashboard figure's label, when the list shows a figure's orders. */
  figure: string | null;
  onClearStatus: () => void;
  onClearFigure: () => void;
}) {
  return (
    <>
      {unknownStatus && (
        <Alert color="yellow" variant="light" title="Unknown status in the link">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">
              No status is called “{unknownStatus}”, so every status is shown. Choose one below.
            </Text>
            <Button size="xs" variant="default" onClick={onClearStatus}>
              Remove it from the address
            </Button>
          </Group>
        </Alert>
      )}
      {figure !== null && (
        <Alert color="indigo" variant="light" title="Orders behind a figure of the dashboard">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">{figure}</Text>
            <Button size="xs" variant="default" onClick={onClearFigure}>
              Show all orders
            </Button>
          </Group>
        </Alert>
      )}
    </>
  );
}
