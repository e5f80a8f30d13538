import { Modal, Stack, TextInput } from '@mantine/core';
import { notifyDone } from '../../lib/notices.ts';
import { useState, type FormEvent } from 'react';
import { DialogButtons } from '../../components/DialogButtons.tsx';
import { FormFailure } from '../../components/FormFailure.tsx';
import { sendForm } from '../../queries/form-errors.ts';
import {
  saveView,
  type ColumnKey,
  type OrderListName,
  type SavedView,
  type ViewSearch,
} from '../../queries/order-lists.ts';

const LABELS = { name: 'The name', search: 'The search', columns: 'The columns' };

/** What a view of each list keeps. */
const KEPT: Record<OrderListName, string> = {
  orders: 'The filters, the sort and the columns shown now are kept under it.',
  pipeline: 'The queue, the client and the columns shown now are kept under it.',
};

/** Names the list's search (its filters, the order list's sort) and columns as a view of the person's own. */
export function SaveViewDialog({
  list,
  search,
  columns,
  onClose,
  onSaved,
}: {
  list: OrderListName;
  search: ViewSearch;
  columns: ColumnKey[];
  onClose: () => void;
  onSaved: (view: SavedView) => void;
}) {
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    const view = await sendForm(
      () => saveView(list, { name: name.trim(), search, columns }),
      { setErrors, setFailure },
      LABELS,
    );
    setPending(false);
    if (!view) return;
    notifyDone('View saved', view.name);
    onSaved(view);
  };
  return (
    <Modal opened onClose={onClose} title="Save this view" centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <FormFailure title="Not saved" failure={failure ?? errors.search ?? errors.columns ?? null} />
          <TextInput
            label="Name"
            description={KEPT[list]}
            withAsterisk
            maxLength={60}
            data-autofocus
            value={name}
            error={errors.name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <DialogButtons keep="Cancel" confirm="Save view" onKeep={onClose} pending={pending} />
        </Stack>
      </form>
    </Modal>
  );
}
