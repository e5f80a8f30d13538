import { actionForms } from './forms.ts';
import { humanize } from '../../lib/format.ts';

/** What an upload may name as its file_type: the API's own list (the submission's request schema). */
export const FILE_TYPES: string[] = actionForms.request_submission?.inputs.find(
  (input) => input.name === 'files[][file_type]',
)?.choices ?? ['other'];

/** The names people know the types by (those the slug alone would garble: "Ssr ead"). */
const NAMES: Record<string, string> = {
  appraisal_pdf: 'Appraisal report (PDF)',
  appraisal_xml: 'Appraisal report data (XML)',
  appraisal_env: 'Appraisal report (ENV)',
  appraisal_misc: 'Appraisal, other document',
  ssr_fannie_mae: 'Submission summary report (Fannie Mae)',
  ssr_freddie_mac: 'Submission summary report (Freddie Mac)',
  ssr_ead: 'Submission summary report (EAD)',
  plans_specs: 'Plans and specifications',
};
export const fileTypeName = (slug: string) => NAMES[slug] ?? humanize(slug);
export const fileTypeChoices = (slugs: readonly string[]) =>
  slugs.map((value) => ({ value, label: fileTypeName(value) }));

/** A report's files, as the appraiser submits them: a PDF is the report, an XML its data. */
export function guessReportType(file: File, choices: readonly string[]): string | undefined {
  if (/\.pdf$/i.test(file.name) && choices.includes('appraisal_pdf')) return 'appraisal_pdf';
  if (/\.xml$/i.test(file.name) && choices.includes('appraisal_xml')) return 'appraisal_xml';
  return choices.includes('other') ? 'other' : undefined;
}

/** Words in a file's name that say what it is; a report's types are left to the appraiser's submission. */
const BY_NAME: [RegExp, string][] = [
  [/invoice/i, 'appraiser_invoice'],
  [/purchase|agreement/i, 'purchase_agreement'],
  [/contract/i, 'sales_contract'],
  [/settlement|closing.?disclosure/i, 'settlement_statement'],
  [/survey/i, 'survey'],
  [/title/i, 'title'],
  [/plan|spec/i, 'plans_specs'],
  [/addend/i, 'addendum'],
  [/engagement/i, 'engagement_letter'],
  [/budget|rehab/i, 'rehab_budget'],
];

/**
 * A document added to an order (a contract, a survey): its type from its name, else "Other" for
 * the person to correct. Never the report's own type: a lender's PDF is not an appraisal.
 */
export function guessDocumentType(file: File, choices: readonly string[]): string | undefined {
  const named = BY_NAME.find(([words, slug]) => words.test(file.name) && choices.includes(slug))?.[1];
  return named ?? (choices.includes('other') ? 'other' : undefined);
}
