import { Type } from 'typebox';
import { Binary } from '../schemas/common.ts';
import { FileTypeSlug } from '../schemas/file-types.ts';

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
