import { Type } from 'typebox';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { ref, Success } from '../schemas/common.ts';
import { ApiKeyParams, ApiKeySummary, IssueApiKeyBody, IssuedApiKey } from './api-key.schemas.ts';
import { issueOwnApiKey, listApiKeys, revokeOwnApiKey } from './api-key.service.ts';

/**
 * Self-service keys: every user lists, issues and revokes their own keys, so that a key that
 * may be compromised is inactivated by its owner without waiting for an operator.
 */
export function registerApiKeyRoutes(app: AppInstance, { db, config }: AppDeps): void {
  app.get(
    '/api_keys',
    {
      schema: {
        operationId: 'listApiKeys',
        tags: ['api keys'],
        summary: 'Your API keys (never the keys themselves)',
        description: 'Newest first, revoked ones included (with revoked_at).',
        response: { 200: Type.Array(ref(ApiKeySummary), { description: 'Your keys' }) },
      },
    },
    async (request) => listApiKeys(db, principalOf(request).user.id),
  );

  app.post(
    '/api_keys',
    {
      config: {
        errors: [409],
        shownOnce: {
          fields: ['api_key'],
          then: 'Revoke that key if it was never received (DELETE /api/v1/api_keys/{id}) and issue a new one with a new Idempotency-Key.',
        },
      },
      schema: {
        operationId: 'issueApiKey',
        tags: ['api keys'],
        summary: 'Issue a new API key for yourself; it is shown once',
        description:
          'The key is stored only as a hash: keep it now. A key of another organization acting for you (X-Api-Email) may not issue one in your name (403). One user holds at most API_KEYS_PER_USER keys not revoked (25 unless configured; 409 beyond), and all of them share one rate limit.',
        body: ref(IssueApiKeyBody),
        response: { 201: ref(IssuedApiKey) },
      },
    },
    async (request, reply) => {
      const label = request.body.label?.trim() || null;
      const key = await issueOwnApiKey(db, principalOf(request), label, config.apiKeysPerUser);
      return reply
        .status(201)
        .send({ success: true as const, id: key.id, prefix: key.prefix, label, api_key: key.api_key });
    },
  );

  app.delete(
    '/api_keys/:key_id',
    {
      schema: {
        operationId: 'revokeApiKey',
        tags: ['api keys'],
        summary: 'Revoke one of your API keys (operators: any key)',
        description:
          "It stops working at once on this process and within 5 seconds on every other. Another user's key is 404.",
        params: ApiKeyParams,
        response: { 200: ref(Success, 'Revoked') },
      },
    },
    async (request) => {
      await revokeOwnApiKey(db, principalOf(request).user, request.params.key_id);
      return { success: true as const };
    },
  );
}
