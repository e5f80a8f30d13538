import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiFailure, failureText } from '../../queries/failure.ts';
import { api, unwrap } from '../../queries/sdk.ts';
import { ClientOrderVisibility, ClientSettingsForm } from './ClientSettingsForm.tsx';
import { formErrorsOf } from './form-errors.ts';

/** The clients (lenders) the company serves: create one, and set how the company works with each. */
export function ClientsSection() {
  const clients = useQuery({
    queryKey: ['clients'],
    queryFn: async () => unwrap(await api.GET('/api/v1/clients', { params: { query: { per_page: 100 } } })),
  });
  const [creating, setCreating] = useState(false);
  const [settingsOf, setSettingsOf] = useState<{ id: string; name: string } | null>(null);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Clients
        </Title>
        <Button onClick={() => setCreating(true)}>New client</Button>
      </Group>
      {clients.isError && (
        <Alert color="red" role="alert" title="The clients could not be loaded">
          {clients.error.message}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={420}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-label="Clients">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {clients.isPending &&
              Array.from({ length: 4 }, (_, i) => (
                <Table.Tr key={i}>
                  <Table.Td colSpan={2}>
                    <Skeleton height={20} />
                  </Table.Td>
                </Table.Tr>
              ))}
            {clients.data?.map((client) => (
              <Table.Tr key={client.id}>
                <Table.Td fw={500}>{client.name}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setSettingsOf(client)}
                    aria-label={`Settings for ${client.name}`}
                  >
                    Settings
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {clients.data?.length === 0 && <Text c="dimmed">No clients yet.</Text>}
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

const API_FIELDS = {
  name: 'organization.name',
  client_type_id: 'organization.client_type_id',
  address_one: 'organization.address_attributes.address_one',
  address_two: 'organization.address_attributes.address_two',
  city: 'organization.address_attributes.city',
  state: 'organization.address_attributes.state',
  zip: 'organization.address_attributes.zip',
  contact_name: 'organization.contacts_attributes[0].name',
  contact_email: 'organization.contacts_attributes[0].emails[0]',
  contact_phone: 'organization.contacts_attributes[0].phones_attributes[0].phone_number',
};
const LABELS = {
  name: 'The name',
  client_type_id: 'The type',
  address_one: 'The street',
  address_two: 'The suite',
  city: 'The city',
  state: 'The state',
  zip: 'The ZIP',
  contact_name: "The contact's name",
  contact_email: "The contact's email",
  contact_phone: "The contact's phone",
};

/** The interface's organization fields: name, type, address, a first contact, and the products. */
function NewClientForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const types = useQuery({
    queryKey: ['client-types'],
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/client_types', { params: { query: { per_page: 100 } } })),
    staleTime: 3_600_000,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      name: '',
      client_type_id: '',
      address_one: '',
      address_two: '',
      city: '',
      state: '',
      zip: '',
      contact_name: '',
      contact_email: '',
      contact_phone: '',
      add_all_products: true,
    },
  });
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    const contact = values.contact_name.trim()
      ? [
          {
            name: values.contact_name.trim(),
            emails: values.contact_email.trim() ? [values.contact_email.trim()] : [],
            phones_attributes: values.contact_phone.trim()
              ? [{ phone_number: values.contact_phone.trim(), phone_type: 'work' }]
              : [],
          },
        ]
      : [];
    try {
      const created = unwrap(
        await api.POST('/api/v1/clients', {
          body: {
            organization: {
              name: values.name,
              client_type_id: values.client_type_id,
              add_all_products: values.add_all_products,
              address_attributes: {
                address_one: values.address_one,
                address_two: values.address_two.trim() || null,
                city: values.city,
                state: values.state,
                zip: values.zip,
              },
              contacts_attributes: contact,
            },
          },
        }),
      );
      notifications.show({
        color: 'teal',
        title: 'Client created',
        message: `${created.client.name} can now place orders.`,
      });
      await queryClient.invalidateQueries({ queryKey: ['clients'] });
      onDone();
    } catch (error) {
      const { fields, rest } = formErrorsOf(error, API_FIELDS, LABELS);
      form.setErrors(fields);
      setFailure(rest);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" role="alert" title="The client was not created">
            {failure}
          </Alert>
        )}
        <TextInput label="Name" withAsterisk maxLength={200} data-autofocus {...form.getInputProps('name')} />
        <Select
          label="Type"
          withAsterisk
          placeholder="Bank, credit union, …"
          data={(types.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
          {...form.getInputProps('client_type_id')}
        />
        <TextInput label="Street" withAsterisk maxLength={200} {...form.getInputProps('address_one')} />
        <TextInput label="Suite or unit" maxLength={200} {...form.getInputProps('address_two')} />
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <TextInput label="City" withAsterisk maxLength={100} {...form.getInputProps('city')} />
          <TextInput
            label="State"
            withAsterisk
            placeholder="TX"
            maxLength={40}
            {...form.getInputProps('state')}
          />
          <TextInput
            label="ZIP"
            withAsterisk
            maxLength={10}
            inputMode="numeric"
            {...form.getInputProps('zip')}
          />
        </SimpleGrid>
        <Card withBorder padding="sm">
          <Text fw={500} size="sm" mb="xs">
            Contact
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <TextInput label="Contact name" maxLength={200} {...form.getInputProps('contact_name')} />
            <TextInput
              label="Contact email"
              type="email"
              maxLength={254}
              {...form.getInputProps('contact_email')}
            />
            <TextInput
              label="Contact phone"
              type="tel"
              maxLength={30}
              {...form.getInputProps('contact_phone')}
            />
          </SimpleGrid>
        </Card>
        <Switch
          label="Offer all of the company's products to this client"
          {...form.getInputProps('add_all_products', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            Create client
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type ProductRow = { id: string; name: string; standard_fee: string; offered: boolean; fee: string };

/**
 * The products the client may order, each at the standard fee or one of the client's own
 * (PUT /clients/{id}/products): orders placed from then on are charged it.
 */
function ClientProductsForm({ clientId }: { clientId: string }) {
  const queryClient = useQueryClient();
  const key = ['client-products', clientId];
  const products = useQuery({
    queryKey: key,
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/clients/{client_id}/products', { params: { path: { client_id: clientId } } }),
      ),
  });
  const [rows, setRows] = useState<ProductRow[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown: ProductRow[] =
    rows ?? (products.data?.products ?? []).map((p) => ({ ...p, fee: p.fee ?? '' }));
  const update = (id: string, change: Partial<ProductRow>) =>
    setRows(shown.map((row) => (row.id === id ? { ...row, ...change } : row)));
  const save = useMutation({
    mutationFn: async () => {
      const offered = shown.filter((row) => row.offered);
      return {
        offered,
        saved: unwrap(
          await api.PUT('/api/v1/clients/{client_id}/products', {
            params: { path: { client_id: clientId } },
            body: {
              products: offered.map((row) => ({ product_id: row.id, fee: row.fee.trim() || null })),
            },
          }),
        ),
      };
    },
    onSuccess: ({ saved }) => {
      queryClient.setQueryData(key, saved);
      setRows(null);
      setErrors({});
      notifications.show({
        color: 'teal',
        title: 'Products saved',
        message: 'New orders of the client follow them.',
      });
    },
    onError: (error) => {
      // "products[2].fee": the message goes by the fee of the product at that place in the list sent.
      const offered = shown.filter((row) => row.offered);
      const byRow: Record<string, string> = {};
      if (error instanceof ApiFailure)
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          const index = /^products\[(\d+)\]\.fee$/.exec(field)?.[1];
          if (index !== undefined && offered[Number(index)])
            byRow[offered[Number(index)]!.id] = `The fee ${message}`;
        }
      setErrors(byRow);
      if (Object.keys(byRow).length === 0)
        notifications.show({ color: 'red', title: 'Not saved', message: failureText(error) });
    },
  });
  if (products.isError)
    return (
      <Alert color="red" role="alert" title="The products could not be loaded">
        {products.error.message}
      </Alert>
    );
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
