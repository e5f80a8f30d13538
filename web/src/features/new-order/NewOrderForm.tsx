import { Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { createOrderMutation, type Configuration } from '../../queries/new-order.ts';
import { AppraisalSection } from './AppraisalSection.tsx';
import { BorrowerSection } from './BorrowerSection.tsx';
import { CreateFailure } from './CreateFailure.tsx';
import { LoanSection } from './LoanSection.tsx';
import { bodyOf, type Picks } from './order-body.ts';
import { PropertySection } from './PropertySection.tsx';
import { useOrderForm } from './useOrderForm.ts';

/**
 * The order's fields, built from the client's configuration. Only the two buttons send it: a
 * person pressing Enter in one of its thirty fields (to move on, or out of habit) has not
 * finished, and an order placed half-filled goes to the company at once.
 */
export function NewOrderForm({
  configuration,
  clientId,
}: {
  configuration: Configuration;
  clientId: string | null;
}) {
  const navigate = useNavigate();
  const create = useMutation(createOrderMutation);
  const form = useOrderForm(create.error);
  const [picks, setPicks] = useState<Picks>({
    productIds: [],
    userIds: [],
    flags: { green_certified: false, complex_property: false },
  });
  const companies = configuration.companies;
  const company =
    companies.find((c) => c.company_id === form.values.company_id) ??
    (companies.length === 1 ? companies[0] : undefined);
  const send = (draft: boolean) =>
    create.mutate(bodyOf(form.values, picks, company?.company_id, clientId, draft), {
      onSuccess: (order) => {
        notifications.show({
          color: 'teal',
          title: draft ? 'Draft saved' : 'Order placed',
          message: `${order.file_number} is ${order.status.name}.`,
        });
        void navigate({ to: '/orders/$orderId', params: { orderId: order.id } });
      },
    });
  return (
    <form onSubmit={(event) => event.preventDefault()} aria-label="New order">
      <Stack gap="md">
        <PropertySection form={form} propertyTypes={configuration.property_types} />
        <BorrowerSection form={form} />
        <LoanSection form={form} />
        <AppraisalSection
          form={form}
          configuration={configuration}
          company={company}
          picks={picks}
          setPicks={setPicks}
        />
        {create.isError && (
          <CreateFailure message={create.error.message} unplaced={form.unplaced} placed={form.placed} />
        )}
        <Group justify="end">
          <Button
            variant="default"
            onClick={() => send(true)}
            loading={create.isPending && create.variables.draft === true}
          >
            Save as draft
          </Button>
          <Button onClick={() => send(false)} loading={create.isPending && create.variables.draft !== true}>
            Place the order
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
