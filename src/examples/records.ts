import type { Static } from 'typebox';
import { FileChangeBody, FileType, OrderFile, UploadedOrderFile } from '../files/file.schemas.ts';
import { ForwardNoteBody, Note } from '../notes/note.schemas.ts';
import { CreatePartyBody, TogglePocBody } from '../parties/party.schemas.ts';
import { example, type NamedExample } from './example.ts';
import { CLIENT_ADMIN, FILE_ID, FILE_TYPE, NOTE_ID, ORDER_ID, signed } from './ids.ts';

/** The order's files, notes and parties. */
export const FILE: Static<typeof OrderFile> = {
  id: FILE_ID,
  created_at: '11/27/2026',
  created_at_iso: '2026-11-27T15:42:07.318Z',
  file_type: FILE_TYPE,
  filename: 'appraisal-report.pdf',
  link: signed(`/files/${FILE_ID}`),
  audience: 'everyone',
  note_id: null,
  submission: 1,
  released: true,
};

export const NOTE: Static<typeof Note> = {
  id: NOTE_ID,
  additional_emails: ['agent@realty.example'],
  attachments: [{ filename: 'gate-map.pdf', link: signed(`/files/${FILE_ID}`) }],
  author_name: CLIENT_ADMIN.name,
  content: '<p>The gate code is <b>1234</b>; the dog is friendly.</p>',
  created_at: '11/27/2026',
  created_at_iso: '2026-11-27T14:05:31.902Z',
  important: true,
  subject: 'Access to the property',
  audience: 'everyone',
  forwarded_from: { id: 'b2f1e0d9-8c7b-4a6f-9e5d-4c3b2a190817', author_name: CLIENT_ADMIN.name },
};

export const RECORD_EXAMPLES: NamedExample[] = [
  example(FileType, FILE_TYPE),
  example(OrderFile, FILE),
  example(UploadedOrderFile, { ...FILE, attachment_key: `orders/${ORDER_ID}/${FILE_ID}` }),
  example(FileChangeBody, { audience: 'everyone' }),
  example(Note, NOTE),
  example(ForwardNoteBody, {
    audience: 'appraiser',
    content: '<p>From the lender: the gate code is <b>1234</b>.</p>',
    subject: 'Access to the property',
    include_attachments: true,
  }),
  example(CreatePartyBody, {
    party: {
      name: 'Sally Seller',
      role: "Seller's Agent",
      poc: false,
      emails: ['sally@realty.example'],
      phones: ['512-555-0199'],
    },
  }),
  example(TogglePocBody, { poc: true }),
];
