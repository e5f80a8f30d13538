import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.ts';
import { createMailer } from '../../src/mail/mailer.ts';
import { renderEmail } from '../../src/mail/templates.ts';
import { enqueue } from '../../src/outbox/outbox.ts';
import { OutboxWorker } from '../../src/outbox/worker.ts';
import { useTestApp } from '../helpers/app.ts';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

/**
 * A mail server that takes the connection and then says nothing must not hold the outbox
 * worker (which also delivers webhooks and notices): the send gives up after SMTP_TIMEOUT_MS,
 * the email waits for its retry, and the next message is delivered.
 */
const t = useTestApp({ SMTP_TIMEOUT_MS: '300' });
let silent: net.Server;
let silentPort: number;
const held: net.Socket[] = [];
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  silent = net.createServer((socket) => held.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as net.AddressInfo).port;
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
  await smtp.stop();
});

describe('a mail server that never answers', () => {
  it('fails the send after SMTP_TIMEOUT_MS and lets the worker deliver the next message', async () => {
    const toSilent = createMailer({ ...t.config, smtpUrl: `smtp://127.0.0.1:${silentPort}` });
    const toReal = createMailer({ ...t.config, smtpUrl: smtp.url });
    onTestFinished(() => {
      toSilent.close();
      toReal.close();
    });
    const worker = new OutboxWorker({
      db: t.db,
      pollIntervalMs: 50,
      retryBaseMs: 60_000,
      handlers: {
        email: (payload, id) =>
          (payload.subject === 'to the silent server' ? toSilent : toReal).send(payload, id),
      },
    });
    const [silentId, nextId] = await t.db
      .transaction()
      .execute(async (trx) => [
        await enqueue(
          trx,
          'email',
          renderEmail({ to: ['a@lender.example'], subject: 'to the silent server', paragraphs: ['x'] }),
        ),
        await enqueue(
          trx,
          'email',
          renderEmail({ to: ['b@lender.example'], subject: 'the next one', paragraphs: ['y'] }),
        ),
      ]);

    expect(await worker.runOnce()).toBe(2);

    const rows = await t.db
      .selectFrom('outbox_messages')
      .select(['id', 'status', 'attempts', 'last_error', 'next_attempt_at'])
      .where('id', 'in', [silentId, nextId])
      .execute();
    const silentRow = rows.find((r) => r.id === silentId)!;
    expect(silentRow).toMatchObject({ status: 'pending', attempts: 1 });
    expect(silentRow.last_error).toMatch(/timeout/i);
    expect(silentRow.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
    expect(rows.find((r) => r.id === nextId)).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(smtp.messages.map((m) => m.subject)).toEqual(['the next one']);
    expect(held.length).toBeGreaterThan(0);
  }, 10_000);
});

describe('a timeout in the SMTP_URL query', () => {
  it('wins over SMTP_TIMEOUT_MS', async () => {
    const mailer = createMailer({
      ...t.config,
      smtpTimeoutMs: 120_000,
      smtpUrl: `smtp://127.0.0.1:${silentPort}?greetingTimeout=300`,
    });
    try {
      await expect(
        mailer.send(renderEmail({ to: ['c@lender.example'], subject: 'query', paragraphs: ['z'] }), 'q1'),
      ).rejects.toThrow(/greeting/i);
    } finally {
      mailer.close();
    }
  }, 10_000);
});

describe('SMTP_TIMEOUT_MS', () => {
  it('is 30 s unless set', () => {
    expect(loadConfig({}).smtpTimeoutMs).toBe(30_000);
    expect(loadConfig({ SMTP_TIMEOUT_MS: '5000' }).smtpTimeoutMs).toBe(5000);
  });

  it.each(['abc', '50', '120001', '1.5'])('refuses %s, naming the variable', (value) => {
    let error: unknown;
    try {
      loadConfig({ SMTP_TIMEOUT_MS: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([expect.stringMatching(/^SMTP_TIMEOUT_MS: /)]);
  });
});
