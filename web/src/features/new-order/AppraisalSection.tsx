import { Checkbox, Group, MultiSelect, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { SectionCard } from '../../components/SectionCard.tsx';
import type { Dispatch, SetStateAction } from 'react';
import type { Configuration } from '../../queries/new-order.ts';
import { choices, type Picks } from './order-body.ts';
import type { OrderForm } from './useOrderForm.ts';

/** The order's flags, each a box to tick (both are facts about the property, neither a setting). */
const FLAGS: [keyof Picks['flags'], string][] = [
  ['complex_property', 'Complex property'],
  ['green_certified', 'Green certified'],
];

/** What is ordered: from which company, which products, by when, paid how, and who at the lender follows it. */
export function AppraisalSection({
  form,
  configuration,
  company,
  picks,
  setPicks,
}: {
  form: OrderForm;
  configuration: Configuration;
  company: Configuration['companies'][number] | undefined;
  picks: Picks;
  setPicks: Dispatch<SetStateAction<Picks>>;
}) {
  const { field, select, errorFor } = form;
  const companies = configuration.companies;
  return (
    <SectionCard title="Appraisal">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {companies.length > 1 && (
          <Select
            {...select(
              'company_id',
              'Appraisal company',
              companies.map((c) => ({ value: c.company_id, label: c.company_name })),
              true,
            )}
          />
        )}
        <MultiSelect
          label="Products"
          withAsterisk
          data={(company?.products ?? []).map((product) => ({
            value: product.id,
            label: product.name,
          }))}
          value={picks.productIds}
          onChange={(productIds) => setPicks((p) => ({ ...p, productIds }))}
          error={errorFor('product_ids', 'Products')}
          placeholder={company ? 'Choose one or more' : 'Choose the company first'}
          searchable
        />
        <TextInput {...field('due_date', 'Due date', { required: true, type: 'date' })} />
        <Select {...select('payment_method', 'Payment', choices(company?.payment_methods ?? []), true)} />
        {configuration.parties.length > 0 && (
          <MultiSelect
            label="People at the lender on this order"
            description="They join the order and receive its emails; you, when left empty"
            data={configuration.parties.map((party) => ({ value: party.id, label: party.name }))}
            value={picks.userIds}
            onChange={(userIds) => setPicks((p) => ({ ...p, userIds }))}
            error={errorFor('client_user_ids', 'People at the lender')}
            searchable
          />
        )}
      </SimpleGrid>
      <Group mt="md" gap="xl">
        {FLAGS.map(([flag, label]) => (
          <Checkbox
            key={flag}
            label={label}
            checked={picks.flags[flag]}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setPicks((p) => ({ ...p, flags: { ...p.flags, [flag]: checked } }));
            }}
          />
        ))}
      </Group>
      <Textarea {...field('special_instructions', 'Special instructions')} mt="md" autosize minRows={2} />
    </SectionCard>
  );
}
