import type { Config } from '../config/config.ts';
import type { Db } from '../db/connection.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { EmailPayload } from '../mail/message.ts';
import { renderEmail, SERVICE_NAME } from '../mail/templates.ts';
import { findSignInUser } from '../auth/auth-user.repository.ts';
import { createSignInLink } from './session.store.ts';

/**
 * Emails that carry a one-time link (an invitation's, a password reset's) hold no working
 * token while they wait in the outbox: the message keeps a placeholder, and the link is made
 * when the email is sent, then written into it. Reading outbox_messages (a backup, a support
 * query) opens nothing; a retried send makes a new link, which voids the one before.
 */
export const ONE_TIME_TOKEN = '__ONE_TIME_TOKEN__';

/** A page of the web application with the placeholder for the link's token. */
export const oneTimeLinkUrl = (config: Config, page: '/set-password' | '/reset-password') =>
  `${config.publicBaseUrl}${page}?token=${ONE_TIME_TOKEN}`;

/** Sends an email, its placeholder replaced by a link made now (when it has one). */
export async function sendEmail(db: Db, mailer: Mailer, message: EmailPayload, outboxId: string) {
  const link = message.one_time_link;
  if (!link) return mailer.send(message, outboxId);
  const token = await createSignInLink(db, link.user_id, link.purpose, link.ttl_minutes);
  const fill = (text: string) => text.replaceAll(ONE_TIME_TOKEN, token);
  await mailer.send(
    { to: message.to, subject: message.subject, text: fill(message.text), html: fill(message.html) },
    outboxId,
  );
}

/**
 * A password reset asked for an email: the request only wrote the email to the outbox (the
 * same work whether it has an account or not); here the account is looked up, and the email
 * with its link sent only when there is one.
 */
export function passwordResetHandler(db: Db, config: Config, mailer: Mailer) {
  return async ({ email }: { email: string }, outboxId: string): Promise<void> => {
    const found = await findSignInUser(db, email);
    if (!found) return;
    const message = renderEmail({
      to: [found.user.email],
      subject: `Reset your ${SERVICE_NAME} password`,
      paragraphs: [
        `Hello ${found.user.firstName},`,
        `Someone (we hope you) asked to reset the password of ${found.user.email}. The link below works once, for ${config.passwordResetTtlMinutes} minutes, and only until another is asked for.`,
        'If it was not you, ignore this email: your password stays as it is.',
      ],
      action: { label: 'Choose a new password', url: oneTimeLinkUrl(config, '/reset-password') },
    });
    await sendEmail(
      db,
      mailer,
      {
        ...message,
        one_time_link: {
          user_id: found.user.id,
          purpose: 'reset_password',
          ttl_minutes: config.passwordResetTtlMinutes,
        },
      },
      outboxId,
    );
  };
}
