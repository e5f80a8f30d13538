import { Type } from 'typebox';

/**
 * The file types of the interface, declared once: the slug union and the input enum derive
 * from it. Migration 0004 seeded the `file_types` rows with the same slugs (a test compares).
 */
export const FILE_TYPE_SLUGS = [
  'appraisal_pdf',
  'appraisal_xml',
  'appraisal_env',
  'appraisal_misc',
  'ssr_fannie_mae',
  'ssr_freddie_mac',
  'ssr_ead',
  'purchase_agreement',
  'appraiser_invoice',
  'certificate_of_compliance',
  'sales_contract',
  'settlement_statement',
  'survey',
  'title',
  'plans_specs',
  'other',
  'addendum',
  'workflow_action_confirmation',
  'rehab_budget',
  'third_party_data_collection_report',
  'engagement_letter',
] as const;

export type FileTypeSlugValue = (typeof FILE_TYPE_SLUGS)[number];

export const FileTypeSlug = Type.Enum([...FILE_TYPE_SLUGS]);
