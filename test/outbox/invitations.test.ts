import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/mail/mailer.ts';
import { renderEmail } from '../../src/mail/templates.ts';
import { enqueue } from '../../src/outbox/outbox.ts';
import { OutboxWorker } from '../../src/outbox/worker.ts';
import { useTestApp } from '../helpers/app.ts';
import { createWorld } from '../helpers/factories.ts';
import { emailWorker, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

/**
 * Invitations through POST /api/v1/me, delivered by the outbox worker over real SMTP.
 * The worker is driven by hand (runOnce) so each step is observable.
 */
let smtp: TestSmtpServer;
const t = useTestApp({ PUBLIC_BASE_URL: 'https://orders.example.com' });
let world: Awaited<ReturnType<typeof createWorld>>;
let worker: OutboxWorker;

beforeAll(async () => {
  smtp = await startSmtpServer();
  world = await createWorld(t.db);
  worker = emailWorker(t.db, t.config, smtp);
});
afterAll(async () => {
  await worker.stop();
  await smtp.stop();
});

const invite = (
  key: string,
  email: string,
  first?: string,
  last?: string,
  extra: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/me',
    headers: {
      'X-Api-Key': key,
      'X-Api-Email': email,
      ...(first ? { 'X-Api-First-Name': first } : {}),
      ...(last ? { 'X-Api-Last-Name': last } : {}),
      ...extra,
    },
  });

const pending = () =>
  t.db.selectFrom('outbox_messages').selectAll().where('status', '=', 'pending').execute();

