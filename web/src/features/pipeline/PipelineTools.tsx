import { Group, NativeSelect } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { clientsQuery } from '../../queries/clients.ts';
import type { ColumnKey } from '../../queries/order-lists.ts';
import { ColumnPicker } from '../lists/ColumnPicker.tsx';
import { columnsOf } from '../lists/columns.tsx';

/** The pipeline's client filter (every client, or one) and its column picker. */
export function PipelineTools({
  clientId,
  columns,
  onClient,
}: {
  clientId: string | undefined;
  columns: ColumnKey[];
  onClient: (clientId: string | undefined) => void;
}) {
  const clients = useSuspenseQuery(clientsQuery).data;
  return (
    <Group gap="xs" align="end" wrap="wrap">
      <NativeSelect
        label="Client"
        value={clientId ?? ''}
        onChange={(event) => onClient(event.currentTarget.value || undefined)}
        data={[
          { value: '', label: 'Every client' },
          ...clients.map((client) => ({ value: client.id, label: client.name })),
        ]}
      />
      <ColumnPicker list="pipeline" available={columnsOf('staff')} shown={columns} />
    </Group>
  );
}
