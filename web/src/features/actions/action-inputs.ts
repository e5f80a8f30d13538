/**
 * What each workflow action asks of the person taking it, read from the OpenAPI document at
 * build time (web/action-inputs.plugin.ts): the application's forms follow the API's own
 * request schemas, so a new or changed input shows up without a change here.
 */
export type ActionInputKind =
  | 'text'
  | 'long-text'
  | 'money'
  | 'date'
  | 'date-time'
  | 'boolean'
  | 'choice'
  | 'file'
  | 'appraiser'
  | 'product';

export interface ActionInput {
  /** The name on the wire: `reason`, `attachments[]`, `files[][file_type]`. */
  name: string;
  label: string;
  description?: string;
  required: boolean;
  kind: ActionInputKind;
  choices?: string[];
  /** An array: several files (`attachments[]`), or one value per file (`files[][file_type]`). */
  many: boolean;
  maxLength?: number;
  /** What the field holds when the dialog opens: `now` where the API's own default is now. */
  initial?: 'now';
  /** A field of each entry of a list of entries (`comparables[][address]` is of `comparables`). */
  group?: string;
}

/**
 * A list of entries the action takes, each of the same fields (a reconsideration's deficiencies,
 * its comparables): sent as `comparables[0][address]`, `comparables[1][address]`, ….
 */
export interface ActionGroup {
  /** The name on the wire, and in the service's messages: `comparables`. */
  name: string;
  label: string;
  description?: string;
  /** As many entries as the API takes, when it says. */
  maxItems?: number;
}

export interface ActionForm {
  /** The body's encodings, preferred first: multipart when the action takes files. */
  multipart: boolean;
  inputs: ActionInput[];
  /** The lists of entries among the inputs, in the order the API names them. */
  groups: ActionGroup[];
}