describe('inviting a user', () => {
  it("creates the user in the caller's organization and delivers the invitation over SMTP", async () => {
    const response = await invite(world.clientAdmin.key, 'New.Processor@Lender.example', 'Nina', 'Newcomer');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      name: 'Nina Newcomer',
      email: 'new.processor@lender.example',
      jwt: expect.any(String),
    });
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      organization_id: world.client.id,
      role: 'client',
      is_admin: false,
      invited_by: world.clientAdmin.id,
    });

    expect(await worker.runOnce()).toBe(1);
    const [message] = await smtp.waitForMessages(1);
    expect(message!.to).toMatchObject({ value: [{ address: 'new.processor@lender.example' }] });
    expect(message!.subject).toMatch(/invited you to Appraisal Order Management/);
    expect(message!.text).toContain('Hello Nina');
    expect(message!.text).toContain(world.client.name);
    // The button leads to choosing a password, once; the API documentation is named too.
    expect(message!.html).toMatch(
      /href="https:\/\/orders\.example\.com\/set-password\?token=[A-Za-z0-9_-]{43}"/,
    );
    expect(message!.text).toContain('https://orders.example.com/docs');
    expect(message!.messageId).toMatch(/@orders\.example\.com>?$/);
    expect(await pending()).toHaveLength(0);

    // Asking again answers the same user (the caller administers them); nothing more is sent.
    const again = await invite(world.clientAdmin.key, 'new.processor@lender.example', 'Nina', 'Newcomer');
    expect(again.json().id).toBe(body.id);
    expect(await worker.runOnce()).toBe(0);
  });

  it('staff invite appraisers to their panel with X-Api-Role', async () => {
    const response = await invite(world.staff.key, 'panel.member@appraisers.example', 'Pam', 'Panel', {
      'X-Api-Role': 'appraiser',
    });
    expect(response.statusCode).toBe(200);
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'panel.member@appraisers.example')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ organization_id: world.company.id, role: 'appraiser' });
    await worker.runOnce();
  });

  it('is refused to those who do not administer users, and to bad input, creating nothing', async () => {
    const before = await t.db.selectFrom('users').select('id').execute();
    const outboxBefore = await t.db.selectFrom('outbox_messages').select('id').execute();

    const byClientUser = await invite(world.clientUser.key, 'a@lender.example', 'A', 'B');
    expect(byClientUser.statusCode).toBe(403);
    const byAppraiser = await invite(world.appraiser.key, 'b@lender.example', 'A', 'B');
    expect(byAppraiser.statusCode).toBe(403);
    const byOperator = await invite(world.operator.key, 'c@lender.example', 'A', 'B');
    expect(byOperator.statusCode).toBe(403);

    const missingLast = await invite(world.clientAdmin.key, 'd@lender.example', 'Only');
    expect(missingLast.statusCode).toBe(422);
    expect(missingLast.json().error.details).toEqual([
      { field: 'X-Api-Last-Name', message: expect.any(String) },
    ]);
    const badEmail = await invite(world.clientAdmin.key, 'not-an-email', 'A', 'B');
    expect(badEmail.statusCode).toBe(422);
    expect(badEmail.json().error.details[0].field).toBe('X-Api-Email');
    const badRole = await invite(world.clientAdmin.key, 'e@lender.example', 'A', 'B', {
      'X-Api-Role': 'staff',
    });
    expect(badRole.statusCode).toBe(422);
    expect(badRole.json().error.details[0].field).toBe('X-Api-Role');

    // Without name headers an unknown email is not an invitation: it is refused like any act-as.
    const noNames = await invite(world.clientAdmin.key, 'f@lender.example');
    expect(noNames.statusCode).toBe(403);

    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(before.length);
    expect(await t.db.selectFrom('outbox_messages').select('id').execute()).toHaveLength(outboxBefore.length);
  });

  it('is delivered after a retry when the SMTP server was down', async () => {
    const delivered = smtp.messages.length;
    await smtp.stop();
    const response = await invite(world.staff.key, 'retry.me@company.example', 'Rita', 'Retry');
    expect(response.statusCode).toBe(200);

    expect(await worker.runOnce()).toBe(1);
    const [failed] = await pending();
    expect(failed).toMatchObject({
      attempts: 1,
      status: 'pending',
      last_error: expect.stringMatching(/ECONNREFUSED|connect/i),
    });
    expect(failed!.next_attempt_at.getTime()).toBeGreaterThan(Date.now() - 1000);

    await smtp.start();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await worker.runOnce()).toBe(1);
    await smtp.waitForMessages(delivered + 1);
    expect(smtp.messages.at(-1)!.to).toMatchObject({ value: [{ address: 'retry.me@company.example' }] });
    const row = await t.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('id', '=', failed!.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'delivered', attempts: 2, last_error: null });
    expect(
      smtp.messages.filter((m) => m.subject?.includes('Rita') || m.text?.includes('Hello Rita')),
    ).toHaveLength(1);
  });

  it('sends nothing for a change that rolled back', async () => {
    const before = smtp.messages.length;
    await expect(
      t.db.transaction().execute(async (trx) => {
        await enqueue(
          trx,
          'email',
          renderEmail({ to: ['ghost@nowhere.example'], subject: 'never', paragraphs: ['never'] }),
        );
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await worker.runOnce()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smtp.messages).toHaveLength(before);
    expect(
      await t.db
        .selectFrom('outbox_messages')
        .select('id')
        .where('payload', '@>', JSON.stringify({ subject: 'never' }) as never)
        .execute(),
    ).toHaveLength(0);
  });

  it('a message is handed to one worker at a time', async () => {
    const mailer = createMailer({ ...t.config, smtpUrl: smtp.url });
    const sent: string[] = [];
    const make = () =>
      new OutboxWorker({
        db: t.db,
        pollIntervalMs: 50,
        retryBaseMs: 50,
        handlers: {
          email: async (payload, id) => {
            sent.push(id);
            await mailer.send(payload, id);
          },
        },
      });
    await t.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 10; i += 1) {
        await enqueue(
          trx,
          'email',
          renderEmail({ to: [`bulk${i}@lender.example`], subject: `bulk ${i}`, paragraphs: ['hi'] }),
        );
      }
    });
    const workers = [make(), make(), make()];
    await Promise.all(workers.map((w) => w.runOnce()));
    expect(new Set(sent).size).toBe(10);
    expect(sent).toHaveLength(10);
  });
});

describe('without SMTP_URL', () => {
  it('writes each email as an .eml file under DATA_DIR/mail', async () => {
    const fs = await import('node:fs/promises');
    const os = await import('node:os');
    const path = await import('node:path');
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'aoms-mail-'));
    const mailer = createMailer({ ...t.config, smtpUrl: null, dataDir });
    await mailer.send(
      renderEmail({ to: ['x@y.example'], subject: 'Hello <there>', paragraphs: ['a <b>'] }),
      'abc',
    );
    const [file] = await fs.readdir(path.join(dataDir, 'mail'));
    const raw = await fs.readFile(path.join(dataDir, 'mail', file!), 'utf8');
    expect(file).toMatch(/abc\.eml$/);
    expect(raw).toContain('Subject: Hello <there>');
    expect(raw).toContain('a &lt;b&gt;');
    await fs.rm(dataDir, { recursive: true, force: true });
  });
});
