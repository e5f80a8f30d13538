import { Type } from 'typebox';
import { AudienceSchema } from '../schemas/audience.ts';
import { Binary, Id, Nullable, ref } from '../schemas/common.ts';

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
    author_name: Type.String({
      description:
        'Who wrote it; "Sam Staffer for Pat Processor" when someone wrote it acting for the author',
    }),
    content: Type.String({ description: 'Sanitized HTML' }),
    created_at: Type.String({ description: 'MM/DD/YYYY, the day in TIME_ZONE (as the interface fixes it)' }),
    created_at_iso: Type.String({
      format: 'date-time',
      description: 'When it was written: ISO 8601 date-time in UTC, to the millisecond',
    }),
    important: Nullable(Type.Boolean()),
    subject: Nullable(Type.String()),
    audience: ref(AudienceSchema, 'Who besides the company reads it'),
    forwarded_from: Nullable(
      Type.Object(
        { id: Id(), author_name: Type.String() },
        { description: "For the company's staff: the note this one passes on, and who wrote it" },
      ),
    ),
  },
  { $id: 'Note', description: 'A note on the order' },
);

const AudienceInput = ref(
  AudienceSchema,
  "Who besides the company reads it. Staff: any (default everyone). The lender: client, or everyone where the company lets the lender's messages reach the appraiser directly (then the default); the appraiser likewise with appraiser. Where messages go through the company (the company's setting for the client, on by default), the lender's and the appraiser's notes reach the company, which forwards them (POST /orders/{order_id}/notes/{note_id}/forward)",
);

export const CreateNoteBody = Type.Object(
  {
    content: Type.String({ minLength: 1, maxLength: 50_000, pattern: '\\S', description: 'HTML; sanitized' }),
    subject: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
    important: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
    additional_emails: Type.Optional(
      Type.Array(Type.String({ format: 'email', maxLength: 254 }), {
        maxItems: 20,
        description:
          "Sent as additional_emails[]: each receives the note by email (never someone of the order whom the note's audience leaves out)",
      }),
    ),
    audience: Type.Optional(AudienceInput),
    attachments: Type.Optional(Type.Array(Binary, { maxItems: 20, description: 'Sent as attachments[]' })),
  },
  { $id: 'CreateNoteRequest' },
);

export const ForwardNoteBody = Type.Object(
  {
    audience: Type.Optional(
      ref(
        AudienceSchema,
        "Who reads the forward; default: the other side of the note's author (a lender's note goes to the appraiser, an appraiser's to the lender). Required for a note of the company's own",
      ),
    ),
    content: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 50_000,
        pattern: '\\S',
        description: "The words passed on (HTML; sanitized); default: the original's",
      }),
    ),
    subject: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
    include_attachments: Type.Optional(
      Type.Boolean({ description: "Pass the original's attachments on too (default: true)" }),
    ),
  },
  { $id: 'ForwardNoteRequest' },
);

export const NoteParams = Type.Object({ order_id: Id('The order'), note_id: Id('The note') });
