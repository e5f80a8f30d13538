/** An email as the outbox keeps it and the mailer sends it: recipients, subject, text and HTML. */
export interface EmailPayload {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /**
   * A one-time link made when the email is sent, written in place of the placeholder in text
   * and html (sessions/link-emails.ts): the outbox keeps no working token.
   */
  one_time_link?: { user_id: string; purpose: 'set_password' | 'reset_password'; ttl_minutes: number };
}
