import { Type } from 'typebox';
import { Binary, Id, ref } from '../schemas/common.ts';
import { FileTypeSlug } from '../schemas/file-types.ts';

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
    created_at: Type.String({ description: 'MM/DD/YYYY' }),
    file_type: ref(FileType),
    filename: Type.String(),
    link: Type.String({
      description: 'Signed, expiring download link (LINK_TTL_SECONDS): GET it, no API key',
    }),
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
  { attachment: Binary, file_type: FileTypeSlug },
  { $id: 'UploadFileRequest' },
);
