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
    hint: 'The MISMO XML your report software exports, or its UAD 3.6 ZIP package',
    type: 'appraisal_xml',
    accept: 'application/xml,text/xml,.xml,application/zip,.zip',
  },
];

/** A UAD 3.6 package: a ZIP holding the XML with its PDF and photos, so no PDF is needed beside it. */
export const isPackage = (file: File) => /\.zip$/i.test(file.name) || /zip/.test(file.type);

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
