import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { components } from '../../../sdk/src/client.ts';
import { ApiFailure } from '../queries/failure.ts';
import { api, unwrap } from '../queries/sdk.ts';
import { sessionQuery } from '../queries/session.ts';
import { usePageTitle } from '../components/PageTitle.tsx';
import { humanize } from '../lib/format.ts';

type CreateOrder = components['schemas']['CreateOrderRequest'];
type Enum<K extends keyof CreateOrder> = Exclude<NonNullable<CreateOrder[K]>, boolean | string[] | object>;

/** What the form holds: every input as typed, by the dotted name the API's 422 details use. */
type Values = Record<string, string>;

const LOAN_TYPES: Enum<'loan_type'>[] = ['conventional', 'fha', 'usda', 'reo', 'asset_valuation', 'other'];
const TRANSACTION_TYPES: Enum<'transaction_type'>[] = [
  'purchase',
  'refinance',
  'home_equity',
  'construction',
  'other',
];
const OCCUPANCY: NonNullable<Enum<'occupancy_type'>>[] = ['primary_residence', 'second_home', 'investment'];
const choices = (values: readonly string[]) => values.map((value) => ({ value, label: humanize(value) }));

/**
 * A new order, built from the client's configuration: the companies it orders from, each
 * company's products and payment methods, the client's users and the property types. A staff
 * member first picks the client. Saved as a draft or placed at once; the API's 422 messages
 * show next to the fields they name.
 */
export function NewOrderPage() {
  usePageTitle('New order');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useQuery(sessionQuery).data;
  const isClient = session?.user.role === 'client';
  const [clientId, setClientId] = useState<string | null>(null);
  const clients = useQuery({
    queryKey: ['clients'],
    queryFn: async () => unwrap(await api.GET('/api/v1/clients', { params: { query: { per_page: 100 } } })),
    enabled: session !== undefined && !isClient,
  });
  const forClient = isClient ? (session?.user.organization_id ?? null) : clientId;
  const configuration = useQuery({
    queryKey: ['configuration', forClient],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/clients/{client_id}/configurations', {
          params: { path: { client_id: forClient! } },
        }),
      ),
    enabled: forClient !== null,
  });
  const [values, setValues] = useState<Values>({ loan_type: 'conventional', transaction_type: 'purchase' });
  const [productIds, setProductIds] = useState<string[]>([]);
  const [userIds, setUserIds] = useState<string[]>([]);
  const [flags, setFlags] = useState({ green_certified: false, complex_property: false });
  const companies = configuration.data?.companies ?? [];
  const company =
    companies.find((c) => c.company_id === values.company_id) ??
    (companies.length === 1 ? companies[0] : undefined);

  const create = useMutation({
    mutationFn: async (draft: boolean) =>
      unwrap(
        await api.POST('/api/v1/orders', {
          body: bodyOf(values, productIds, userIds, flags, company?.company_id, clientId, draft),
        }),
      ),
    onSuccess: async (order, draft) => {
      notifications.show({
        color: 'teal',
        title: draft ? 'Draft saved' : 'Order placed',
        message: `${order.file_number} is ${order.status.name}.`,
      });
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
      await navigate({ to: '/orders/$orderId', params: { orderId: order.id } });
    },
  });
  const errors = create.error instanceof ApiFailure ? create.error.fieldErrors : {};
  // The fields this render shows, each asking for its message: what the API names elsewhere
  // (a field the form does not show) goes above the buttons instead. Filled as the JSX below is
  // built, read after the fields.
  const shown = new Set<string>();
  const reports = (field: string, name: string) =>
    field === name || field.startsWith(`${name}.`) || field.startsWith(`${name}[`);
  const errorFor = (name: string) => {
    shown.add(name);
    return Object.entries(errors).find(([field]) => reports(field, name))?.[1];
  };
  const unplacedErrors = () =>
    Object.entries(errors).filter(([field]) => ![...shown].some((name) => reports(field, name)));
  const field = (
    name: string,
    label: string,
    extra: { required?: boolean; description?: string; type?: string } = {},
  ) => ({
    label,
    value: values[name] ?? '',
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((previous) => ({ ...previous, [name]: value }));
    },
    error: errorFor(name),
    // An asterisk, not the browser's own check: the API names what is missing, by the field.
    withAsterisk: extra.required,
    description: extra.description,
    type: extra.type,
  });
  const select = (
    name: string,
    label: string,
    data: { value: string; label: string }[],
    required = false,
  ) => ({
    label,
    data,
    value: values[name] || null,
    onChange: (value: string | null) => setValues((previous) => ({ ...previous, [name]: value ?? '' })),
    error: errorFor(name),
    withAsterisk: required,
  });

  return (
    <Stack maw={960} mx="auto" gap="md">
      <Title order={1} size="h2">
        New order
      </Title>
      {!isClient && (
        <Select
          label="Client"
          withAsterisk
          searchable
          placeholder={clients.isPending ? 'Loading the clients…' : 'Choose the lender'}
          data={(clients.data ?? []).map((client) => ({ value: client.id, label: client.name }))}
          value={clientId}
          onChange={setClientId}
          error={errorFor('requested_by.client_id')}
        />
      )}
      {forClient !== null && configuration.isPending && <Skeleton height={400} />}
      {configuration.isError && (
        <Alert color="red" role="alert" title="The client's configuration could not be loaded">
          {configuration.error.message}
        </Alert>
      )}
      {configuration.data && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate(false);
          }}
        >
          <Stack gap="md">
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                Property
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  {...field('address.street_1', 'Street', { required: true })}
                  autoComplete="address-line1"
                />
                <TextInput {...field('address.street_2', 'Unit')} autoComplete="address-line2" />
                <TextInput
                  {...field('address.city', 'City', { required: true })}
                  autoComplete="address-level2"
                />
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
                    configuration.data.property_types.map((type) => ({ value: type.id, label: type.name })),
                  )}
                  clearable
                />
              </SimpleGrid>
            </Card>
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                Borrower
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput {...field('borrower.first_name', 'First name', { required: true })} />
                <TextInput {...field('borrower.last_name', 'Last name', { required: true })} />
                <TextInput {...field('borrower.email', 'Email', { type: 'email' })} />
                <TextInput {...field('borrower.phone', 'Phone', { type: 'tel' })} />
                <TextInput {...field('borrower.co_first_name', 'Co-borrower first name')} />
                <TextInput {...field('borrower.co_last_name', 'Co-borrower last name')} />
              </SimpleGrid>
            </Card>
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                Loan
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  {...select('loan_type', 'Loan type', choices(LOAN_TYPES), true)}
                  allowDeselect={false}
                />
                <Select
                  {...select('transaction_type', 'Transaction', choices(TRANSACTION_TYPES), true)}
                  allowDeselect={false}
                />
                <TextInput {...field('loan_number', 'Loan number')} />
                <TextInput {...field('loan_amount', 'Loan amount')} leftSection="$" inputMode="decimal" />
                {values.loan_type === 'fha' && <TextInput {...field('fha_case_number', 'FHA case number')} />}
                {values.transaction_type === 'purchase' && (
                  <TextInput
                    {...field('contract_price', 'Contract price')}
                    leftSection="$"
                    inputMode="decimal"
                  />
                )}
                <Select {...select('occupancy_type', 'Occupancy', choices(OCCUPANCY))} clearable />
                <TextInput {...field('closing_date', 'Closing date', { type: 'date' })} />
              </SimpleGrid>
            </Card>
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                Appraisal
              </Title>
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
                  value={productIds}
                  onChange={setProductIds}
                  error={errorFor('product_ids')}
                  placeholder={company ? 'Choose one or more' : 'Choose the company first'}
                  searchable
                />
                <TextInput {...field('due_date', 'Due date', { required: true, type: 'date' })} />
                <Select
                  {...select('payment_method', 'Payment', choices(company?.payment_methods ?? []), true)}
                />
                {configuration.data.parties.length > 0 && (
                  <MultiSelect
                    label="People at the lender on this order"
                    description="They join the order and receive its emails; you, when left empty"
                    data={configuration.data.parties.map((party) => ({ value: party.id, label: party.name }))}
                    value={userIds}
                    onChange={setUserIds}
                    error={errorFor('client_user_ids')}
                    searchable
                  />
                )}
              </SimpleGrid>
              <Group mt="md" gap="xl">
                <Checkbox
                  label="Complex property"
                  checked={flags.complex_property}
                  onChange={(e) => setFlags({ ...flags, complex_property: e.currentTarget.checked })}
                />
                <Switch
                  label="Green certified"
                  checked={flags.green_certified}
                  onChange={(e) => setFlags({ ...flags, green_certified: e.currentTarget.checked })}
                />
              </Group>
              <Textarea
                {...field('special_instructions', 'Special instructions')}
                mt="md"
                autosize
                minRows={2}
              />
            </Card>
            {create.isError && (
              <CreateFailure
                message={create.error.message}
                unplaced={unplacedErrors()}
                placed={Object.keys(errors).length}
              />
            )}
            <Group justify="end">
              <Button
                variant="default"
                onClick={() => create.mutate(true)}
                loading={create.isPending && create.variables}
              >
                Save as draft
              </Button>
              <Button type="submit" loading={create.isPending && !create.variables}>
                Place the order
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

