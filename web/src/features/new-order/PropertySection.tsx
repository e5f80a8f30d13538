import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { SectionCard } from '../../components/SectionCard.tsx';
import type { OrderForm } from './useOrderForm.ts';

/** Where the property is, and what kind it is; the county is found from the ZIP when left empty. */
export function PropertySection({
  form,
  propertyTypes,
}: {
  form: OrderForm;
  propertyTypes: { id: string; name: string }[];
}) {
  const { field, select } = form;
  return (
    <SectionCard title="Property">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          {...field('address.street_1', 'Street', { required: true })}
          autoComplete="address-line1"
        />
        <TextInput {...field('address.street_2', 'Unit')} autoComplete="address-line2" />
        <TextInput {...field('address.city', 'City', { required: true })} autoComplete="address-level2" />
        <SimpleGrid cols={2}>
          <TextInput
            {...field('address.state', 'State', { required: true })}
            maxLength={2}
            autoComplete="address-level1"
          />
          <TextInput
            {...field('address.zip', 'ZIP', { required: true })}
            inputMode="numeric"
            autoComplete="postal-code"
          />
        </SimpleGrid>
        <TextInput
          {...field('address.county', 'County', {
            description: 'Left empty, it is found from the ZIP',
          })}
        />
        <Select
          {...select(
            'property_type_id',
            'Property type',
            propertyTypes.map((type) => ({ value: type.id, label: type.name })),
          )}
          clearable
        />
      </SimpleGrid>
    </SectionCard>
  );
}
