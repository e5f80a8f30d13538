import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { SectionCard } from '../../components/SectionCard.tsx';
import { choices, LOAN_TYPES, OCCUPANCY, TRANSACTION_TYPES } from './order-body.ts';
import type { OrderForm } from './useOrderForm.ts';

/** The loan: its type and purpose, and what each asks besides (an FHA case number, a purchase's price). */
export function LoanSection({ form }: { form: OrderForm }) {
  const { field, select, values } = form;
  return (
    <SectionCard title="Loan">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select {...select('loan_type', 'Loan type', choices(LOAN_TYPES), true)} allowDeselect={false} />
        <Select
          {...select('transaction_type', 'Transaction', choices(TRANSACTION_TYPES), true)}
          allowDeselect={false}
        />
        <TextInput {...field('loan_number', 'Loan number')} />
        <TextInput {...field('loan_amount', 'Loan amount')} leftSection="$" inputMode="decimal" />
        {values.loan_type === 'fha' && <TextInput {...field('fha_case_number', 'FHA case number')} />}
        {values.transaction_type === 'purchase' && (
          <TextInput {...field('contract_price', 'Contract price')} leftSection="$" inputMode="decimal" />
        )}
        <Select {...select('occupancy_type', 'Occupancy', choices(OCCUPANCY))} clearable />
        <TextInput {...field('closing_date', 'Closing date', { type: 'date' })} />
      </SimpleGrid>
    </SectionCard>
  );
}
