import { Modal, Stack, Switch, TextInput } from '@mantine/core';
import { InlineFailure } from '../../components/InlineFailure.tsx';
import { DialogButtons } from '../../components/DialogButtons.tsx';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiFailure } from '../../queries/failure.ts';
import { addPartyMutation, type NewParty } from '../../queries/order-records.ts';
import { bareField, fieldSentences } from '../../lib/field-errors.ts';

const NAMES = { name: 'The name', role: 'The role', emails: 'The email', phones: 'The phone' };

/** A person on the order: name and role, and how to reach them. */
export function AddPartyDialog({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const [party, setParty] = useState<NewParty>({ name: '', role: '', email: '', phone: '', poc: false });
  const add = useMutation(addPartyMutation(orderId));
  const errors = add.error instanceof ApiFailure ? fieldSentences(add.error.fieldErrors, NAMES) : {};
  const errorOf = (name: string) => Object.entries(errors).find(([field]) => bareField(field) === name)?.[1];
  const set = (change: Partial<NewParty>) => setParty((previous) => ({ ...previous, ...change }));
  return (
    <Modal opened onClose={onClose} title="Add a party" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate(party, {
            onSuccess: (created) => {
              notifications.show({ color: 'teal', message: `${created.name} added.` });
              onClose();
            },
          });
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
          {Object.keys(errors).length === 0 && <InlineFailure error={add.error} />}
          <DialogButtons keep="Close" confirm="Add" onKeep={onClose} pending={add.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
