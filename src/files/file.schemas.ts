import { Type } from 'typebox';

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

/** An uploaded file part (multipart/form-data). */
export const Binary = Type.String({
  format: 'binary',
  description: 'A file part of a multipart/form-data body',
});

export const FileTypeSlug = Type.Enum([...FILE_TYPE_SLUGS]);

export const OrderFile = Type.Object({
  id: Type.String(),
  created_at: Type.String({ description: 'MM/DD/YYYY' }),
  file_type: Type.Object({ id: Type.String(), name: Type.String(), slug: Type.String() }),
  filename: Type.String(),
  link: Type.String({ description: 'Signed, expiring download link (LINK_TTL_SECONDS)' }),
});

export const UploadedOrderFile = Type.Object({
  ...OrderFile.properties,
  attachment_key: Type.String({ description: "The stored object's key; returned only by the upload" }),
});

export const UploadFileBody = Type.Object({ attachment: Binary, file_type: FileTypeSlug });
