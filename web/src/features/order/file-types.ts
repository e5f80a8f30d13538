import { actionForms } from '../actions/forms.ts';

/** What an upload may name as its file_type: the API's own list (the submission's request schema). */
export const FILE_TYPES: string[] = actionForms.request_submission?.inputs.find(
  (input) => input.name === 'files[][file_type]',
)?.choices ?? ['other'];
