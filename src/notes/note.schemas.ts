import { Type } from 'typebox';
import { Binary, Id, Nullable } from '../schemas/common.ts';

export const Note = Type.Object(
  {
    id: Id(),
    additional_emails: Type.Array(Type.String(), {
      description: 'Who received it by email besides the order',
    }),
    attachments: Type.Array(
      Type.Object({
        filename: Type.String(),
        link: Type.String({ description: 'Signed, expiring download link: GET it, no API key' }),
      }),
    ),
    author_name: Type.String(),
    content: Type.String({ description: 'Sanitized HTML' }),
    created_at: Type.String({ description: 'MM/DD/YYYY' }),
    important: Nullable(Type.Boolean()),
    subject: Nullable(Type.String()),
  },
  { $id: 'Note', description: 'A note on the order' },
);

export const CreateNoteBody = Type.Object(
  {
    content: Type.String({ minLength: 1, maxLength: 50_000, pattern: '\\S', description: 'HTML; sanitized' }),
    subject: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
    important: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
    additional_emails: Type.Optional(
      Type.Array(Type.String({ format: 'email', maxLength: 254 }), {
        maxItems: 20,
        description: 'Sent as additional_emails[]: each receives the note by email',
      }),
    ),
    attachments: Type.Optional(Type.Array(Binary, { maxItems: 20, description: 'Sent as attachments[]' })),
  },
  { $id: 'CreateNoteRequest' },
);
