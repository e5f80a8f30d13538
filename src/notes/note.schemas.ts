import { Type } from 'typebox';
import { Binary } from '../schemas/common.ts';

export const Note = Type.Object({
  id: Type.String(),
  additional_emails: Type.Array(Type.String()),
  attachments: Type.Array(Type.Object({ filename: Type.String(), link: Type.String() })),
  author_name: Type.String(),
  content: Type.String({ description: 'Sanitized HTML' }),
  created_at: Type.String({ description: 'MM/DD/YYYY' }),
  important: Type.Union([Type.Boolean(), Type.Null()]),
  subject: Type.Union([Type.String(), Type.Null()]),
});

export const CreateNoteBody = Type.Object({
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
});
