/** An email as the outbox keeps it and the mailer sends it: recipients, subject, text and HTML. */
export interface EmailPayload {
  to: string[];
  subject: string;
  text: string;
  html: string;
}
