import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Order } from '../../../../sdk/src/client.ts';
import { ApiFailure, failureText } from '../../queries/failure.ts';
import { api, unwrap } from '../../queries/sdk.ts';
import { sessionQuery } from '../../queries/session.ts';

/** Who is involved (borrower, agents, loan officer…), with tap-to-call and mail links; add one. */
export function PartiesCard({ order }: { order: Order }) {
  const [adding, setAdding] = useState(false);
  // Appraisers see the parties (to call them) but the lender and the company keep the list.
  const mayAdd = useQuery(sessionQuery).data?.user.role !== 'appraiser';
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Parties
        </Title>
        {mayAdd && (
          <Button size="xs" variant="light" onClick={() => setAdding(true)}>
            Add a party
          </Button>
        )}
      </Group>
      <Stack gap="xs">
        {order.parties.length === 0 && (
          <Text c="dimmed" size="sm">
            No parties yet.
          </Text>
        )}
        {order.parties.map((party) => (
          <div key={party.id}>
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {party.name}
              </Text>
              <Text size="sm" c="dimmed">
                {party.role}
              </Text>
              {party.poc && (
                <Badge size="xs" variant="light">
                  Point of contact
                </Badge>
              )}
            </Group>
            <Group gap="md">
              {party.phones.map((phone) => (
                <Anchor key={phone} href={`tel:${phone}`} size="sm">
                  {phone}
                </Anchor>
              ))}
              {party.emails.map((email) => (
                <Anchor key={email} href={`mailto:${email}`} size="sm">
                  {email}
                </Anchor>
              ))}
            </Group>
          </div>
        ))}
      </Stack>
      {adding && <AddPartyDialog orderId={order.id} onClose={() => setAdding(false)} />}
    </Card>
  );
}

function AddPartyDialog({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [party, setParty] = useState({ name: '', role: '', email: '', phone: '', poc: false });
  const add = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/api/v1/orders/{order_id}/parties', {
          params: { path: { order_id: orderId } },
          body: {
            party: {
              name: party.name,
              role: party.role,
              poc: party.poc,
              ...(party.email.trim() ? { emails: [party.email.trim()] } : {}),
              ...(party.phone.trim() ? { phones: [party.phone.trim()] } : {}),
            },
          },
        }),
      ),
    onSuccess: async (created) => {
      notifications.show({ color: 'teal', message: `${created.name} added.` });
      await queryClient.invalidateQueries({ queryKey: ['order', orderId] });
      onClose();
    },
  });
  const errors = add.error instanceof ApiFailure ? add.error.fieldErrors : {};
  const errorOf = (name: string) =>
    Object.entries(errors).find(([field]) =>
      field
        .replace(/^party[.[]/, '')
        .replace(/[\]]/g, '')
        .startsWith(name),
    )?.[1];
  const set = (change: Partial<typeof party>) => setParty((previous) => ({ ...previous, ...change }));
  return (
    <Modal opened onClose={onClose} title="Add a party" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate();
        }}
      >
        <Stack>
          <TextInput
            label="Name"
            withAsterisk
            value={party.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            error={errorOf('name')}
          />
          <TextInput
            label="Role"
            withAsterisk
            description="Seller's agent, loan officer, occupant…"
            value={party.role}
            onChange={(e) => set({ role: e.currentTarget.value })}
            error={errorOf('role')}
          />
          <TextInput
            label="Email"
            type="email"
            value={party.email}
            onChange={(e) => set({ email: e.currentTarget.value })}
            error={errorOf('emails')}
          />
          <TextInput
            label="Phone"
            type="tel"
            value={party.phone}
            onChange={(e) => set({ phone: e.currentTarget.value })}
            error={errorOf('phones')}
          />
          <Switch
            label="Point of contact"
            checked={party.poc}
            onChange={(e) => set({ poc: e.currentTarget.checked })}
          />
          {add.isError && Object.keys(errors).length === 0 && (
            <Text c="red" size="sm" role="alert">
              {failureText(add.error)}
            </Text>
          )}
          <Group justify="end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
