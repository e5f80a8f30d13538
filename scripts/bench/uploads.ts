import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startFlags } from '../start-flags.ts';
import { freePort, untilReady } from './service.ts';

/**
 * `npm run bench:uploads` (and the end of `npm run bench`): the service's memory under large
 * multipart requests, with its default limits (MAX_FILE_BYTES 25 MiB, MAX_UPLOAD_BYTES 100 MiB,
 * BODY_LIMIT_BYTES 1 MiB). Starts the service as its own process on its embedded PostgreSQL in
 * a fresh temporary directory, places one order, then over real HTTP on loopback:
 *   1. BENCH_UPLOADS (10) concurrent files of BENCH_UPLOAD_MB (25) MB each (POST …/files): 201;
 *   2. as many concurrent notes of 150 fields of 1 MB each (POST …/notes), sent chunked without
 *      a Content-Length by Node's HTTP client, which stops sending at the answer: 413;
 *   3. the same notes from clients that write their whole body whatever the answer: 413, and
 *      the service drops the rest (at most 64 MiB or 10 s per request, http/lingering-close.ts).
 * For each it prints the answers, the seconds, and the service's resident memory (RSS, from
 * /proc/<pid>/status): before, peak (VmHWM, reset before each scenario, and VmRSS sampled every
 * 20 ms), and growth. Then:
 *   4. 1 KB uploads one after another, idle and while 100 web sign-ins run (16 at a time, each
 *      a 128 MiB scrypt): the uploads' p50 and p99 latency, which should stay within 2× of idle
 *      (password hashing has a thread of its own, sessions/password-hasher.ts).
 * The request rate limits are off in this service (all 100 sign-ins reach the hasher; the
 * uploads are not refused). Figures are printed, never asserted.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const CONCURRENT = Number(process.env.BENCH_UPLOADS ?? 10);
const UPLOAD_BYTES = Math.round(Number(process.env.BENCH_UPLOAD_MB ?? 25) * 1_000_000);
const NOTE_FIELDS = 150;
const SIGN_INS = 100;
const SIGN_IN_CONCURRENCY = 16;
const FIELD_BYTES = 1_000_000;
const MiB = 1024 * 1024;
const log = (message: string) => process.stderr.write(`[bench:uploads] ${message}\n`);

/** The service's resident memory now and at its peak since the last reset, in KiB. */
async function memory(pid: number): Promise<{ rssKb: number; peakKb: number }> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssKb: field('VmRSS'), peakKb: field('VmHWM') };
}

/** Watches the service's RSS while `run` runs. */
async function watched<T>(pid: number, run: () => Promise<T>) {
  // Writing 5 to clear_refs resets VmHWM to the current RSS (Linux 4.0+), so that the peak is
  // this scenario's own; the sampling covers kernels where it cannot be reset.
  await fs.writeFile(`/proc/${pid}/clear_refs`, '5').catch(() => undefined);
  const before = await memory(pid);
  let sampledPeakKb = before.rssKb;
  const sampler = setInterval(() => {
    void memory(pid).then(
      (m) => (sampledPeakKb = Math.max(sampledPeakKb, m.rssKb)),
      () => undefined,
    );
  }, 20);
  const started = performance.now();
  const result = await run();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const after = await memory(pid);
  return {
    result,
    seconds,
    beforeKb: before.rssKb,
    peakKb: Math.max(sampledPeakKb, after.peakKb, after.rssKb),
  };
}

interface Answer {
  status: number | null;
  code: string | null;
  error: string | null;
  sentBytes: number;
}

/**
 * One request over its own connection, with Node's HTTP client: `parts` are the body's pieces,
 * written with back-pressure. Like most clients it stops sending once an answer that closes
 * the connection has arrived.
 */
