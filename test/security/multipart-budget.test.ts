import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { LINGER_BYTES } from '../../src/http/lingering-close.ts';
import type { AppInstance } from '../../src/http/app-instance.ts';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { useTestApp, buildTestApp } from '../helpers/app.ts';
import { multipart, type Part } from '../helpers/multipart.ts';
import { placeOrder } from '../helpers/orders.ts';

/**
 * One budget per multipart request, fields included: a note of many large fields once answered
 * 201 and held every field in memory. Over the budget: 413, nothing stored, no spooled file left.
 */
const spool = path.join(os.tmpdir(), `aoms-budget-${randomBytes(4).toString('hex')}`);
const dataDir = path.join(os.tmpdir(), `aoms-budget-data-${randomBytes(4).toString('hex')}`);
// The defaults, but uploads spooled where this file can watch them.
const t = useTestApp({ UPLOAD_TMP_DIR: spool, DATA_DIR: dataDir });
let small: AppInstance;
let demo: DemoWorld;
let orderId: string;

beforeAll(async () => {
  demo = await seedDemo(t.db);
  orderId = (await placeOrder(t.app, t.db, demo)).id;
  small = await buildTestApp({
    config: loadConfig({
      DATABASE_URL: t.url,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '0',
      DATA_DIR: dataDir,
      UPLOAD_TMP_DIR: spool,
      BODY_LIMIT_BYTES: '65536',
      MAX_UPLOAD_BYTES: '1048576',
      MAX_FILE_BYTES: '921600',
    }),
    db: t.db,
    logger: false,
  });
});
afterAll(async () => {
  await small.close();
  await fs.rm(spool, { recursive: true, force: true });
  await fs.rm(dataDir, { recursive: true, force: true });
});

const post = (app: AppInstance, url: string, parts: Part[]) => {
  const { payload, headers } = multipart(parts);
  return app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'X-Api-Key': demo.users.client.api_key },
    payload,
  });
};

const stored = async () => ({
  notes: (await t.db.selectFrom('notes').select('id').execute()).length,
  files: (await t.db.selectFrom('order_files').select('id').execute()).length,
  objects: (await fs.readdir(path.join(dataDir, 'files'), { recursive: true }).catch(() => [])).length,
});

