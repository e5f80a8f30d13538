import { Type } from 'typebox';
import { Binary, Id, Nullable, ref } from '../schemas/common.ts';
import { FileTypeSlug } from '../schemas/file-types.ts';
import { AudienceSchema } from '../schemas/audience.ts';

export const FileType = Type.Object(
  {
    id: Id(),
    name: Type.String({ description: 'Appraisal Report, Invoice, Photos…' }),
    slug: Type.String({ description: 'What an upload names as file_type' }),
  },
  { $id: 'FileType', description: 'What kind of document a file is' },
);

export const OrderFile = Type.Object(
  {
    id: Id(),
    created_at: Type.String({ description: 'MM/DD/YYYY, the day in TIME_ZONE (as the interface fixes it)' }),
    created_at_iso: Type.String({
      format: 'date-time',
      description: 'When it was uploaded: ISO 8601 date-time in UTC, to the millisecond',
    }),
    file_type: ref(FileType),
    filename: Type.String(),
    link: Type.String({
      description: 'Signed, expiring download link (LINK_TTL_SECONDS): GET it, no API key',
    }),
    audience: ref(AudienceSchema, "Who besides the company sees it (a note's attachment: its note's)"),
    note_id: Nullable(Id("The note it is attached to; its audience follows the note's")),
    submission: Nullable(
      Type.Integer({ description: 'A report file: the submission of the report it came with (1, 2, …)' }),
    ),
    released: Nullable(
      Type.Boolean({
        description:
          'A report file: whether the company released it to the lender (the lender sees report files only once released)',
      }),
    ),
  },
  { $id: 'File', description: "One of the order's files" },
);

export const UploadedOrderFile = Type.Object(
  {
    ...OrderFile.properties,
    attachment_key: Type.String({ description: "The stored object's key; returned only by the upload" }),
  },
  { $id: 'UploadedFile', description: 'The file just uploaded' },
);

export const UploadFileBody = Type.Object(
  {
    attachment: Binary,
    file_type: FileTypeSlug,
    audience: Type.Optional(
      ref(
        AudienceSchema,
        "Who besides the company sees it; each role's choices and default are a note's (docs/api.md): where the company routes messages through it, what the lender or the appraiser uploads reaches the company first, which shares it (PATCH /orders/{order_id}/files/{file_id})",
      ),
    ),
  },
  { $id: 'UploadFileRequest' },
);

export const FileChangeBody = Type.Object(
  { audience: ref(AudienceSchema, 'Who besides the company sees the file from now on') },
  { $id: 'FileChangeRequest' },
);

export const FileParams = Type.Object({ order_id: Id('The order'), file_id: Id('The file') });
