import type { PickedFile } from '../../components/FilePicker.tsx';
import { dateTimeInputValue } from '../../lib/time.ts';
import type { ActionInput } from './action-inputs.ts';
import { filledFields } from './action-entries.ts';

/** The inputs of `files[][…]`: one row per file (the file, its type, its product). */
export const PER_FILE = /^files\[\]\[/;

/** `files[0][file_type]`, `files[][file_type]` and `file_type` name the same input. */
export function sameField(reported: string, name: string): boolean {
  const bare = (field: string) => field.replace(/\[\d*\]/g, '[]').replace(/^.*\[([^\]]+)\]$/, '$1');
  return reported === name || bare(reported) === bare(name);
}

/**
 * What each field holds when the dialog opens: the present moment where the API's default is
 * now (shown, so the person sees what will be recorded, and can change it).
 */
export const initialValues = (inputs: ActionInput[], now = new Date()): Record<string, string> =>
  Object.fromEntries(
    inputs.filter((input) => input.initial === 'now').map((input) => [input.name, dateTimeInputValue(now)]),
  );

/**
 * The values the person changed: a field left at its default is not sent, and the service
 * applies its own (for `now`, the moment it records the action, not the minute the dialog opened).
 */
export const changedValues = (values: Record<string, string | boolean>, initial: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).filter(([name, value]) => initial[name] !== value));

/** The request body: filled inputs only, date-times with the person's zone, files with their types. */
export function bodyOf(
  inputs: ActionInput[],
  values: Record<string, string | boolean>,
  files: PickedFile[],
  entries: Record<string, Record<string, string>[]> = {},
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const input of inputs) {
    if (input.group) {
      // Each entry an object of the fields filled in, in the entries' order: JSON as it is, and
      // in a multipart body numbered by the SDK's formData (comparables[0][address]).
      const list = entries[input.group] ?? [];
      if (list.length) body[input.group] = list.map(filledFields);
    } else if (input.name === 'files[][attachment]') body[input.name] = files.map((picked) => picked.file);
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
