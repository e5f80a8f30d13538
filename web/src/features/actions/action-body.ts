import type { PickedFile } from '../../components/FilePicker.tsx';
import type { ActionInput } from './action-inputs.ts';

/** The inputs of `files[][…]`: one row per file (the file, its type, its product). */
export const PER_FILE = /^files\[\]\[/;

/** `files[0][file_type]`, `files[][file_type]` and `file_type` name the same input. */
export function sameField(reported: string, name: string): boolean {
  const bare = (field: string) => field.replace(/\[\d*\]/g, '[]').replace(/^.*\[([^\]]+)\]$/, '$1');
  return reported === name || bare(reported) === bare(name);
}

/** The request body: filled inputs only, date-times with the person's zone, files with their types. */
export function bodyOf(
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