/** The request body: dotted names back into objects; empty inputs left out. */
function bodyOf(
  values: Values,
  productIds: string[],
  userIds: string[],
  flags: { green_certified: boolean; complex_property: boolean },
  companyId: string | undefined,
  clientId: string | null,
  draft: boolean,
): CreateOrder {
  const body: Record<string, unknown> = {
    product_ids: productIds,
    green_certified: flags.green_certified,
    ...(flags.complex_property ? { complex_property: true } : {}),
    ...(userIds.length ? { client_user_ids: userIds } : {}),
    ...(companyId ? { company_id: companyId } : {}),
    ...(clientId ? { requested_by: { client_id: clientId } } : {}),
    ...(draft ? { draft } : {}),
    address: {},
    borrower: {},
  };
  for (const [name, raw] of Object.entries(values)) {
    const value = raw.trim();
    if (!value || name === 'company_id') continue;
    const [group, key] = name.split('.');
    if (key) (body[group!] as Record<string, unknown>)[key] = value;
    else if (name === 'contract_price') {
      // A number on the wire; what is not one goes as typed, for the API to name the field.
      const price = Number(value.replace(/,/g, ''));
      body[name] = Number.isFinite(price) ? price : value;
    } else body[name] = value;
  }
  return body as unknown as CreateOrder;
}

/** Why the order was not made: the messages of fields not on the form, or a pointer to those that are. */
function CreateFailure({
  message,
  unplaced,
  placed,
}: {
  message: string;
  unplaced: [string, string][];
  placed: number;
}) {
  if (placed > 0 && unplaced.length === 0)
    return (
      <Text c="red" size="sm" role="alert">
        Some fields need a look: {placed} message{placed === 1 ? '' : 's'} above.
      </Text>
    );
  return (
    <Alert color="red" role="alert" title="The order was not created">
      {message}
      {unplaced.map(([name, text]) => (
        <Text key={name} size="sm">
          {name}: {text}
        </Text>
      ))}
    </Alert>
  );
}
