import { Select, Switch, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ChangeEvent } from 'react';
import type { Order } from '../../../../sdk/src/client.ts';
import { humanize, viewerZone } from '../../lib/format.ts';
import { panelQuery } from '../../queries/pipeline.ts';
import type { ActionInput } from './action-inputs.ts';

/** What an action's dialog needs of its order. */
export type ActionOrder = Pick<Order, 'id' | 'products'>;

/** One input of an action's form, by its kind (a date, a fee, an appraiser of the panel…). */
export function ActionField({
  input,
  order,
  value,
  onChange,
  error,
}: {
  input: ActionInput;
  order: ActionOrder;
  value: string | boolean | undefined;
  onChange: (value: string | boolean) => void;
  error: string | undefined;
}) {
  const common = {
    label: input.label,
    description: hint(input),
    withAsterisk: input.required,
    error,
  };
  const text = typeof value === 'string' ? value : '';
  // A field that types text: its value and what typing does, the same for each kind.
  const typed = {
    ...common,
    value: text,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange(event.currentTarget.value),
  };
  switch (input.kind) {
    case 'boolean':
      return (
        <Switch
          label={input.label}
          description={input.description}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
          error={error}
        />
      );
    case 'long-text':
      return <Textarea {...typed} autosize minRows={3} maxLength={input.maxLength} />;
    case 'money':
      return <TextInput {...typed} leftSection="$" inputMode="decimal" placeholder="450.00" />;
    case 'date':
    case 'date-time':
      return <TextInput {...typed} type={input.kind === 'date' ? 'date' : 'datetime-local'} />;
    case 'choice':
      return (
        <Select
          {...common}
          data={(input.choices ?? []).map((choice) => ({ value: choice, label: humanize(choice) }))}
          value={text || null}
          onChange={(choice) => onChange(choice ?? '')}
          searchable
        />
      );
    case 'appraiser':
      return <AppraiserSelect {...common} value={text} onChange={onChange} />;
    case 'product':
      return (
        <Select
          {...common}
          data={order.products.map((product) => ({ value: product.id, label: product.name }))}
          value={text || null}
          onChange={(choice) => onChange(choice ?? '')}
        />
      );
    default:
      return <TextInput {...typed} maxLength={input.maxLength} />;
  }
}

/**
 * The schema's description, less the formats the pickers already take care of, and less the
 * default the field already shows.
 */
function hint(input: ActionInput): string | undefined {
  const said = input.description?.split(':')[0]?.replace(/; default$/, '');
  if (input.kind === 'date-time') return `${said ?? 'When'}, in your time zone (${viewerZone()})`;
  return said;
}

/** The company's panel, by name, for assigning an order. */
function AppraiserSelect({
  value,
  onChange,
  ...common
}: {
  label: string;
  description: string | undefined;
  withAsterisk: boolean;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  const panel = useQuery(panelQuery);
  return (
    <Select
      {...common}
      data={(panel.data ?? []).map((appraiser) => ({ value: appraiser.id, label: appraiser.name }))}
      value={value || null}
      onChange={(choice) => onChange(choice ?? '')}
      searchable
      placeholder={panel.isPending ? 'Loading the panel…' : 'Choose an appraiser'}
      nothingFoundMessage="No appraiser by that name"
    />
  );
}
