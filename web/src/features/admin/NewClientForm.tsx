import { Card, Select, SimpleGrid, Switch, Text, TextInput } from '@mantine/core';
import { notifyDone } from '../../lib/notices.ts';
import { RefusableForm } from '../../components/RefusableForm.tsx';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormButtons } from '../../components/FormButtons.tsx';
import { clientTypesQuery, createClient } from '../../queries/clients.ts';
import { sendForm } from '../../queries/form-errors.ts';

const ADDRESS = 'organization.address_attributes';
const CONTACT = 'organization.contacts_attributes[0]';
/** Each field of the form, as the API names it in its 422 details. */
const API_FIELDS = {
  name: 'organization.name',
  client_type_id: 'organization.client_type_id',
  address_one: `${ADDRESS}.address_one`,
  address_two: `${ADDRESS}.address_two`,
  city: `${ADDRESS}.city`,
  state: `${ADDRESS}.state`,
  zip: `${ADDRESS}.zip`,
  contact_name: `${CONTACT}.name`,
  contact_email: `${CONTACT}.emails[0]`,
  contact_phone: `${CONTACT}.phones_attributes[0].phone_number`,
};
const LABELS = {
  name: 'The name',
  client_type_id: 'The type',
  address_one: 'The street',
  address_two: 'The suite',
  city: 'The city',
  state: 'The state',
  zip: 'The ZIP code',
  contact_name: "The contact's name",
  contact_email: "The contact's email",
  contact_phone: "The contact's phone",
};
type Values = Record<keyof typeof LABELS, string> & { add_all_products: boolean };

/** The first contact, when one is named, with the email and phone given. */
const contactOf = (values: Values) => {
  const [name, email, phone] = [values.contact_name, values.contact_email, values.contact_phone].map((v) =>
    v.trim(),
  );
  if (!name) return [];
  return [
    {
      name,
      emails: email ? [email] : [],
      phones_attributes: phone ? [{ phone_number: phone, phone_type: 'work' }] : [],
    },
  ];
};

const bodyOf = (values: Values) => ({
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
    contacts_attributes: contactOf(values),
  },
});

/** The interface's organization fields: name, type, address, a first contact, and the products. */
export function NewClientForm({ onDone }: { onDone: () => void }) {
  const types = useQuery(clientTypesQuery);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: {
      ...(Object.fromEntries(Object.keys(LABELS).map((field) => [field, ''])) as Record<
        keyof typeof LABELS,
        string
      >),
      add_all_products: true,
    },
  });
  const submit = form.onSubmit(async (values) => {
    const refusal = { setErrors: form.setErrors, setFailure };
    const created = await sendForm(() => createClient(bodyOf(values)), refusal, LABELS, API_FIELDS);
    if (!created) return;
    notifyDone('Client created', `${created.client.name} can now place orders.`);
    onDone();
  });
  const field = (name: keyof typeof LABELS) => form.getInputProps(name);
  return (
    <RefusableForm onSubmit={submit} failureTitle="The client was not created" failure={failure}>
      <TextInput label="Name" withAsterisk maxLength={200} data-autofocus {...field('name')} />
      <Select
        label="Type"
        withAsterisk
        placeholder="Bank, credit union, …"
        data={(types.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
        {...field('client_type_id')}
      />
      <TextInput label="Street" withAsterisk maxLength={200} {...field('address_one')} />
      <TextInput label="Suite or unit" maxLength={200} {...field('address_two')} />
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <TextInput label="City" withAsterisk maxLength={100} {...field('city')} />
        <TextInput label="State" withAsterisk placeholder="TX" maxLength={40} {...field('state')} />
        <TextInput label="ZIP" withAsterisk maxLength={10} inputMode="numeric" {...field('zip')} />
      </SimpleGrid>
      <Card withBorder padding="sm">
        <Text fw={500} size="sm" mb="xs">
          Contact
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <TextInput label="Contact name" maxLength={200} {...field('contact_name')} />
          <TextInput label="Contact email" type="email" maxLength={254} {...field('contact_email')} />
          <TextInput label="Contact phone" type="tel" maxLength={30} {...field('contact_phone')} />
        </SimpleGrid>
      </Card>
      <Switch
        label="Offer all of the company's products to this client"
        {...form.getInputProps('add_all_products', { type: 'checkbox' })}
      />
      <FormButtons onCancel={onDone} submitting={form.submitting} submit="Create client" />
    </RefusableForm>
  );
}