function send(url: string, headers: Record<string, string>, parts: Iterable<Buffer>): Promise<Answer> {
  return new Promise((resolve) => {
    const answer: Answer = { status: null, code: null, error: null, sentBytes: 0 };
    const request = http.request(url, { method: 'POST', agent: false, headers });
    request.on('response', (response) => {
      answer.status = response.statusCode ?? null;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => (body += text));
      response.on('end', () => (answer.code = errorCode(body)));
    });
    // A connection closed after the answer arrived does not make the answer lost.
    request.on('error', (error: NodeJS.ErrnoException) => (answer.error = error.code ?? error.message));
    // Done when the connection is: the answer read, and the body sent or given up.
    request.on('close', () => resolve(answer));
    const pieces = parts[Symbol.iterator]();
    const pump = () => {
      for (;;) {
        if (request.destroyed || request.writableEnded || answer.status !== null) return;
        const next = pieces.next();
        if (next.done) return void request.end();
        answer.sentBytes += next.value.length;
        if (!request.write(next.value)) return void request.once('drain', pump);
      }
    };
    pump();
  });
}

/**
 * The same over a plain socket, chunked, from a client that writes its whole body whatever
 * the answer (reading it as it comes): what the service drops after a refusal, and for how long.
 */
function sendWritingOn(
  port: number,
  target: string,
  headers: Record<string, string>,
  parts: Iterable<Buffer>,
): Promise<Answer> {
  return new Promise((resolve) => {
    const answer: Answer = { status: null, code: null, error: null, sentBytes: 0 };
    const received: Buffer[] = [];
    // Half-open: the service's end of the answer does not end this client's sending.
    const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    socket.on('data', (data: Buffer) => received.push(data));
    socket.on('error', (error: NodeJS.ErrnoException) => (answer.error ??= error.code ?? error.message));
    socket.on('close', () => {
      const text = Buffer.concat(received).toString('utf8');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
      answer.status = status ? Number(status[1]) : null;
      answer.code = errorCode(text.slice(text.indexOf('\r\n\r\n') + 4));
      resolve(answer);
    });
    const head = Object.entries({ host: `127.0.0.1:${port}`, 'transfer-encoding': 'chunked', ...headers })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`POST ${target} HTTP/1.1\r\n${head}\r\n`);
    const pieces = parts[Symbol.iterator]();
    const pump = () => {
      for (;;) {
        if (socket.destroyed) return;
        const next = pieces.next();
        if (next.done) return void socket.write('0\r\n\r\n');
        answer.sentBytes += next.value.length;
        socket.write(`${next.value.length.toString(16)}\r\n`);
        socket.write(next.value);
        if (!socket.write('\r\n')) return void socket.once('drain', pump);
      }
    };
    pump();
  });
}

function errorCode(body: string): string | null {
  try {
    return (JSON.parse(body) as { error?: { code?: string } }).error?.code ?? null;
  } catch {
    return null;
  }
}

