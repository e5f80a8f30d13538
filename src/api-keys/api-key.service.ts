import type { Db } from '../db/connection.ts';
import { requireOwnDecision } from '../policy/acting.ts';
import type { AuthUser, Principal } from '../auth/principal.ts';
import { AppError } from '../errors/app-error.ts';
import { isUuid } from '../db/ids.ts';
import { generateApiKey, hashApiKey } from '../auth/api-keys.ts';
import { forgetKeyId } from '../auth/key-cache.ts';

export interface IssuedKey {
  id: string;
  user_id: string;
  prefix: string;
  /** The key itself: shown this once, never stored. */
  api_key: string;
}

/**
 * Issues a key. With `maxLive`, a user who holds that many keys not revoked gets 409: keys
 * share one rate limit per user, and a user with hundreds of them is a leak waiting to happen.
 * The user's row is locked while counting, so that requests at once cannot pass the cap together.
 */
export async function issueApiKey(
  db: Db,
  userId: string,
  label: string | null = null,
  maxLive: number | null = null,
): Promise<IssuedKey> {
  if (!isUuid(userId)) throw new AppError('not_found', `No user ${userId}`);
  const issue = async (trx: Db) => {
    const user = await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!user) throw new AppError('not_found', `No user ${userId}`);
    if (maxLive !== null) {
      const { live } = await trx
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll<number>().as('live'))
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(live) >= maxLive)
        throw new AppError(
          'conflict',
          `You hold ${maxLive} API keys, the most one user may (API_KEYS_PER_USER): revoke one you no longer use (DELETE /api/v1/api_keys/{id}) first`,
        );
    }
    const generated = generateApiKey();
    const row = await trx
      .insertInto('api_keys')
      .values({ user_id: userId, token_hash: generated.hash, prefix: generated.prefix, label })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    return { id: row.id, user_id: userId, prefix: generated.prefix, api_key: generated.key };
  };
  // Inside a caller's transaction (the demo's seed) the lock holds until it commits.
  return db.isTransaction ? issue(db) : db.transaction().execute(issue);
}

/**
 * A key for the user whose permissions apply (POST /api_keys). Never for a user of another
 * organization acted for: a key would outlive the acting-as and act in their name alone.
 */
export async function issueOwnApiKey(
  db: Db,
  principal: Principal,
  label: string | null,
  maxLive: number,
): Promise<IssuedKey> {
  requireOwnDecision(principal, { by: 'organization', what: 'issue API keys' });
  return issueApiKey(db, principal.user.id, label, maxLive);
}

/** Revokes by key id or by the key itself. Revoking twice keeps the first revocation time. */
export async function revokeApiKey(
  db: Db,
  by: { id: string } | { key: string },
): Promise<{ id: string; revoked_at: Date }> {
  const query = db
    .updateTable('api_keys')
    .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.fn<Date>('now', [])) }))
    .returning(['id', 'revoked_at']);
  const row =
    'id' in by
      ? isUuid(by.id)
        ? await query.where('id', '=', by.id).executeTakeFirst()
        : undefined
      : await query.where('token_hash', '=', hashApiKey(by.key)).executeTakeFirst();
  if (!row?.revoked_at) throw new AppError('not_found', 'No such API key');
  forgetKeyId(row.id);
  return { id: row.id, revoked_at: row.revoked_at };
}

export async function listApiKeys(db: Db, userId: string) {
  const rows = await db
    .selectFrom('api_keys')
    .select(['id', 'prefix', 'label', 'created_at', 'revoked_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((row) => ({
    ...row,
    created_at: row.created_at.toISOString(),
    revoked_at: row.revoked_at?.toISOString() ?? null,
  }));
}

/** A user revokes their own key; an operator any key. Someone else's key is "not found". */
export async function revokeOwnApiKey(db: Db, user: AuthUser, keyId: string): Promise<void> {
  if (!isUuid(keyId)) throw new AppError('not_found', 'No such API key');
  const key = await db
    .selectFrom('api_keys')
    .select(['id', 'user_id'])
    .where('id', '=', keyId)
    .executeTakeFirst();
  if (!key || (key.user_id !== user.id && user.role !== 'operator'))
    throw new AppError('not_found', 'No such API key');
  await revokeApiKey(db, { id: keyId });
}
