import type { Config } from '../config/config.ts';
import type { Db } from '../db/connection.ts';
import { addDays, daysBetween, localDay, usDay } from '../format/dates.ts';
import { renderEmail } from '../mail/templates.ts';
import { enqueue } from '../outbox/outbox.ts';
import { findState } from '../reference/geography.ts';
import {
  claimExpiryNotice,
  findExpiringCredentials,
  findPanelKeepers,
  type ExpiringCredential,
} from './expiry.repository.ts';

/**
 * The expiry watch (docs/assignment.md, "Expiry notices"): 60, 30 and 7 days before a license
 * or an errors-and-omissions policy reaches its last valid day, an email to the appraiser and
 * one to the company's administrators, each sent once (a row per notice, written with the emails
 * in one transaction). A credential first seen nearer its end gets the nearest notice only, not
 * the ones it passed. Expired, it counts against the appraiser at once wherever they are chosen
 * (panel/credential.checks.ts): no notice is needed for that. Run by every process's timers.
 */
export const NOTICE_DAYS = [7, 30, 60] as const;

/** Sends the notices due at `now`; answers how many credentials got one. */
export async function watchCredentialExpiry(db: Db, config: Config, now = new Date()): Promise<number> {
  const today = localDay(now, config.timeZone);
  const expiring = await findExpiringCredentials(db, today, addDays(today, NOTICE_DAYS.at(-1)!));
  let sent = 0;
  for (const credential of expiring) {
    const daysLeft = daysBetween(today, credential.expires_on);
    const due = NOTICE_DAYS.find((days) => daysLeft <= days)!;
    const claimed = await db.transaction().execute(async (trx) => {
      if (!(await claimExpiryNotice(trx, credential, due))) return false;
      for (const email of await noticeEmails(trx, config, credential, daysLeft))
        await enqueue(trx, 'email', email);
      return true;
    });
    if (claimed) sent += 1;
  }
  return sent;
}

async function noticeEmails(db: Db, config: Config, credential: ExpiringCredential, daysLeft: number) {
  const state = credential.state_id ? findState(credential.state_id) : null;
  const what = state
    ? `${state.code} appraiser license ${credential.number}`
    : `errors-and-omissions policy ${credential.number}`;
  const when = `${usDay(credential.expires_on)}, ${daysLeft === 0 ? 'today' : `in ${daysLeft} day${daysLeft === 1 ? '' : 's'}`}`;
  const consequence = state
    ? `Orders in ${state.name} are not offered on an expired license.`
    : 'Orders are not offered to an appraiser without insurance in force.';
  const action = {
    label: 'Open the credentials',
    url: `${config.publicBaseUrl}/credentials/${credential.appraiser_id}`,
  };
  const emails = [
    renderEmail({
      to: [credential.appraiser_email],
      subject: `Your ${what} expires on ${usDay(credential.expires_on)}`,
      paragraphs: [
        `Your ${what} is valid through ${when}.`,
        `${consequence} Once it is renewed, record the new one in your credentials.`,
      ],
      action,
    }),
  ];
  const keepers = await findPanelKeepers(db, credential.company_id);
  if (keepers.length > 0)
    emails.push(
      renderEmail({
        to: keepers,
        subject: `${credential.appraiser_name}'s ${what} expires on ${usDay(credential.expires_on)}`,
        paragraphs: [`The ${what} of ${credential.appraiser_name} is valid through ${when}.`, consequence],
        action,
      }),
    );
  return emails;
}
