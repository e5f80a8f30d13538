import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/connection.ts';
import { AppError } from '../errors/app-error.ts';

/**
 * `Idempotency-Key` on POST requests: the first request with a key runs and its 2xx answer is
 * kept for 24 hours; a retry with the same key and the same request answers the kept response
 * (with `Idempotent-Replayed: true`) and does nothing again. The same key with a different
 * request answers 422; a retry while the first is still running answers 409. A request that
 * failed keeps nothing, so it can be retried with the same key. Keys belong to the user whose
 * permissions apply.
 */
/** 1 to 255 visible ASCII characters: the OpenAPI document declares the same pattern. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;
const STALE_SECONDS = 60;
export const IDEMPOTENCY_TTL_HOURS = 24;

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: { userId: string; key: string } | null;
  }
  interface FastifyContextConfig {
    /**
     * The answer shows a secret once (a new API key, a webhook signing secret). The secret is
     * never kept with the answer; a retry is told what the first request did instead (409),
     * with `then`: what to do to get a secret again.
     */
    shownOnce?: { fields: readonly string[]; then: string };
  }
}

function requestHash(request: FastifyRequest): string {
  const uploads = (request.uploads ?? []).map((u) => `${u.field}:${u.sha256}:${u.size}`);
  return createHash('sha256')
    .update(
      `${request.method} ${request.url.split('?')[0]}\n${JSON.stringify(request.body ?? null)}\n${uploads.join(',')}`,
    )
    .digest('hex');
}

/** Registered inside the authenticated /api/v1 scope. */
export function registerIdempotency(api: FastifyInstance, db: Db): void {
  api.decorateRequest('idempotency', null);

  api.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST') return;
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    const key = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
    if (!IDEMPOTENCY_KEY.test(key)) {
      throw new AppError('validation_failed', 'Idempotency-Key must be 1 to 255 visible ASCII characters', [
        { field: 'Idempotency-Key', message: 'is not a valid key' },
      ]);
    }
    const userId = request.principal!.user.id;
    const hash = requestHash(request);
    // A first request that died without answering leaves a claim that others may take over.
    await db
      .deleteFrom('idempotency_keys')
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .where((eb) =>
        eb.or([
          eb('created_at', '<', sql<Date>`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`),
          eb.and([
            eb('status_code', 'is', null),
            eb('created_at', '<', sql<Date>`now() - make_interval(secs => ${STALE_SECONDS})`),
          ]),
        ]),
      )
      .execute();
    const claimed = await db
      .insertInto('idempotency_keys')
      .values({ user_id: userId, key, request_hash: hash })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (claimed) {
      request.idempotency = { userId, key };
      return;
    }
    const existing = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!existing)
      throw new AppError('conflict', 'The request with this Idempotency-Key changed meanwhile; retry');
    if (existing.request_hash !== hash) {
      throw new AppError('validation_failed', 'This Idempotency-Key was used for a different request', [
        { field: 'Idempotency-Key', message: 'was used for a different request' },
      ]);
    }
    if (existing.status_code === null)
      throw new AppError(
        'conflict',
        'The first request with this Idempotency-Key is still being processed; retry shortly',
      );
    const shownOnce = request.routeOptions.config.shownOnce;
    if (shownOnce) throw alreadyShown(shownOnce, existing.response_body);
    return reply
      .status(existing.status_code)
      .header('idempotent-replayed', 'true')
      .header('content-type', 'application/json; charset=utf-8')
      .send(existing.response_body);
  });

  api.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    const query = db
      .updateTable('idempotency_keys')
      .where('user_id', '=', claim.userId)
      .where('key', '=', claim.key);
    if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string') {
      const shownOnce = request.routeOptions.config.shownOnce;
      const kept = shownOnce ? withoutFields(payload, shownOnce.fields) : payload;
      await query.set({ status_code: reply.statusCode, response_body: kept }).execute();
    } else {
      await db
        .deleteFrom('idempotency_keys')
        .where('user_id', '=', claim.userId)
        .where('key', '=', claim.key)
        .execute();
    }
    return payload;
  });
}

/** The answer as kept: the shown-once fields removed (the client received them; nobody else will). */
function withoutFields(payload: string, fields: readonly string[]): string {
  try {
    const body = JSON.parse(payload) as Record<string, unknown>;
    for (const field of fields) delete body[field];
    return JSON.stringify(body);
  } catch {
    return '{}';
  }
}

function keptId(kept: string | null): unknown {
  try {
    return (JSON.parse(kept ?? '{}') as { id?: unknown }).id;
  } catch {
    return null;
  }
}

/** A retry of a request whose answer held a secret: what it did, and how to get a secret again. */
function alreadyShown(shownOnce: { fields: readonly string[]; then: string }, kept: string | null): AppError {
  const id = keptId(kept);
  const fields = shownOnce.fields.join(', ');
  return new AppError(
    'conflict',
    `The first request with this Idempotency-Key succeeded${typeof id === 'string' ? ` (id ${id})` : ''}; ` +
      `its answer held ${fields}, which is shown only once and not kept. ${shownOnce.then}`,
    [{ field: 'Idempotency-Key', message: `was used by a request whose ${fields} was shown once` }],
  );
}

/** Idempotency keys are kept for a day (docs/api.md); the timers forget older ones. */
export async function forgetExpiredIdempotencyKeys(db: Db): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', sql<Date>`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`)
    .execute();
}