/** The spool directory empties once the answer is sent (the removal runs just after it). */
async function spoolIsEmpty(): Promise<boolean> {
  for (let i = 0; i < 50; i++) {
    const left = await fs.readdir(spool).catch(() => []);
    if (left.length === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

async function expect413(response: Awaited<ReturnType<typeof post>>, message: RegExp) {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(413);
  expect(response.json()).toMatchObject({
    success: false,
    error: { code: 'payload_too_large', message: expect.stringMatching(message) },
  });
  expect(response.headers.connection).toBe('close');
  expect(await spoolIsEmpty()).toBe(true);
}

describe('the multipart budget', () => {
  it('counts fields: a note of large fields over BODY_LIMIT_BYTES answers 413 and stores nothing', async () => {
    const before = await stored();
    const field = 'x'.repeat(1024 * 1024 - 100);
    const response = await post(t.app, `/api/v1/orders/${orderId}/notes`, [
      ['content', 'A note'],
      ['additional_emails[]', field],
      ['additional_emails[]', field],
      ['additional_emails[]', field],
    ]);
    await expect413(response, /fields of a multipart request may total at most 1048576 bytes/);
    expect(await stored()).toEqual(before);
  });

  it('refuses a field larger than a field may be, rather than cutting it short', async () => {
    const response = await post(small, `/api/v1/orders/${orderId}/notes`, [['content', 'y'.repeat(70_000)]]);
    await expect413(response, /content: a field may hold at most 65536 bytes/);
  });

  it('counts files and fields together against MAX_UPLOAD_BYTES; the spooled files are removed', async () => {
    const before = await stored();
    const response = await post(small, `/api/v1/orders/${orderId}/notes`, [
      ['content', 'Two attachments'],
      ['attachments[]', { filename: 'a.bin', content: randomBytes(600_000) }],
      ['attachments[]', { filename: 'b.bin', content: randomBytes(600_000) }],
    ]);
    await expect413(response, /may total at most 1048576 bytes \(MAX_UPLOAD_BYTES\)/);
    expect(await stored()).toEqual(before);
  });

  it('refuses a body whose Content-Length is over the budget before reading it', async () => {
    const { payload, headers } = multipart([
      ['file_type', 'other'],
      ['attachment', { filename: 'big.bin', content: randomBytes(1_100_000) }],
    ]);
    const response = await small.inject({
      method: 'POST',
      url: `/api/v1/orders/${orderId}/files`,
      headers: {
        ...headers,
        'content-length': String(payload.length),
        'X-Api-Key': demo.users.client.api_key,
      },
      payload,
    });
    await expect413(response, /MAX_UPLOAD_BYTES/);
  });

  it('takes what fits: a file and fields within both budgets', async () => {
    const before = await stored();
    const response = await post(small, `/api/v1/orders/${orderId}/notes`, [
      ['content', 'z'.repeat(40_000)],
      ['subject', 's'.repeat(200)],
      ['attachments[]', { filename: 'fits.bin', content: randomBytes(900_000) }],
    ]);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(201);
    expect((await stored()).notes).toBe(before.notes + 1);
    expect(await spoolIsEmpty()).toBe(true);
  });
});

/**
 * What a client still sending meets when its body is refused, over a real connection: the 413
 * must reach it. The client here is the kind that writes its whole body before it reads the
 * answer (many HTTP libraries do), over a plain socket.
 */
interface Sent {
  status: number | null;
  body: string;
  error: string | null;
  sentBytes: number;
}

function sendWholeBodyThenRead(
  port: number,
  options: { totalBytes: number; declareLength: boolean; json?: boolean },
): Promise<Sent> {
  const boundary = `----aoms${randomBytes(8).toString('hex')}`;
  const [url, contentType, head, tail, chunk] = options.json
    ? [
        `/api/v1/orders/${orderId}/notes`,
        'application/json',
        Buffer.from('{"content":"'),
        Buffer.from('"}'),
        Buffer.alloc(64 * 1024, 'j'),
      ]
    : [
        `/api/v1/orders/${orderId}/files`,
        `multipart/form-data; boundary=${boundary}`,
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file_type"\r\n\r\nother\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="big.bin"\r\n` +
            `Content-Type: application/octet-stream\r\n\r\n`,
        ),
        Buffer.from(`\r\n--${boundary}--\r\n`),
        randomBytes(64 * 1024),
      ];
  const fileBytes = options.totalBytes - head.length - tail.length;
  const chunked = !options.declareLength;
  const frame = (data: Buffer) =>
    chunked ? [Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')] : [data];
  return new Promise<Sent>((resolve) => {
    const sent: Sent = { status: null, body: '', error: null, sentBytes: 0 };
    const received: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1');
    socket.pause();
    const finish = () => {
      const text = Buffer.concat(received).toString('utf8');
      const match = /^HTTP\/1\.1 (\d{3})/.exec(text);
      sent.status = match ? Number(match[1]) : null;
      sent.body = text.slice(text.indexOf('\r\n\r\n') + 4);
      resolve(sent);
    };
    socket.on('data', (data: Buffer) => received.push(data));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      sent.error ??= error.code ?? error.message;
    });
    socket.on('close', finish);
    const write = (data: Buffer) => {
      let flushed = true;
      for (const piece of frame(data)) flushed = socket.write(piece) && flushed;
      sent.sentBytes += data.length;
      return flushed;
    };
    socket.write(
      `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\n` +
        `X-Api-Key: ${demo.users.client.api_key}\r\nConnection: close\r\n` +
        (chunked ? 'Transfer-Encoding: chunked\r\n' : `Content-Length: ${options.totalBytes}\r\n`) +
        '\r\n',
    );
    write(head);
    let left = fileBytes;
    const pump = () => {
      while (left > 0 && !socket.destroyed) {
        const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
        left -= piece.length;
        if (!write(piece)) return void socket.once('drain', pump);
      }
      if (socket.destroyed) return;
      write(tail);
      if (chunked) socket.write('0\r\n\r\n');
      // Only now does this client read the answer.
      socket.resume();
    };
    pump();
  });
}

describe('a body refused over a real connection while the client still sends', () => {
  let port: number;
  beforeAll(async () => {
    await small.listen({ port: 0, host: '127.0.0.1' });
    port = (small.server.address() as AddressInfo).port;
  });

  it('reads and drops at most LINGER_BYTES of a refused body, then closes', async () => {
    // A client that never stops: the connection ends all the same.
    const sent = await sendWholeBodyThenRead(port, { totalBytes: 4 * LINGER_BYTES, declareLength: false });
    expect(sent.error).toMatch(/EPIPE|ECONNRESET/);
    expect(sent.sentBytes).toBeLessThan(LINGER_BYTES + 32 * 1024 * 1024);
  });

  for (const declareLength of [false, true]) {
    it(`receives the 413 (${declareLength ? 'Content-Length over the budget' : 'chunked, no length'})`, async () => {
      const before = await stored();
      for (let attempt = 0; attempt < 3; attempt++) {
        const sent = await sendWholeBodyThenRead(port, { totalBytes: 16 * 1024 * 1024, declareLength });
        expect(sent, JSON.stringify({ ...sent, body: sent.body.slice(0, 200) })).toMatchObject({
          status: 413,
          error: null,
        });
        expect(JSON.parse(sent.body)).toMatchObject({
          success: false,
          error: { code: 'payload_too_large', message: expect.stringMatching(/MAX_UPLOAD_BYTES/) },
        });
      }
      expect(await stored()).toEqual(before);
      expect(await spoolIsEmpty()).toBe(true);
    });
  }

  it('receives the 413 of a JSON body over BODY_LIMIT_BYTES too', async () => {
    const sent = await sendWholeBodyThenRead(port, {
      totalBytes: 16 * 1024 * 1024,
      declareLength: false,
      json: true,
    });
    expect(sent, JSON.stringify({ ...sent, body: sent.body.slice(0, 200) })).toMatchObject({
      status: 413,
      error: null,
    });
    expect(JSON.parse(sent.body)).toMatchObject({ error: { code: 'payload_too_large' } });
  });
});
