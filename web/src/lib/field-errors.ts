import { dateTime, humanize } from './format.ts';

/** `files[0][file_type]` → `file_type`, `party.name` → `name`, `attachments[]` → `attachments`. */
export const bareField = (field: string) =>
  field
    .replace(/\[\d*\]$/, '')
    .replace(/\[\d*\]/g, '.')
    .replace(/[[\]]/g, '')
    .split('.')
    .filter(Boolean)
    .at(-1) ?? field;

/**
 * A message the service wrote as a sentence of its own ("Enter an inspection time that is not in
 * the future."), which no label goes in front of; its moments (ISO 8601, in UTC) are said in the
 * viewer's zone. Null for a validator's phrase (`must be …`), which needs the field's name.
 */
export function ownSentence(message: string): string | null {
  if (!/^[A-Z]/.test(message)) return null;
  return message.replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})/g, (iso) =>
    dateTime(iso),
  );
}

/**
 * The service's 422 messages (`must be …`) as sentences naming the field as the form does:
 * "The fee must be a number". A message quoting a pattern says what is wrong in words instead:
 * a regular expression means nothing to the person typing.
 */
export function fieldSentences(
  errors: Record<string, string>,
  names: Record<string, string> = {},
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => {
      const own = ownSentence(message);
      if (own) return [field, own];
      const bare = bareField(field);
      const name = names[field] ?? names[bare] ?? humanize(bare);
      const words = /pattern|regex|\^.*\$/i.test(message) ? 'is not in the expected form' : message;
      return [field, `${name} ${words}`];
    }),
  );
}
