import { Checkbox, Select, SimpleGrid, TextInput } from '@mantine/core';
import { notifyDone } from '../../lib/notices.ts';
import { RefusableForm } from '../../components/RefusableForm.tsx';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormButtons } from '../../components/FormButtons.tsx';
import { clientsQuery } from '../../queries/clients.ts';
import { sendForm } from '../../queries/form-errors.ts';
import { sessionQuery } from '../../queries/session.ts';
import { inviteUser, type ManagedUser } from '../../queries/users.ts';

const LABELS = {
  email: 'The email',
  first_name: 'The first name',
  last_name: 'The last name',
  role: 'The role',
  organization_id: 'The organization',
};

/** A user of the company (staff or appraiser) or of one of its clients, invited by email. */
export function InviteForm({ onDone }: { onDone: () => void }) {
  const me = useQuery(sessionQuery).data?.user;
  const clients = useQuery(clientsQuery);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      email: '',
      first_name: '',
      last_name: '',
      organization_id: me?.organization_id ?? '',
      role: 'staff',
      is_admin: false,
    },
  });
  const isCompany = form.values.organization_id === me?.organization_id;
  const organizations = [
    { value: me?.organization_id ?? '', label: 'Our company' },
    ...(clients.data ?? []).map((client) => ({ value: client.id, label: `${client.name} (client)` })),
  ];
  const submit = form.onSubmit(async (values) => {
    const invited = await sendForm(
      () =>
        inviteUser({
          email: values.email.trim(),
          first_name: values.first_name.trim(),
          last_name: values.last_name.trim(),
          role: (isCompany ? values.role : 'client') as ManagedUser['role'],
          organization_id: values.organization_id,
          is_admin: values.is_admin,
        }),
      { setErrors: form.setErrors, setFailure },
      LABELS,
    );
    if (!invited) return;
    notifyDone('Invitation sent', `${invited.name} gets an email to choose a password.`);
    onDone();
  });
  return (
    <RefusableForm onSubmit={submit} failureTitle="No invitation was sent" failure={failure}>
      <TextInput
        label="Email"
        type="email"
        withAsterisk
        maxLength={254}
        data-autofocus
        {...form.getInputProps('email')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput label="First name" withAsterisk maxLength={100} {...form.getInputProps('first_name')} />
        <TextInput label="Last name" withAsterisk maxLength={100} {...form.getInputProps('last_name')} />
      </SimpleGrid>
      <Select
        label="Organization"
        withAsterisk
        allowDeselect={false}
        data={organizations}
        {...form.getInputProps('organization_id')}
      />
      {isCompany && (
        <Select
          label="Role"
          withAsterisk
          allowDeselect={false}
          data={[
            { value: 'staff', label: 'Staff' },
            { value: 'appraiser', label: 'Appraiser' },
          ]}
          {...form.getInputProps('role')}
        />
      )}
      <Checkbox
        label="Administrator: manages the organization's users and settings"
        {...form.getInputProps('is_admin', { type: 'checkbox' })}
      />
      <FormButtons onCancel={onDone} submitting={form.submitting} submit="Send invitation" />
    </RefusableForm>
  );
}
