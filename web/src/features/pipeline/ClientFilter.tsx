import { NativeSelect } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { clientsQuery } from '../../queries/clients.ts';

/** The pipeline's client filter: every client, or one (a native select: a phone's own picker). */
export function ClientFilter({
  clientId,
  onClient,
}: {
  clientId: string | undefined;
  onClient: (clientId: string | undefined) => void;
}) {
  const clients = useSuspenseQuery(clientsQuery).data;
  return (
    <NativeSelect
      label="Client"
      value={clientId ?? ''}
      onChange={(event) => onClient(event.currentTarget.value || undefined)}
      data={[
        { value: '', label: 'Every client' },
        ...clients.map((client) => ({ value: client.id, label: client.name })),
      ]}
    />
  );
}
