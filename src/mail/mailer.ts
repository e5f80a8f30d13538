import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';
import type { Config } from '../config/config.ts';
import type { EmailPayload } from './message.ts';

/**
 * Sends one email: over SMTP when SMTP_URL is set, else as an .eml file under DATA_DIR/mail
 * (so that a service without a mail server still shows what it would have sent).
 * The outbox message id becomes the Message-ID, so that a retried send is recognisable.
 */
export interface Mailer {
  send(message: EmailPayload, outboxId: string): Promise<void>;
  close(): void;
}

export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'smtpTimeoutMs' | 'mailFrom' | 'dataDir' | 'publicBaseUrl'>,
): Mailer {
  const messageIdHost = new URL(config.publicBaseUrl).hostname || 'localhost';
  const envelope = (message: EmailPayload, outboxId: string) => ({
    from: config.mailFrom,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: `<${outboxId}@${messageIdHost}>`,
  });

  if (config.smtpUrl) {
    const timeout = config.smtpTimeoutMs;
    // The URL as nodemailer itself reads it (its query can set any transport option), with the
    // timeouts added where the URL does not set them.
    const transport: Transporter = nodemailer.createTransport({
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
      ...parseConnectionUrl(config.smtpUrl),
    });
    return {
      async send(message, outboxId) {
        await transport.sendMail(envelope(message, outboxId));
      },
      close: () => transport.close(),
    };
  }

  const directory = path.join(config.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message, outboxId) {
      const info = await transport.sendMail(envelope(message, outboxId));
      await fs.mkdir(directory, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await fs.writeFile(path.join(directory, `${stamp}-${outboxId}.eml`), info.message as Buffer);
    },
    close: () => transport.close(),
  };
}
