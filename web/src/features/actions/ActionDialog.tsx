import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FilePicker, type PickedFile } from '../../components/FilePicker.tsx';
import { fieldSentences } from '../../lib/field-errors.ts';
import { humanize } from '../../lib/format.ts';
import { actionMutation, nowText } from '../../queries/actions.ts';
import { ApiFailure } from '../../queries/failure.ts';
import { fileTypeChoices, guessReportType } from './file-types.ts';
import { bodyOf, changedValues, initialValues, PER_FILE, sameField } from './action-body.ts';
import { entryOfMessage } from './action-entries.ts';
import { ActionGroupField, type GroupEntries } from './ActionGroupField.tsx';
import { ActionField, type ActionOrder } from './ActionField.tsx';
import { isDestructive, wordingOf } from './destructive.ts';
import { actionForms } from './forms.ts';

export type { ActionOrder } from './ActionField.tsx';

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
  const form = actionForms[action] ?? { multipart: false, inputs: [], groups: [] };
  const words = wordingOf(action, title);
  const [initial] = useState(() => initialValues(form.inputs));
  const [values, setValues] = useState<Record<string, string | boolean>>(initial);
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [entries, setEntries] = useState<Record<string, GroupEntries>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const perFile = form.inputs.filter((input) => PER_FILE.test(input.name));
  const fileTypes = perFile.find((input) => input.kind === 'choice')?.choices;
  const take = useMutation(
    actionMutation(order.id, (result) => {
      notifications.show({ color: 'teal', title: title ?? humanize(action), message: nowText(result) });
      onClose();
    }),
  );
  const send = () => {
    const uploads = form.multipart && (files.length > 0 || perFile.length > 0);
    if (uploads) setProgress(0);
    take.mutate(
      {
        action,
        body: bodyOf(form.inputs, changedValues(values, initial), files, entries),
        ...(uploads ? { upload: { onProgress: setProgress } } : {}),
      },
      {
        onSettled: () => setProgress(null),
      },
    );
  };
  const failure = take.error instanceof ApiFailure ? take.error : null;
  const errors = failure ? fieldSentences(failure.fieldErrors, labelsOf(form.inputs)) : {};
  const errorOf = (name: string) =>
    errors[name] ?? Object.entries(errors).find(([field]) => sameField(field, name))?.[1];
  // A message of a list's entry (comparables[0].data_source) stands by that entry's field.
  const entryError = (group: string) => (index?: number, field?: string) =>
    Object.entries(errors).find(([name]) => {
      const at = entryOfMessage(name, group);
      return at !== null && at.index === index && at.field === field;
    })?.[1];
  const unplaced = Object.entries(errors).filter(
    ([field]) =>
      !form.inputs.some((input) => !input.group && sameField(field, input.name)) &&
      !form.groups.some((group) => entryOfMessage(field, group.name) !== null),
  );

  return (
    <Modal
      opened
      onClose={onClose}
      title={words.title}
      centered
      size={perFile.length || form.groups.length ? 'lg' : 'md'}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <Stack>
          {words.warning && <Text size="sm">{words.warning}</Text>}
          {take.isError && (!failure || unplaced.length > 0 || Object.keys(errors).length === 0) && (
            <Alert color="red" role="alert">
              {take.error.message}
              {unplaced.map(([field, sentence]) => (
                <Text key={field} size="sm">
                  {sentence}
                </Text>
              ))}
            </Alert>
          )}
          {form.inputs
            .filter((input) => !PER_FILE.test(input.name) && !input.group)
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
                  onChange={(value) => setValues((previous) => ({ ...previous, [input.name]: value }))}
                  error={errorOf(input.name)}
                />
              ),
            )}
          {form.groups.map((group) => (
            <ActionGroupField
              key={group.name}
              group={group}
              inputs={form.inputs.filter((input) => input.group === group.name)}
              order={order}
              entries={entries[group.name] ?? []}
              onChange={(changed) => setEntries((previous) => ({ ...previous, [group.name]: changed }))}
              errorOf={entryError(group.name)}
            />
          ))}
          {perFile.length > 0 && (
            <FilePicker
              label="Files"
              files={files}
              onChange={setFiles}
              error={errorOf('files[][attachment]')}
              typeChoices={fileTypes && fileTypeChoices(fileTypes)}
              guessType={fileTypes && ((file) => guessReportType(file, fileTypes))}
              typeError={errorOf('files[][file_type]')}
              products={perFile.some((input) => input.kind === 'product') ? order.products : undefined}
            />
          )}
          {progress !== null && (
            <Progress value={progress * 100} aria-label="Upload progress" size="lg" animated striped />
          )}
          <Group justify="end">
            <Button variant="default" onClick={onClose}>
              {words.keep}
            </Button>
            <Button type="submit" loading={take.isPending} color={isDestructive(action) ? 'red' : undefined}>
              {words.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Each input's label, by the name the service's messages use. */
const labelsOf = (inputs: { name: string; label: string }[]) =>
  Object.fromEntries(inputs.map((input) => [input.name, input.label]));
