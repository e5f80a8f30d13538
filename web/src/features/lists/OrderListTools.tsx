import { Group } from '@mantine/core';
import type { ColumnKey, OrderListName, SavedView, ViewSearch } from '../../queries/order-lists.ts';
import { ColumnPicker } from './ColumnPicker.tsx';
import { SavedViews, type ViewChoice } from './SavedViews.tsx';

/**
 * The list's views and its column picker, in a chunk of their own: the list shows without
 * waiting for their code (the first page's script stays under its budget, docs/web.md).
 */
export function OrderListTools(props: {
  list: OrderListName;
  views: SavedView[];
  chosen: string;
  search: ViewSearch;
  available: ColumnKey[];
  columns: ColumnKey[];
  onChoose: (choice: ViewChoice) => void;
  onColumnsChosen: () => void;
}) {
  return (
    <Group justify="space-between" align="end" wrap="wrap" gap="xs" mih={60}>
      <SavedViews {...props} />
      <ColumnPicker
        list={props.list}
        available={props.available}
        shown={props.columns}
        onChosen={props.onColumnsChosen}
      />
    </Group>
  );
}
