import {
  Alert,
  Button,
  Group,
  Modal,
  Progress,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { actionForms } from './forms.ts';
import { formData, type Order, type paths } from '../../../../sdk/src/client.ts';
import { ApiFailure } from '../../queries/failure.ts';
import { api, unwrap } from '../../queries/sdk.ts';
import { FilePicker, type PickedFile } from '../../components/FilePicker.tsx';
import { humanize } from '../../lib/format.ts';
import { uploadingClient } from '../../queries/upload.ts';
import type { ActionInput } from './action-inputs.ts';
import { isDestructive } from './destructive.ts';

/** Every workflow action's endpoint: PUT /api/v1/orders/{order_id}/<action> (docs/workflow.md). */
type ActionPath = Extract<keyof paths, `/api/v1/orders/{order_id}/${string}`> &
  keyof { [P in keyof paths as paths[P] extends { put: object } ? P : never]: 1 };

/** What an action's dialog needs of its order. */
export type ActionOrder = Pick<Order, 'id' | 'products'>;

/** The inputs of `files[][…]`: one row per file (the file, its type, its product). */
const PER_FILE = /^files\[\]\[/;

/**
 * Takes one action on an order with the inputs the API's request schema names for it (dates
 * in the person's own time zone, the panel's appraisers, the order's products, files with
 * their types); the service's 422 messages show next to the fields they name.
 */
export function ActionDialog({
  order,
  action,
  onClose,
  title,
}: {
  /** The order, or as much of it as the dialog needs (an appraiser's work item is enough). */
  order: ActionOrder;
  action: string;
  onClose: () => void;
  /** What the dialog is called, when the action's own name does not say it to this person. */
  title?: string;
}) {
  const queryClient = useQueryClient();
  const form = actionForms[action] ?? { multipart: false, inputs: [] };
  const [values, setValues] = useState<Record<string, string | boolean>>({});
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const perFile = form.inputs.filter((input) => PER_FILE.test(input.name));
  const fileType = perFile.find((input) => input.kind === 'choice');

  const take = useMutation({
    mutationFn: async () => {
      const body = bodyOf(form.inputs, values, files);
      const path = `/api/v1/orders/{order_id}/${action}` as ActionPath;
      const params = { path: { order_id: order.id } };
      if (!form.multipart || (files.length === 0 && perFile.length === 0))
        return unwrap(await api.PUT(path, { params, body: body as never }));
      setProgress(0);
      const client = uploadingClient(setProgress);
      return unwrap(await client.PUT(path, { params, body: body as never, bodySerializer: formData }));
    },
    onSettled: () => setProgress(null),
    onSuccess: async (result) => {
      notifications.show({
        color: 'teal',
        title: humanize(action),
        message: 'status' in result ? `The order is now ${result.status.name}.` : 'Done.',
      });
      await queryClient.invalidateQueries({ queryKey: ['order', order.id] });
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
      onClose();
    },
  });
  const failure = take.error instanceof ApiFailure ? take.error : null;
  const errors = failure?.fieldErrors ?? {};
  const errorOf = (name: string) =>
    errors[name] ?? Object.entries(errors).find(([field]) => sameField(field, name))?.[1];
  const unplaced = Object.entries(errors).filter(
    ([field]) => !form.inputs.some((input) => sameField(field, input.name)),
  );
  const set = (name: string, value: string | boolean) =>
    setValues((previous) => ({ ...previous, [name]: value }));

  return (
    <Modal
      opened
      onClose={onClose}
      title={title ?? humanize(action)}
      centered
      size={perFile.length ? 'lg' : 'md'}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          take.mutate();
        }}
      >
        <Stack>
          {isDestructive(action) && (
            <Text size="sm">This cannot be undone from here. The lender and the company are told.</Text>
          )}
          {take.isError && (!failure || unplaced.length > 0 || Object.keys(errors).length === 0) && (
            <Alert color="red" role="alert">
              {take.error.message}
              {unplaced.map(([field, message]) => (
                <Text key={field} size="sm">
                  {field}: {message}
                </Text>
              ))}
            </Alert>
          )}
          {form.inputs
            .filter((input) => !PER_FILE.test(input.name))
            .map((input) =>
              input.kind === 'file' ? (
                <FilePicker
                  key={input.name}
                  label={input.label}
                  files={files}
                  onChange={setFiles}
                  error={errorOf(input.name)}
                />
              ) : (
                <ActionField
                  key={input.name}
                  input={input}
                  order={order}
                  value={values[input.name]}
                  onChange={(value) => set(input.name, value)}
                  error={errorOf(input.name)}
                />
              ),
            )}
          {perFile.length > 0 && (
            <FilePicker
              label="Files"
              files={files}
              onChange={setFiles}
              error={errorOf('files[][attachment]')}
              typeChoices={fileType?.choices}
              typeError={errorOf('files[][file_type]')}
              products={perFile.some((input) => input.kind === 'product') ? order.products : undefined}
            />
          )}
          {progress !== null && (
            <Progress value={progress * 100} aria-label="Upload progress" size="lg" animated striped />
          )}
          <Group justify="end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={take.isPending} color={isDestructive(action) ? 'red' : undefined}>
              {title ?? humanize(action)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** `files[0][file_type]`, `files[][file_type]` and `file_type` name the same input. */
function sameField(reported: string, name: string): boolean {
  const bare = (field: string) => field.replace(/\[\d*\]/g, '[]').replace(/^.*\[([^\]]+)\]$/, '$1');
  return reported === name || bare(reported) === bare(name);
}

function ActionField({
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
      return (
        <Textarea
          {...common}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
          autosize
          minRows={3}
          maxLength={input.maxLength}
        />
      );
    case 'money':
      return (
        <TextInput
          {...common}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
          leftSection="$"
          inputMode="decimal"
          placeholder="450.00"
        />
      );
    case 'date':
    case 'date-time':
      return (
        <TextInput
          {...common}
          type={input.kind === 'date' ? 'date' : 'datetime-local'}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
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
      return (
        <TextInput
          {...common}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
          maxLength={input.maxLength}
        />
      );
  }
}

/** The schema's description, less the formats the pickers already take care of. */
function hint(input: ActionInput): string | undefined {
  const said = input.description?.split(':')[0];
  if (input.kind === 'date-time')
    return `${said ?? 'When'}, in your time zone (${Intl.DateTimeFormat().resolvedOptions().timeZone})`;
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
  const panel = useQuery({
    queryKey: ['appraisers'],
    queryFn: async () => unwrap(await api.GET('/api/v1/appraisers')),
  });
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

/** The request body: filled inputs only, date-times with the person's zone, files with their types. */
function bodyOf(
  inputs: ActionInput[],
  values: Record<string, string | boolean>,
  files: PickedFile[],
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const input of inputs) {
    if (input.name === 'files[][attachment]') body[input.name] = files.map((picked) => picked.file);
    else if (input.name === 'files[][file_type]') body[input.name] = files.map((picked) => picked.type ?? '');
    else if (input.name === 'files[][product_id]') {
      if (files.some((picked) => picked.productId)) body[input.name] = files.map((p) => p.productId ?? '');
    } else if (input.kind === 'file') {
      if (files.length) body[input.name] = files.map((picked) => picked.file);
    } else {
      const value = values[input.name];
      if (typeof value === 'boolean') body[input.name] = value;
      else if (value?.trim())
        body[input.name] = input.kind === 'date-time' ? new Date(value).toISOString() : value.trim();
    }
  }
  return body;
}
