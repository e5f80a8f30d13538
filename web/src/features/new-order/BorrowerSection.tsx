import { SimpleGrid, TextInput } from '@mantine/core';
import { SectionCard } from '../../components/SectionCard.tsx';
import type { OrderForm } from './useOrderForm.ts';

/** The borrower and a co-borrower. */
export function BorrowerSection({ form }: { form: OrderForm }) {
  const { field } = form;
  return (
    <SectionCard title="Borrower">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput {...field('borrower.first_name', 'First name', { required: true })} />
        <TextInput {...field('borrower.last_name', 'Last name', { required: true })} />
        <TextInput {...field('borrower.email', 'Email', { type: 'email' })} />
        <TextInput {...field('borrower.phone', 'Phone', { type: 'tel' })} />
        <TextInput {...field('borrower.co_first_name', 'Co-borrower first name')} />
        <TextInput {...field('borrower.co_last_name', 'Co-borrower last name')} />
      </SimpleGrid>
    </SectionCard>
  );
}
