import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { Order } from '../../../../sdk/src/client.ts';
import { useSession } from '../../queries/session.ts';
import { AddPartyDialog } from './AddPartyDialog.tsx';

/** Who is involved (borrower, agents, loan officer…), with tap-to-call and mail links; add one. */
export function PartiesCard({ order }: { order: Order }) {
  const [adding, setAdding] = useState(false);
  // Appraisers see the parties (to call them) but the lender and the company keep the list.
  const mayAdd = useSession()?.user.role !== 'appraiser';
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
            {/* Links at least 24 px high: a thumb on a phone finds them. */}
            <Group gap="md">
              {party.phones.map((phone) => (
                <Anchor key={phone} href={`tel:${phone}`} size="sm" mih={24} py={2}>
                  {phone}
                </Anchor>
              ))}
              {party.emails.map((email) => (
                <Anchor key={email} href={`mailto:${email}`} size="sm" mih={24} py={2}>
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