function tally(answers: Answer[]): string {
  const counts = new Map<string, number>();
  for (const a of answers) {
    const key =
      a.status === null
        ? `no answer (${a.error})`
        : `${a.status}${a.code ? ` ${a.code}` : ''}${a.error ? ` (then ${a.error})` : ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, n]) => `${key}: ${n}`)
    .join(', ');
}

/** p50 and p99 of latencies in ms. */
function percentiles(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) =>
    Number(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!.toFixed(1));
  return { n: sorted.length, p50: at(0.5), p99: at(0.99) };
}

/**
 * Small uploads one after another: 200 while the service is idle, then as many as fit while
 * `busy` runs (the sign-ins), each timed from its first byte sent to its answer.
 */
async function uploadLatency(upload: () => Promise<Answer>, busy: () => Promise<number[]>) {
  const timed = async () => {
    const started = performance.now();
    const answer = await upload();
    if (answer.status !== 201) throw new Error(`a 1 KB upload answered ${answer.status} ${answer.code}`);
    return performance.now() - started;
  };
  const idle: number[] = [];
  for (let i = 0; i < 200; i += 1) idle.push(await timed());
  const during: number[] = [];
  let done = false;
  const started = performance.now();
  const signIns = busy().finally(() => (done = true));
  while (!done) during.push(await timed());
  const answers = await signIns;
  const signInSeconds = Number(((performance.now() - started) / 1000).toFixed(1));
  const idleFigures = percentiles(idle);
  const busyFigures = percentiles(during);
  const counts = new Map<number, number>();
  for (const status of answers) counts.set(status, (counts.get(status) ?? 0) + 1);
  return {
    idle: idleFigures,
    busy: busyFigures,
    ratio: Number((busyFigures.p99 / idleFigures.p99).toFixed(2)),
    signIns: [...counts].map(([status, n]) => `${status}: ${n}`).join(', '),
    signInSeconds,
  };
}

async function main(): Promise<void> {
  const started = Date.now();
  // Not created here: the service creates it with the owner and mode its PostgreSQL needs.
  const dataDir = path.join(os.tmpdir(), `aoms-bench-uploads-${randomBytes(4).toString('hex')}`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  log(`starting the service on ${base} (embedded PostgreSQL under ${dataDir})`);
  const service = spawn(process.execPath, [...startFlags(), 'src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      UPLOAD_TMP_DIR: path.join(dataDir, 'spool'),
      // The defaults, whatever this shell's environment says.
      MAX_FILE_BYTES: String(25 * MiB),
      MAX_UPLOAD_BYTES: String(100 * MiB),
      BODY_LIMIT_BYTES: String(MiB),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: base,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      OUTBOX_WORKER: 'false',
      RATE_LIMIT_PER_MINUTE: '0',
      RATE_LIMIT_SIGN_IN_PER_EMAIL_PER_MINUTE: '0',
      RATE_LIMIT_SIGN_IN_PER_ADDRESS_PER_MINUTE: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => service.once('exit', resolve));
  try {
    await untilReady(base, service);
    const pid = service.pid!;
    const ready = await memory(pid);
    const demo = JSON.parse(await fs.readFile(path.join(dataDir, 'demo.json'), 'utf8')) as {
      client_id: string;
      users: { client: { api_key: string; email: string } };
    };
    const key = demo.users.client.api_key;
    const api = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${base}/api/v1${url}`, {
        method,
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };
    const configuration = await api<{
      companies: { company_id: string; products: { id: string; follow_up: boolean }[] }[];
      parties: { id: string }[];
      property_types: { id: string }[];
    }>('GET', `/clients/${demo.client_id}/configurations`);
    const company = configuration.companies[0]!;
    const order = await api<{ id: string }>('POST', '/orders', {
      address: { street_1: '1100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
      borrower: { first_name: 'Bea', last_name: 'Borrower' },
      due_date: '2026-12-15T17:00',
      green_certified: 'false',
      loan_type: 'conventional',
      transaction_type: 'purchase',
      payment_method: 'invoice',
      company_id: company.company_id,
      product_ids: [company.products.find((p) => !p.follow_up)!.id],
      client_user_ids: configuration.parties.slice(0, 1).map((p) => p.id),
      property_type_id: configuration.property_types[0]!.id,
    });

    const file = randomBytes(UPLOAD_BYTES);
    const field = Buffer.alloc(FIELD_BYTES, 'n');
    const upload = (content = file) => {
      const boundary = `----bench${randomBytes(8).toString('hex')}`;
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file_type"\r\n\r\nother\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="large.bin"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      return send(
        `${base}/api/v1/orders/${order.id}/files`,
        {
          'x-api-key': key,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + content.length + tail.length),
        },
        [head, content, tail],
      );
    };
    const note = (writeOn: boolean) => {
      const boundary = `----bench${randomBytes(8).toString('hex')}`;
      const fieldHead = (name: string) =>
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`);
      function* parts() {
        yield fieldHead('content');
        yield Buffer.from('A note of many large fields\r\n');
        for (let i = 0; i < NOTE_FIELDS; i++) {
          yield fieldHead('additional_emails[]');
          yield field;
          yield Buffer.from('\r\n');
        }
        yield Buffer.from(`--${boundary}--\r\n`);
      }
      const target = `/api/v1/orders/${order.id}/notes`;
      const headers = { 'x-api-key': key, 'content-type': `multipart/form-data; boundary=${boundary}` };
      // No Content-Length: the body goes chunked.
      return writeOn
        ? sendWritingOn(port, target, headers, parts())
        : send(`${base}${target}`, headers, parts());
    };
    const concurrently = (one: () => Promise<Answer>) =>
      Promise.all(Array.from({ length: CONCURRENT }, () => one()));

    // Warm-up: one small file and one refused note, so that the first scenario does not pay for
    // loading code.
    await upload(randomBytes(100_000));
    await note(false);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const filesBefore = (await api<unknown[]>('GET', `/orders/${order.id}/files`)).length;

    const scenarios: [string, () => Promise<Answer[]>][] = [
      [`${CONCURRENT} concurrent files of ${UPLOAD_BYTES / 1_000_000} MB`, () => concurrently(upload)],
      [
        `${CONCURRENT} concurrent notes of ${NOTE_FIELDS} fields x 1 MB, chunked, client stops at the answer`,
        () => concurrently(() => note(false)),
      ],
      [
        `${CONCURRENT} concurrent notes of ${NOTE_FIELDS} fields x 1 MB, chunked, client writes on`,
        () => concurrently(() => note(true)),
      ],
    ];
    const rows: {
      name: string;
      answers: string;
      seconds: number;
      sentMiB: number;
      beforeMiB: number;
      peakMiB: number;
      growthMiB: number;
    }[] = [];
    for (const [name, run] of scenarios) {
      log(name);
      const measured = await watched(pid, run);
      rows.push({
        name,
        answers: tally(measured.result),
        seconds: Number(measured.seconds.toFixed(2)),
        sentMiB: Math.round(measured.result.reduce((sum, a) => sum + a.sentBytes, 0) / MiB),
        beforeMiB: Math.round(measured.beforeKb / 1024),
        peakMiB: Math.round(measured.peakKb / 1024),
        growthMiB: Math.round((measured.peakKb - measured.beforeKb) / 1024),
      });
      // Let the spooled files go and the collector catch up before the next scenario.
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    log(`1 KB uploads, idle and during ${SIGN_INS} sign-ins`);
    const latency = await uploadLatency(
      () => upload(randomBytes(1024)),
      async () => {
        const answers: number[] = [];
        let next = 0;
        const signInLoop = async () => {
          while (next < SIGN_INS) {
            next += 1;
            const response = await fetch(`${base}/auth/sign_in`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ email: demo.users.client.email, password: 'not the password at all' }),
            });
            await response.arrayBuffer();
            answers.push(response.status);
          }
        };
        await Promise.all(Array.from({ length: SIGN_IN_CONCURRENCY }, signInLoop));
        return answers;
      },
    );
    const stored = (await api<unknown[]>('GET', `/orders/${order.id}/files`)).length - filesBefore;
    const limits = 'MAX_FILE_BYTES 25 MiB, MAX_UPLOAD_BYTES 100 MiB, BODY_LIMIT_BYTES 1 MiB (the defaults)';
    const lines = [
      `uploads: ${limits}; the service's RSS in MiB (${Math.round(ready.rssKb / 1024)} when ready)`,
      ...rows.map(
        (r) =>
          `${r.name}\n  answers: ${r.answers}; ${r.seconds} s; client sent ${r.sentMiB} MiB\n` +
          `  RSS before ${r.beforeMiB}, peak ${r.peakMiB}, growth ${r.growthMiB}`,
      ),
      `1 KB uploads one at a time: idle p50 ${latency.idle.p50} ms, p99 ${latency.idle.p99} ms (${latency.idle.n} uploads); ` +
        `during ${SIGN_INS} sign-ins (${SIGN_IN_CONCURRENCY} at a time, answers ${latency.signIns}, ${latency.signInSeconds} s) ` +
        `p50 ${latency.busy.p50} ms, p99 ${latency.busy.p99} ms (${latency.busy.n} uploads): p99 ${latency.ratio}× idle (target within 2×)`,
      `files stored by the scenarios: ${stored}; total bench time ${((Date.now() - started) / 1000).toFixed(0)} s`,
    ];
    console.log(lines.join('\n'));
    const out = path.join(ROOT, 'bench-results');
    await fs.mkdir(out, { recursive: true });
    const resultFile = path.join(out, `uploads-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    await fs.writeFile(
      resultFile,
      JSON.stringify({ concurrent: CONCURRENT, upload_bytes: UPLOAD_BYTES, rows, latency }, null, 2),
    );
    console.log(`figures written to ${path.relative(ROOT, resultFile)}`);
  } finally {
    service.kill('SIGTERM');
    await exited;
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
