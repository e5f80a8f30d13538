import { Type, type Static } from 'typebox';
import { Binary, Id, Nullable } from '../schemas/common.ts';
import { AppraiserParams } from './credential.schemas.ts';

/** An appraiser's documents (docs/assignment.md, "Credentials"): certificates and copies on file. */

export const DOCUMENT_KINDS = ['eo_certificate', 'license', 'w9', 'other'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** What a document may be: what a person scans or saves from a carrier's portal. */
export const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

export const AppraiserDocument = Type.Object(
  {
    id: Id(),
    kind: Type.Enum([...DOCUMENT_KINDS], {
      description: 'eo_certificate: the E&O certificate; license: a copy of a license; w9; other',
    }),
    file_name: Type.String({ description: 'As uploaded' }),
    content_type: Type.Enum([...DOCUMENT_TYPES]),
    size: Type.Integer({ description: 'Bytes' }),
    expires_on: Nullable(Type.String({ description: 'YYYY-MM-DD: its last valid day; null: none' })),
    standing: Nullable(
      Type.Enum(['active', 'expiring', 'expired'], {
        description: 'expiring: within 60 days; null: it does not expire',
      }),
    ),
    uploaded_by: Nullable(Type.Object({ id: Id(), name: Type.String() })),
    uploaded_at: Type.String({ format: 'date-time' }),
    download_path: Type.String({ description: 'GET it with the same credentials to download the file' }),
  },
  { $id: 'AppraiserDocument', description: "A document on the appraiser's file" },
);

export const DocumentUploadBody = Type.Object(
  {
    file: Binary,
    kind: Type.String({ description: `One of ${DOCUMENT_KINDS.join(', ')}` }),
    expires_on: Type.Optional(
      Type.String({ description: 'YYYY-MM-DD: its last valid day (an E&O certificate needs one)' }),
    ),
  },
  {
    $id: 'AppraiserDocumentUpload',
    description:
      'multipart/form-data: the file (PDF, JPEG or PNG), its kind and, if it has one, its last valid day',
  },
);

export const DocumentParams = Type.Object({
  ...AppraiserParams.properties,
  document_id: Id('The document'),
});

export type AppraiserDocumentView = Static<typeof AppraiserDocument>;
