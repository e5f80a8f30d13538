import { Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import type { ActionGroup, ActionInput } from './action-inputs.ts';
import { ActionField, type ActionOrder } from './ActionField.tsx';

/** The entries of one list, each its fields by name: `[{ address: '…', sale_price: '…' }]`. */
export type GroupEntries = Record<string, string>[];

/** `comparables[][address]` → `address`. */
export const entryField = (input: ActionInput) => input.name.replace(/^.*\[([a-z_]+)\]$/, '$1');

/** "Comparables" → "comparable", "Deficiencies" → "deficiency": what one entry is called. */
const oneOf = (label: string) => label.toLowerCase().replace(/ies$/, 'y').replace(/s$/, '');

/**
 * A list of entries an action takes (a reconsideration's deficiencies, its comparables), each
 * the same fields in a box of its own, added and removed one at a time up to what the API takes.
 * The service's messages stand by the field of the entry they name (`comparables[0].data_source`).
 */
export function ActionGroupField({
  group,
  inputs,
  order,
  entries,
  onChange,
  errorOf,
}: {
  group: ActionGroup;
  inputs: ActionInput[];
  order: ActionOrder;
  entries: GroupEntries;
  onChange: (entries: GroupEntries) => void;
  /** The message of the list (`comparables`), or of a field of one entry (index, field). */
  errorOf: (index?: number, field?: string) => string | undefined;
}) {
  const one = oneOf(group.label);
  const full = group.maxItems !== undefined && entries.length >= group.maxItems;
  const change = (index: number, field: string, value: string) =>
    onChange(entries.map((entry, at) => (at === index ? { ...entry, [field]: value } : entry)));
  const listError = errorOf();
  return (
    <Stack gap="xs" component="section" aria-label={group.label}>
      <div>
        <Text fw={500} size="sm">
          {group.label}
          {group.maxItems !== undefined && ` (up to ${group.maxItems})`}
        </Text>
        {group.description && (
          <Text size="xs" c="dimmed">
            {group.description}
          </Text>
        )}
        {listError && (
          <Text size="xs" c="red" role="alert">
            {listError}
          </Text>
        )}
      </div>
      {entries.map((entry, index) => (
        <Fieldset key={index} legend={`${one[0]!.toUpperCase()}${one.slice(1)} ${index + 1}`} p="sm">
          <Stack gap="xs">
            {inputs.map((input) => {
              const field = entryField(input);
              return (
                <ActionField
                  key={input.name}
                  input={input}
                  order={order}
                  value={entry[field]}
                  onChange={(value) => change(index, field, String(value))}
                  error={errorOf(index, field)}
                />
              );
            })}
            <Group justify="end">
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                onClick={() => onChange(entries.filter((_, at) => at !== index))}
              >
                Remove {one} {index + 1}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      ))}
      <Group>
        <Button variant="light" disabled={full} onClick={() => onChange([...entries, {}])}>
          Add {/^[aeiou]/.test(one) ? 'an' : 'a'} {one}
        </Button>
        {full && (
          <Text size="xs" c="dimmed">
            {group.maxItems} at most
          </Text>
        )}
      </Group>
    </Stack>
  );
}
