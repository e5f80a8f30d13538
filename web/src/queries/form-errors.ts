import { ownSentence } from '../lib/field-errors.ts';
import { ApiFailure } from './failure.ts';

/**
 * The service's 422 details as sentences a person reads beside the field: "The ZIP code needs
 * 5 digits, or 9 as ZIP+4 (78701-1234)", "The name is required". The details name the field as the request did
 * (`organization.address_attributes.zip`) and say what is wrong in the schema validator's words
 * (`must match pattern "^\d{5}…"`), which mean nothing to a person: both are translated here.
 */

/** Where a field's pattern asks for a form a person knows, the sentence says which. */
const PATTERN_HINTS: Record<string, (label: string) => string> = {
  zip: (label) => `${label} needs 5 digits, or 9 as ZIP+4 (78701-1234)`,
  state: (label) => `${label} needs its two-letter code, such as TX`,
  phone_number: (label) => `${label} needs a phone number's digits, such as 512-555-0100`,
  phone: (label) => `${label} needs a phone number's digits, such as 512-555-0100`,
  email: (label) => `${label} needs an email address, such as name@example.com`,
  url: (label) => `${label} needs to start with https://`,
  fee: (label) => `${label} needs an amount in dollars, such as 450.00`,
  submission_fee: (label) => `${label} needs an amount in dollars, such as 450.00`,
};
const hinted = (leaf: string, label: string, otherwise: string) => PATTERN_HINTS[leaf]?.(label) ?? otherwise;

/** What the validator's words mean, as the end of a sentence that starts with the field's label. */
const MESSAGES: [RegExp, (match: RegExpExecArray, label: string, leaf: string) => string][] = [
  [/^must NOT have fewer than 1 characters?$/, (_m, label) => `${label} is required`],
  [
    /^must NOT have fewer than (\d+) characters?$/,
    (m, label) => `${label} needs at least ${m[1]} characters`,
  ],
  [
    /^must NOT have more than (\d+) characters?$/,
    (m, label) => `${label} may have at most ${m[1]} characters`,
  ],
  [/^must NOT have fewer than 1 items?$/, (_m, label) => `Choose at least one for ${lower(label)}`],
  [/^must NOT have fewer than (\d+) items?$/, (m, label) => `Choose at least ${m[1]} for ${lower(label)}`],
  [/^must NOT have more than (\d+) items?$/, (m, label) => `Choose at most ${m[1]} for ${lower(label)}`],
  [/^must match format "email"$/, (_m, label) => hinted('email', label, '')],
  [/^must match format "uri"$/, (_m, label) => hinted('url', label, '')],
  [/^must match format "date"$/, (_m, label) => `${label} is not a date`],
  [/^must match format "uuid"$/, (_m, label) => `${label} is not one of the choices`],
  [/^must match pattern /, (_m, label, leaf) => hinted(leaf, label, `${label} is not in the expected form`)],
  [/^must be equal to one of the allowed values$/, (_m, label) => `${label} is not one of the choices`],
  [/^must be (string|number|integer|boolean|array|object|null)/, (_m, label) => `${label} is not valid`],
  [
    /^must be a decimal amount/,
    (_m, label, leaf) => hinted(leaf, label, `${label} must be an amount, such as 450.00`),
  ],
];

const lower = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);

/** `organization.contacts_attributes[0].phones_attributes[0].phone_number` → `phone_number`. */
const leafOf = (field: string) =>
  field
    .replace(/\[\d+\]/g, '')
    .split('.')
    .pop() ?? field;

/** Labels of the fields many forms share, where the API's name is not a person's word. */
const LEAF_LABELS: Record<string, string> = {
  zip: 'The ZIP code',
  url: 'The address',
  phone_number: 'The phone number',
  address_one: 'The street',
};
/** A label for a field the form does not name: `first_name` → "The first name". */
const labelOf = (field: string) => LEAF_LABELS[leafOf(field)] ?? `The ${leafOf(field).replace(/_/g, ' ')}`;

/** One problem as a sentence: "The ZIP code is required.", "The ZIP code needs 5 digits, or 9 as ZIP+4 (78701-1234)." */
export function problemSentence(field: string, message: string, label = labelOf(field)): string {
  const leaf = leafOf(field);
  const known = MESSAGES.map(([pattern, say]) => {
    const match = pattern.exec(message);
    return match ? say(match, label, leaf) : null;
  }).find((sentence) => sentence !== null);
  // The service's own checks answer in sentences: one that names its field ("The card number is
  // not valid") stands as it is; before another ("Enter a 10-digit phone number…") goes the
  // label, so that a message beside one of two phone fields still says which.
  // Its moments are said in the viewer's zone (ownSentence).
  const own = ownSentence(message);
  const namesItsField = /^(The|This|Your) /.test(message);
  const sentence = known ?? (own ? (namesItsField ? own : `${label}: ${own}`) : `${label} ${message}`);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/**
 * The service's 422 messages by the form's own fields: `apiFields` names, for each field of the
 * form, the field the API calls it (`zip` → `organization.address_attributes.zip`); a message
 * about an item of a list (`event_types[2]`) goes to the list's field. A message for a field the
 * form does not show is returned as `rest`, for an alert above the form, as is any other failure.
 */
export function formErrorsOf(
  error: unknown,
  apiFields: Record<string, string>,
  labels: Record<string, string>,
): { fields: Record<string, string>; rest: string | null } {
  if (!(error instanceof ApiFailure))
    return { fields: {}, rest: 'The service could not be reached. Try again.' };
  const byApi = new Map(Object.entries(apiFields).map(([form, api]) => [api, form]));
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const detail of error.body?.error.details ?? []) {
    const item = byApi.get(detail.field) === undefined;
    const form = byApi.get(detail.field) ?? byApi.get(detail.field.replace(/\[\d+\]$/, ''));
    // An item of a list has a label of its own ("An event"), or the list's.
    const label = form && ((item ? labels[`${form}[]`] : undefined) ?? labels[form]);
    if (form) fields[form] ??= problemSentence(detail.field, detail.message, label);
    else rest.push(problemSentence(detail.field, detail.message));
  }
  if (Object.keys(fields).length === 0 && rest.length === 0) return { fields, rest: error.message };
  return { fields, rest: rest.length > 0 ? rest.join(' ') : null };
}

/** The same for a form whose fields are named as the API names them (`email`, `password`). */
export const sameNamedErrorsOf = (error: unknown, labels: Record<string, string>) =>
  formErrorsOf(
    error,
    Object.fromEntries(
      Object.keys(labels)
        .filter((field) => !field.endsWith('[]'))
        .map((field) => [field, field]),
    ),
    labels,
  );

/** Where a form shows a refusal: by its fields, and above them. */
export interface FormRefusal {
  setErrors: (errors: Record<string, string>) => void;
  setFailure: (failure: string | null) => void;
}

/**
 * Sends a form: the answer, or undefined once the service's refusal is shown by the fields it
 * names (`labels`, and `apiFields` where the API names them otherwise) and the rest above them.
 */
export async function sendForm<T>(
  send: () => Promise<T>,
  shown: FormRefusal,
  labels: Record<string, string>,
  apiFields?: Record<string, string>,
): Promise<T | undefined> {
  shown.setFailure(null);
  try {
    return await send();
  } catch (error) {
    const { fields, rest } = apiFields
      ? formErrorsOf(error, apiFields, labels)
      : sameNamedErrorsOf(error, labels);
    shown.setErrors(fields);
    shown.setFailure(rest);
    return undefined;
  }
}
