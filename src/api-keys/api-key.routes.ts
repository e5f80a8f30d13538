import { Type } from 'typebox';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { Success } from '../schemas/common.ts';
import { ApiKeyParams, ApiKeySummary, IssueApiKeyBody, IssuedApiKey } from './api-key.schemas.ts';
import { issueOwnApiKey, listApiKeys, revokeOwnApiKey } from './api-key.service.ts';

/**
 * Self-service keys: every user lists, issues and revokes their own keys, so that a key that
 * may be compromised is inactivated by its owner without waiting for an operator.
 */
export function registerApiKeyRoutes(app: AppInstance, { db }: AppDeps): void {
  app.get(
    '/api_keys',
    {
      schema: {
        tags: ['api keys'],
        summary: 'Your API keys (never the keys themselves)',
        response: { 200: Type.Array(ApiKeySummary) },
      },
    },
    async (request) => listApiKeys(db, principalOf(request).user.id),
  );

  app.post(
    '/api_keys',
    {
      config: {
        shownOnce: {
          fields: ['api_key'],
          then: 'Revoke that key if it was never received (DELETE /api/v1/api_keys/{id}) and issue a new one with a new Idempotency-Key.',
        },
      },
      schema: {
        tags: ['api keys'],
        summary: 'Issue a new API key for yourself; it is shown once',
        body: IssueApiKeyBody,
        response: { 201: IssuedApiKey },
      },
    },
    async (request, reply) => {
      const label = request.body.label?.trim() || null;
      const key = await issueOwnApiKey(db, principalOf(request), label);
      return reply
        .status(201)
        .send({ success: true as const, id: key.id, prefix: key.prefix, label, api_key: key.api_key });
    },
  );

  app.delete(
    '/api_keys/:key_id',
    {
      schema: {
        tags: ['api keys'],
        summary: 'Revoke one of your API keys (operators: any key); it stops working at once',
        params: ApiKeyParams,
        response: { 200: Success },
      },
    },
    async (request) => {
      await revokeOwnApiKey(db, principalOf(request).user, request.params.key_id);
      return { success: true as const };
    },
  );
}
