import type { AuthUser } from '../auth/principal.ts';
import type { Db } from '../db/connection.ts';
import { NOTICE_KINDS, noticeKindsFor, type NoticeKind } from '../events/notice-kinds.ts';
import { AppError } from '../errors/app-error.ts';
import { findNoticesOff, setNoticesOff } from './user.repository.ts';

/**
 * Which status notices a user gets by email: every kind of their role arrives unless they
 * turned it off. Operators get none.
 */
export async function notificationSettings(db: Db, user: AuthUser) {
  const off = new Set(await findNoticesOff(db, user.id));
  return noticeKindsFor(user.role).map((kind) => ({
    kind,
    description: NOTICE_KINDS[kind].description,
    enabled: !off.has(kind),
  }));
}

/** Turns kinds on (true) or off (false); a kind that is not the user's role's answers 422. */
export async function changeNotificationSettings(
  db: Db,
  user: AuthUser,
  changes: Partial<Record<NoticeKind, boolean>>,
) {
  const own = new Set<string>(noticeKindsFor(user.role));
  const foreign = Object.keys(changes).filter((kind) => !own.has(kind));
  if (foreign.length > 0) {
    throw new AppError(
      'validation_failed',
      `Not notices of your role (${user.role}): ${foreign.join(', ')}`,
      foreign.map((kind) => ({
        field: kind,
        message: `is a notice for ${NOTICE_KINDS[kind as NoticeKind].audience}s, not for your role`,
      })),
    );
  }
  const off = new Set(await findNoticesOff(db, user.id));
  for (const [kind, enabled] of Object.entries(changes)) {
    if (enabled) off.delete(kind);
    else off.add(kind);
  }
  await setNoticesOff(db, user.id, [...off].sort());
  return notificationSettings(db, user);
}
