import { Button, Checkbox, Group, Popover, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { chooseColumns, type ColumnKey, type OrderListName } from '../../queries/order-lists.ts';
import { failureText } from '../../queries/failure.ts';
import { COLUMN_LABELS } from './columns.tsx';

/**
 * Which columns a list shows: a box per column the person may see, kept by the service at each
 * change (it follows them to another device); "Default columns" goes back to their role's.
 */
export function ColumnPicker({
  list,
  available,
  shown,
  onChosen,
}: {
  list: OrderListName;
  available: ColumnKey[];
  shown: ColumnKey[];
  /** After a choice (a saved view shown until then gives way to the person's own columns). */
  onChosen?: () => void;
}) {
  // What the boxes show while the picker is open: the person's clicks at once, whatever the
  // service's answers to the ones before are doing.
  const [picked, setPicked] = useState<ColumnKey[] | null>(null);
  const keep = (columns: ColumnKey[] | null) => {
    setPicked(columns);
    onChosen?.();
    chooseColumns(list, columns).catch((error: unknown) =>
      notifications.show({ color: 'red', title: 'The columns were not kept', message: failureText(error) }),
    );
  };
  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus onClose={() => setPicked(null)}>
      <Popover.Target>
        <Button variant="default">Columns</Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Checkbox.Group
            label="Columns shown"
            value={picked ?? shown}
            onChange={(values) => keep(available.filter((key) => values.includes(key)))}
          >
            <Stack gap={6} mt="xs">
              {available.map((key) => (
                <Checkbox key={key} value={key} label={COLUMN_LABELS[key]} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button size="xs" variant="subtle" onClick={() => keep(null)}>
              Default columns
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
