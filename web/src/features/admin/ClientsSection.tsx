import { Button, Group, Modal, Stack, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SectionHeader } from './SectionHeader.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { clientsQuery } from '../../queries/clients.ts';
import { ClientOrderVisibility } from './ClientOrderVisibility.tsx';
import { ClientProductsForm } from './ClientProductsForm.tsx';
import { ClientSettingsForm } from './ClientSettingsForm.tsx';
import { NewClientForm } from './NewClientForm.tsx';

type Client = { id: string; name: string };

/** The clients (lenders) the company serves: create one, and set how the company works with each. */
export function ClientsSection() {
  const clients = useQuery(clientsQuery);
  const [creating, setCreating] = useState(false);
  const [settingsOf, setSettingsOf] = useState<Client | null>(null);
  return (
    <Stack gap="md">
      <SectionHeader title="Clients" action="New client" onAction={() => setCreating(true)} />
      <DataTable
        label="Clients"
        rows={clients.data}
        rowKey={(client) => client.id}
        pending={clients.isPending}
        error={clients.error}
        empty="No clients yet."
        minWidth={420}
        columns={[
          { header: 'Name', cell: (client) => <strong>{client.name}</strong> },
          {
            header: <VisuallyHidden>Actions</VisuallyHidden>,
            cell: (client) => (
              <Group justify="flex-end">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setSettingsOf(client)}
                  aria-label={`Settings for ${client.name}`}
                >
                  Settings
                </Button>
              </Group>
            ),
          },
        ]}
      />
      <Modal opened={creating} onClose={() => setCreating(false)} title="New client" size="lg">
        <NewClientForm onDone={() => setCreating(false)} />
      </Modal>
      <Modal
        opened={settingsOf !== null}
        onClose={() => setSettingsOf(null)}
        title={settingsOf ? `Settings for ${settingsOf.name}` : ''}
        size="lg"
      >
        {settingsOf && (
          <Stack gap="lg">
            <ClientSettingsForm clientId={settingsOf.id} />
            <ClientOrderVisibility clientId={settingsOf.id} />
            <ClientProductsForm clientId={settingsOf.id} />
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
