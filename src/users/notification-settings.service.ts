import type { AuthUser } from '../auth/principal.ts';
import type { Db } from '../db/connection.ts';
import { isOptIn, NOTICE_KINDS, noticeKindsFor, type NoticeKind } from '../events/notice-kinds.ts';
import { AppError } from '../errors/app-error.ts';
import { findNoticeChoices, setNoticeChoices } from './user.repository.ts';

/**
 * Which status notices a user gets by email: every kind of their role arrives unless they
 * turned it off, except the opt-in kinds, which arrive once they turned them on. Operators get
 * none.
 */
export async function notificationSettings(db: Db, user: AuthUser) {
  const choices = await findNoticeChoices(db, user.id);
  const off = new Set(choices.off);
  const on = new Set(choices.on);
  return noticeKindsFor(user.role).map((kind) => ({
    kind,
    description: NOTICE_KINDS[kind].description,
    enabled: isOptIn(kind) ? on.has(kind) : !off.has(kind),
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
  const choices = await findNoticeChoices(db, user.id);
  const off = new Set(choices.off);
  const on = new Set(choices.on);
  for (const [kind, enabled] of Object.entries(changes) as [NoticeKind, boolean][]) {
    // An opt-in kind is kept among those turned on; any other among those turned off.
    const list = isOptIn(kind) ? on : off;
    if (enabled === isOptIn(kind)) list.add(kind);
    else list.delete(kind);
  }
  await setNoticeChoices(db, user.id, { off: [...off].sort(), on: [...on].sort() });
  return notificationSettings(db, user);
}
