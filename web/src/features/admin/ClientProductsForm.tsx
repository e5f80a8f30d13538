import { Button, Checkbox, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifyDone } from '../../lib/notices.ts';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormFailure } from '../../components/FormFailure.tsx';
import { clientProductsQuery, saveClientProducts } from '../../queries/clients.ts';
import { ApiFailure, failureText } from '../../queries/failure.ts';
import { problemSentence } from '../../queries/form-errors.ts';

type ProductRow = { id: string; name: string; standard_fee: string; offered: boolean; fee: string };

/** "products[2].fee": the message goes by the fee of the product at that place in the list sent. */
function feeErrorsByRow(error: Error, offered: ProductRow[]): Record<string, string> {
  const byRow: Record<string, string> = {};
  for (const detail of error instanceof ApiFailure ? (error.body?.error.details ?? []) : []) {
    const index = /^products\[(\d+)\]\.fee$/.exec(detail.field)?.[1];
    const row = index === undefined ? undefined : offered[Number(index)];
    if (row) byRow[row.id] = problemSentence(detail.field, detail.message, `The fee for ${row.name}`);
  }
  return byRow;
}

/**
 * The products the client may order, each at the standard fee or one of the client's own
 * (PUT /clients/{id}/products): orders placed from then on are charged it.
 */
export function ClientProductsForm({ clientId }: { clientId: string }) {
  const products = useQuery(clientProductsQuery(clientId));
  const [rows, setRows] = useState<ProductRow[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown: ProductRow[] =
    rows ?? (products.data?.products ?? []).map((p) => ({ ...p, fee: p.fee ?? '' }));
  const offered = shown.filter((row) => row.offered);
  const update = (id: string, change: Partial<ProductRow>) =>
    setRows(shown.map((row) => (row.id === id ? { ...row, ...change } : row)));
  const save = useMutation({
    mutationFn: () =>
      saveClientProducts(
        clientId,
        offered.map((row) => ({ product_id: row.id, fee: row.fee.trim() || null })),
      ),
    onSuccess: () => {
      setRows(null);
      setErrors({});
      notifyDone('Products saved', 'New orders of the client follow them.');
    },
    onError: (error) => {
      const byRow = feeErrorsByRow(error, offered);
      setErrors(byRow);
      if (Object.keys(byRow).length === 0)
        notifications.show({ color: 'red', title: 'Not saved', message: failureText(error) });
    },
  });
  if (products.isError)
    return <FormFailure title="The products could not be loaded" failure={failureText(products.error)} />;
  if (!products.data) return <Skeleton height={120} />;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Products and fees
      </Title>
      <Text size="sm" c="dimmed">
        The products this client may order. A fee of its own replaces the standard fee on its new orders.
      </Text>
      {shown.map((row) => (
        <Group key={row.id} wrap="nowrap" align="start" gap="sm">
          <Checkbox
            mt={8}
            style={{ flex: 1 }}
            label={row.name}
            checked={row.offered}
            onChange={(event) => update(row.id, { offered: event.currentTarget.checked })}
          />
          <TextInput
            w={130}
            label={`Fee for ${row.name}`}
            styles={{
              label: { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' },
            }}
            leftSection="$"
            inputMode="decimal"
            placeholder={row.standard_fee}
            disabled={!row.offered}
            value={row.fee}
            error={errors[row.id]}
            onChange={(event) => update(row.id, { fee: event.currentTarget.value })}
          />
        </Group>
      ))}
      <Group>
        <Button onClick={() => save.mutate()} loading={save.isPending} disabled={rows === null}>
          Save products
        </Button>
      </Group>
    </Stack>
  );
}
