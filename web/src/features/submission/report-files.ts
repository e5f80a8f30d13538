import type { FileTypeSlug } from '../../queries/order-records.ts';

/** The files of a report: each sent on its own as soon as it is chosen, then submitted together. */
export const SLOTS: { key: string; label: string; hint: string; type: FileTypeSlug; accept: string }[] = [
  {
    key: 'pdf',
    label: 'Report (PDF)',
    hint: 'The signed appraisal report',
    type: 'appraisal_pdf',
    accept: 'application/pdf,.pdf',
  },
  {
    key: 'xml',
    label: 'Report data (XML)',
    hint: 'The MISMO XML your report software exports',
    type: 'appraisal_xml',
    accept: 'application/xml,text/xml,.xml',
  },
];

export interface SlotState {
  file: File;
  progress: number;
  state: 'uploading' | 'done' | 'failed';
  fileId?: string;
  error?: string;
}

/** The statuses in which the report goes back for a revision. */
export const REVISING = ['Client request', 'Action required'];

/** The lender's words that send a report back (notes the revision actions write). */
export const REQUEST_SUBJECTS = /^(Revision request|Reconsideration of value request)$/;
