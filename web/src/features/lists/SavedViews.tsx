import { Button, Group, NativeSelect } from '@mantine/core';
import { notifyDone } from '../../lib/notices.ts';
import { lazy, Suspense, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import {
  deleteView,
  type ColumnKey,
  type OrderListName,
  type SavedView,
  type ViewSearch,
} from '../../queries/order-lists.ts';

// Opened now and then: its code loads when it is.
const SaveViewDialog = lazy(() =>
  import('./SaveViewDialog.tsx').then((m) => ({ default: m.SaveViewDialog })),
);

/** The choice of no view ("All orders"), the built-in "My orders", or one of the person's views. */
export type ViewChoice = { kind: 'all' } | { kind: 'mine' } | { kind: 'saved'; view: SavedView };

/** Each list's views before the person's own: the order list has "My orders", the pipeline none. */
const BUILT_IN: Record<OrderListName, { value: '' | 'mine'; label: string }[]> = {
  orders: [
    { value: '', label: 'All orders' },
    { value: 'mine', label: 'My orders' },
  ],
  pipeline: [{ value: '', label: 'No saved view' }],
};

/**
 * The views of a list, to pick from (a native select: a phone's own picker), with **Save view**
 * for the search shown and **Delete view** for the saved view shown (asking first).
 */
export function SavedViews({
  list,
  views,
  chosen,
  search,
  columns,
  onChoose,
}: {
  list: OrderListName;
  views: SavedView[];
  /** '' none, 'mine' (the order list), or a saved view's id. */
  chosen: string;
  search: ViewSearch;
  columns: ColumnKey[];
  onChoose: (choice: ViewChoice) => void;
}) {
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const shown = views.find((view) => view.id === chosen);
  const choose = (value: string) => {
    const view = views.find((saved) => saved.id === value);
    onChoose(view ? { kind: 'saved', view } : value === 'mine' ? { kind: 'mine' } : { kind: 'all' });
  };
  const remove = async () => {
    if (!shown) return;
    try {
      await deleteView(list, shown.id);
      notifyDone('View deleted', shown.name);
      setDeleting(false);
      onChoose({ kind: 'all' });
    } catch (error) {
      setFailure(error);
    }
  };
  return (
    <Group gap="xs" align="end" wrap="wrap">
      <NativeSelect
        label="View"
        value={chosen}
        onChange={(event) => choose(event.currentTarget.value)}
        data={[
          ...BUILT_IN[list],
          ...(views.length > 0
            ? [
                {
                  group: 'My saved views',
                  items: views.map((view) => ({ value: view.id, label: view.name })),
                },
              ]
            : []),
        ]}
      />
      <Button variant="default" onClick={() => setSaving(true)}>
        Save view
      </Button>
      {shown && (
        <Button variant="default" color="red" onClick={() => setDeleting(true)}>
          Delete view
        </Button>
      )}
      {saving && (
        <Suspense fallback={null}>
          <SaveViewDialog
            list={list}
            search={search}
            columns={columns}
            onClose={() => setSaving(false)}
            onSaved={(view) => {
              setSaving(false);
              onChoose({ kind: 'saved', view });
            }}
          />
        </Suspense>
      )}
      <ConfirmDialog
        opened={deleting}
        title={`Delete the view "${shown?.name ?? ''}"?`}
        confirm="Delete view"
        onConfirm={() => void remove()}
        onClose={() => {
          setDeleting(false);
          setFailure(null);
        }}
        error={failure}
      >
        The orders stay as they are; only this view of the list goes.
      </ConfirmDialog>
    </Group>
  );
}
