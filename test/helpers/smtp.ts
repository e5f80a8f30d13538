import type { Config } from '../../src/config/config.ts';
import type { Db } from '../../src/db/connection.ts';
import { createMailer } from '../../src/mail/mailer.ts';
import { OutboxWorker } from '../../src/outbox/worker.ts';
import { mailHandlers } from '../../src/workers.ts';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server in the test process: the service's mailer talks SMTP to it over
 * loopback, and tests read what arrived, parsed.
 */
export interface TestSmtpServer {
  port: number;
  url: string;
  messages: ParsedMail[];
  start(): Promise<void>;
  stop(): Promise<void>;
  waitForMessages(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
}

export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const messages: ParsedMail[] = [];
  let server: SMTPServer | null = null;
  let boundPort = port;

  const listen = async (): Promise<void> => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      // Every connection would otherwise wait on a reverse DNS lookup of 127.0.0.1 (up to 1.5 s
      // each where no resolver answers), which says nothing about the service.
      disableReverseLookup: true,
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            messages.push(parsed);
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(boundPort, '127.0.0.1', () => {
        boundPort = (server!.server.address() as { port: number }).port;
        resolve();
      });
    });
  };

  const handle: TestSmtpServer = {
    get port() {
      return boundPort;
    },
    get url() {
      return `smtp://127.0.0.1:${boundPort}`;
    },
    messages,
    start: listen,
    stop: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
    async waitForMessages(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} messages, got ${messages.length}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return messages;
    },
  };
  await listen();
  return handle;
}

/**
 * An outbox worker that delivers emails (with the service's own handlers: one-time links made at
 * send time, password resets, the status notices that fan out into emails) to the test SMTP
 * server, driven by hand with runOnce.
 */
export function emailWorker(db: Db, config: Config, smtp: TestSmtpServer): OutboxWorker {
  const mailer = createMailer({ ...config, smtpUrl: smtp.url });
  return new OutboxWorker({
    db,
    pollIntervalMs: 50,
    retryBaseMs: 50,
    handlers: mailHandlers(db, config, mailer),
  });
}
