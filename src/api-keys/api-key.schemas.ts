import { Type } from 'typebox';

export const ApiKeySummary = Type.Object({
  id: Type.String({ format: 'uuid' }),
  prefix: Type.String({ description: 'The first characters of the key, to tell keys apart' }),
  label: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  revoked_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

export const IssueApiKeyBody = Type.Object({
  label: Type.Optional(Type.String({ maxLength: 100, description: 'What the key is for' })),
});

export const IssuedApiKey = Type.Object({
  success: Type.Literal(true),
  id: Type.String({ format: 'uuid' }),
  prefix: Type.String(),
  label: Type.Union([Type.String(), Type.Null()]),
  api_key: Type.String({ description: 'The key itself: shown this once, stored only as a hash' }),
});

export const ApiKeyParams = Type.Object({ key_id: Type.String() });
