import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAomsClient, formData, type AomsClient } from '../../sdk/src/index.ts';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { useTestDatabase } from '../helpers/database.ts';
import { ROOT, startService, type ServerProcess } from '../helpers/processes.ts';

/**
 * The example integrator (examples/lender-integration.ts) runs as a program against a real
 * service process: it subscribes, places an order, follows it by verified webhooks, downloads
 * the report and fulfills the order. The company's side (staff, then the appraiser) is played
 * here with the same SDK, a multipart report submission included.
 */
const t = useTestDatabase();
let demo: DemoWorld;
let server: ServerProcess;
let base: string;
const dataDir = path.join(os.tmpdir(), `aoms-example-${process.pid}`);
const reportDir = path.join(dataDir, 'reports');

beforeAll(async () => {
  demo = await seedDemo(t.db);
  await fs.mkdir(reportDir, { recursive: true });
  ({ server, base } = await startService({
    DATABASE_URL: t.url,
    DATA_DIR: dataDir,
    // The example's receiver listens on loopback.
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    OUTBOX_POLL_INTERVAL_MS: '100',
  }));
}, 60_000);
afterAll(async () => {
  if (server.child.exitCode === null) server.child.kill('SIGTERM');
  await server.exited;
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function expectStatus(
  api: AomsClient,
  orderId: string,
  action: string,
  call: Promise<{ data?: { status: { name: string } }; error?: unknown }>,
) {
  const { data, error } = await call;
  expect(error, `${action}: ${JSON.stringify(error)}`).toBeUndefined();
  return data!.status.name;
}

it('places an order, follows it by signed webhooks to Fulfilled, and downloads the report', async () => {
  const example = spawn(process.execPath, ['examples/lender-integration.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      AOMS_URL: base,
      AOMS_API_KEY: demo.users.client.api_key,
      WEBHOOK_PORT: '0',
      REPORT_DIR: reportDir,
      GIVE_UP_AFTER_SECONDS: '60',
    },
  });
  let output = '';
  example.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  example.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => example.on('exit', resolve));

  const placed = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /^placed (\S+) /m.exec(output);
      if (match) {
        clearInterval(timer);
        resolve(match[1]!);
      } else if (example.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`the example stopped:\n${output}`));
      }
    }, 50);
  });

  // The company's side, through the SDK as its own integration would.
  const staff = createAomsClient({ baseUrl: base, apiKey: demo.users.staff.api_key });
  const appraiser = createAomsClient({ baseUrl: base, apiKey: demo.users.appraiser.api_key });
  const order_id = placed;
  const path_ = { params: { path: { order_id } } };
  expect(
    await expectStatus(
      staff,
      order_id,
      'assign',
      staff.PUT('/api/v1/orders/{order_id}/assign', {
        ...path_,
        body: { appraiser_id: demo.users.appraiser.id, fee: '300.00' },
      }),
    ),
  ).toBe('Pending assignment');
  expect(
    await expectStatus(
      appraiser,
      order_id,
      'accept',
      appraiser.PUT('/api/v1/orders/{order_id}/accept_assignment', path_),
    ),
  ).toBe('Assigned');
  expect(
    await expectStatus(
      appraiser,
      order_id,
      'schedule',
      appraiser.PUT('/api/v1/orders/{order_id}/schedule_inspection', {
        ...path_,
        body: { inspection_scheduled_at: '2037-12-01T10:00' },
      }),
    ),
  ).toBe('Inspection scheduled');
  expect(
    await expectStatus(
      appraiser,
      order_id,
      'complete',
      appraiser.PUT('/api/v1/orders/{order_id}/complete_inspection', path_),
    ),
  ).toBe('Inspection completed');
  const report = await fs
    .readFile(path.join(ROOT, 'test/fixtures/report.pdf'))
    .catch(() => Buffer.from('%PDF-1.4\n% example report\n%%EOF\n'));
  expect(
    await expectStatus(
      appraiser,
      order_id,
      'submit',
      appraiser.PUT('/api/v1/orders/{order_id}/request_submission', {
        ...path_,
        body: {
          'files[][attachment]': [new File([report], 'report.pdf', { type: 'application/pdf' })],
          'files[][file_type]': ['appraisal_pdf'],
        },
        bodySerializer: formData,
      }),
    ),
  ).toBe('In review');
  expect(
    await expectStatus(
      staff,
      order_id,
      'complete',
      staff.PUT('/api/v1/orders/{order_id}/request_completion', path_),
    ),
  ).toBe('Completed');

  expect(await exited, output).toBe(0);
  const lines = output.trim().split('\n');
  expect(lines).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^subscribed /),
      'status Unassigned → Pending assignment',
      'status In review → Completed',
      expect.stringMatching(/^report .* \d+ bytes$/),
      'status Completed → Fulfilled',
    ]),
  );
  expect(lines.at(-1)).toMatch(/^fulfilled AOM-\d{8}$/);
  // The report it downloaded is the one submitted, byte for byte.
  const [written] = await fs.readdir(reportDir);
  expect(await fs.readFile(path.join(reportDir, written!))).toEqual(report);
  // It cleaned up after itself.
  const { data: subscriptions } = await createAomsClient({
    baseUrl: base,
    apiKey: demo.users.client.api_key,
  }).GET('/api/v1/webhooks');
  expect(subscriptions).toEqual([]);
}, 120_000);
