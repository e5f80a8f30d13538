import { Type } from 'typebox';
import { Id, Nullable } from '../schemas/common.ts';

export const ApiKeySummary = Type.Object(
  {
    id: Id(),
    prefix: Type.String({ description: 'The first characters of the key, to tell keys apart' }),
    label: Nullable(Type.String()),
    created_at: Type.String({ format: 'date-time' }),
    revoked_at: Nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'ApiKey', description: 'An API key, without the key itself' },
);

export const IssueApiKeyBody = Type.Object(
  { label: Type.Optional(Type.String({ maxLength: 100, description: 'What the key is for' })) },
  { $id: 'IssueApiKeyRequest' },
);

export const IssuedApiKey = Type.Object(
  {
    success: Type.Literal(true),
    id: Id(),
    prefix: Type.String(),
    label: Nullable(Type.String()),
    api_key: Type.String({ description: 'The key itself: shown this once, stored only as a hash' }),
  },
  { $id: 'IssuedApiKey', description: 'A new key, shown this once' },
);

export const ApiKeyParams = Type.Object({ key_id: Id('The key') });
