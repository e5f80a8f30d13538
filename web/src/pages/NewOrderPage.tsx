import { Alert, Select, Skeleton, Stack, Title } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usePageTitle } from '../components/PageTitle.tsx';
import { NewOrderForm } from '../features/new-order/NewOrderForm.tsx';
import { clientsQuery, configurationQuery } from '../queries/new-order.ts';
import { useSession } from '../queries/session.ts';

/**
 * A new order, built from the client's configuration: the companies it orders from, each
 * company's products and payment methods, the client's users and the property types. A staff
 * member first picks the client. Saved as a draft or placed at once; the API's 422 messages
 * show next to the fields they name.
 */
export function NewOrderPage() {
  usePageTitle('New order');
  const session = useSession();
  const isClient = session?.user.role === 'client';
  const ownOrganization = session?.user.organization_id ?? null;
  return (
    <Stack maw={960} mx="auto" gap="md">
      <Title order={1} size="h2">
        New order
      </Title>
      {!isClient ? (
        <ChooseClient />
      ) : (
        ownOrganization && <ForClient clientId={ownOrganization} orderedFor={null} />
      )}
    </Stack>
  );
}

/** Staff order for a lender: the client first, then its form. */
function ChooseClient() {
  const clients = useSuspenseQuery(clientsQuery).data;
  const [clientId, setClientId] = useState<string | null>(null);
  return (
    <>
      <Select
        label="Client"
        withAsterisk
        searchable
        placeholder="Choose the lender"
        data={clients.map((client) => ({ value: client.id, label: client.name }))}
        value={clientId}
        onChange={setClientId}
      />
      {clientId && <ForClient key={clientId} clientId={clientId} orderedFor={clientId} />}
    </>
  );
}

/** The form, once the client's configuration is here. */
function ForClient({ clientId, orderedFor }: { clientId: string; orderedFor: string | null }) {
  const configuration = useQuery(configurationQuery(clientId));
  if (configuration.isPending) return <Skeleton height={400} />;
  if (configuration.isError)
    return (
      <Alert color="red" role="alert" title="The client's configuration could not be loaded">
        {configuration.error.message}
      </Alert>
    );
  return <NewOrderForm configuration={configuration.data} clientId={orderedFor} />;
}
