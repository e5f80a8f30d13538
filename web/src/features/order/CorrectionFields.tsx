import { Fieldset, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { CorrectableField, CorrectionValues } from './correction.ts';

type Form = UseFormReturnType<CorrectionValues>;

/**
 * The fields of "Correct order", in the groups a person thinks in, each group only where the
 * API lets this person correct it now (a lender's address ends when an appraiser accepts).
 * Nothing is checked here: the service's 422 shows by the field it names.
 */
export function CorrectionFields({ form, allowed }: { form: Form; allowed: readonly CorrectableField[] }) {
  const input = (key: keyof CorrectionValues, label: string, extra: object = {}) => (
    <TextInput label={label} {...extra} {...form.getInputProps(key)} />
  );
  const text = (key: keyof CorrectionValues, label: string, extra: object) => (
    <Textarea label={label} autosize {...extra} {...form.getInputProps(key)} />
  );
  return (
    <>
      {allowed.includes('borrower') && (
        <Fieldset legend="Borrower" variant="unstyled">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            {input('borrower_first_name', 'First name', { maxLength: 100 })}
            {input('borrower_last_name', 'Last name', { maxLength: 100 })}
            {input('borrower_email', "Borrower's email", { type: 'email', maxLength: 254 })}
            {input('borrower_phone', "Borrower's phone", { type: 'tel', maxLength: 40 })}
          </SimpleGrid>
        </Fieldset>
      )}
      <Fieldset legend="Loan and due date" variant="unstyled">
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          {allowed.includes('loan_number') && input('loan_number', 'Loan number', { maxLength: 60 })}
          {allowed.includes('loan_amount') &&
            input('loan_amount', 'Loan amount', { inputMode: 'decimal', leftSection: '$' })}
          {allowed.includes('due_date') && input('due_date', 'Due date', { type: 'date' })}
        </SimpleGrid>
      </Fieldset>
      {allowed.includes('access_contact') && (
        <Fieldset legend="Access contact (who lets the appraiser in)" variant="unstyled">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            {input('contact_name', "Contact's name", { maxLength: 100 })}
            {input('contact_phone', "Contact's phone", { type: 'tel', maxLength: 40 })}
            {input('contact_email', "Contact's email", { type: 'email', maxLength: 254 })}
            {input('contact_note', 'Access note', { placeholder: 'Tenant, call after 5 pm' })}
          </SimpleGrid>
        </Fieldset>
      )}
      {allowed.includes('address') && (
        <Fieldset legend="Property address" variant="unstyled">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            {input('address_one', 'Street')}
            {input('address_two', 'Unit')}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, xs: 3 }} mt="sm">
            {input('city', 'City')}
            {input('state', 'State', { maxLength: 2 })}
            {input('zip', 'ZIP code', { inputMode: 'numeric', maxLength: 10 })}
          </SimpleGrid>
        </Fieldset>
      )}
      {allowed.includes('special_instructions') &&
        text('special_instructions', 'Special instructions', { minRows: 2, maxRows: 8 })}
      {text('reason', 'Why (kept in the history)', { minRows: 1, maxLength: 5000 })}
    </>
  );
}
