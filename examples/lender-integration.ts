/**
 * A lender's integration, written with the SDK only: it subscribes to webhooks, places an
 * appraisal order, follows it through the signed webhooks it receives (verifying each one),
 * downloads the appraisal report once the order is Completed, and marks the order Fulfilled.
 *
 *   AOMS_URL=http://127.0.0.1:3000 AOMS_API_KEY=<a client admin's key> \
 *   WEBHOOK_PUBLIC_URL=https://hooks.example.com/aoms node examples/lender-integration.ts
 *
 * Settings (environment):
 * - AOMS_URL, AOMS_API_KEY: the service and a key of a client admin (subscribing needs one);
 * - WEBHOOK_PORT (default 4300) and WEBHOOK_HOST (default 127.0.0.1): where this program listens;
 * - WEBHOOK_PUBLIC_URL: the address the service delivers to (default http://WEBHOOK_HOST:WEBHOOK_PORT/);
 * - REPORT_DIR: where the report is written (default the system's temporary directory);
 * - GIVE_UP_AFTER_SECONDS (default 600).
 * It prints one line per step; the last is `fulfilled <file number>`, and it exits 0.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  createAomsClient,
  readWebhook,
  WebhookVerificationError,
  type WebhookEvent,
} from '../sdk/src/index.ts';

const settings = {
  url: required('AOMS_URL'),
  apiKey: required('AOMS_API_KEY'),
  port: Number(process.env.WEBHOOK_PORT ?? 4300),
  host: process.env.WEBHOOK_HOST ?? '127.0.0.1',
  publicUrl: process.env.WEBHOOK_PUBLIC_URL,
  reportDir: process.env.REPORT_DIR ?? os.tmpdir(),
  giveUpAfterMs: Number(process.env.GIVE_UP_AFTER_SECONDS ?? 600) * 1000,
};

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}

const say = (line: string) => process.stdout.write(`${line}\n`);
const api = createAomsClient({ baseUrl: settings.url, apiKey: settings.apiKey });

/** Fails with the service's own words: its error envelope names the code and each field. */
function unwrap<T>(result: { data?: T; error?: unknown; response: Response }, what: string): T {
  if (result.data !== undefined) return result.data;
  throw new Error(`${what}: ${result.response.status} ${JSON.stringify(result.error)}`);
}

// 1. A receiver for the webhooks: events reach `onEvent` only once their signature is verified.
let secret = '';
const events: WebhookEvent[] = [];
let wake: () => void = () => undefined;
const receiver = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    try {
      const event = readWebhook(secret, request.headers, Buffer.concat(chunks).toString('utf8'));
      response.writeHead(200).end();
      events.push(event);
      wake();
    } catch (error) {
      // An unsigned or forged delivery is refused; the service's own are retried on failure.
      response.writeHead(error instanceof WebhookVerificationError ? 401 : 400).end();
      say(`refused a delivery: ${(error as Error).message}`);
    }
  });
});
await new Promise<void>((resolve) => receiver.listen(settings.port, settings.host, resolve));
const address = receiver.address() as { port: number };
const hookUrl = settings.publicUrl ?? `http://${settings.host}:${address.port}/`;

// 2. Subscribe to what this integration follows. The secret is shown once: keep it.
const subscription = unwrap(
  await api.POST('/api/v1/webhooks', {
    body: {
      url: hookUrl,
      event_types: ['order.status_changed', 'order.file_added'],
      description: 'Example lender integration',
    },
  }),
  'subscribe',
);
secret = subscription.secret;
say(`subscribed ${subscription.id} → ${hookUrl}`);

// 3. What an order may name comes from the client's configuration.
const [client] = unwrap(await api.GET('/api/v1/clients', {}), 'clients');
if (!client) throw new Error('this key sees no client');
const configuration = unwrap(
  await api.GET('/api/v1/clients/{client_id}/configurations', { params: { path: { client_id: client.id } } }),
  'configuration',
);
const company = configuration.companies[0];
const product = company?.products.find((p) => !p.follow_up);
if (!company || !product) throw new Error('no company offers this client a product');

// 4. Place the order.
const order = unwrap(
  await api.POST('/api/v1/orders', {
    body: {
      address: { street_1: '1100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
      borrower: {
        first_name: 'Bea',
        last_name: 'Borrower',
        email: 'bea@borrower.example',
        phone: '512-555-0101',
      },
      due_date: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
      green_certified: false,
      loan_type: 'conventional',
      transaction_type: 'purchase',
      loan_amount: '350000',
      payment_method: 'invoice',
      product_ids: [product.id],
      company_id: company.company_id,
      property_type_id: configuration.property_types.find((t) => t.slug === 'single_family')?.id ?? null,
    },
  }),
  'place the order',
);
say(`placed ${order.id} ${order.file_number} (${order.status.name})`);

// 5. Follow it: each verified event of this order, until it is Completed, then Fulfilled.
const deadline = Date.now() + settings.giveUpAfterMs;
async function nextEvent(): Promise<WebhookEvent> {
  while (events.length === 0) {
    if (Date.now() > deadline) throw new Error('gave up waiting for the order to be completed');
    await new Promise<void>((resolve) => {
      wake = resolve;
      setTimeout(resolve, 1000);
    });
  }
  return events.shift()!;
}

let fulfilled = false;
while (!fulfilled) {
  const event = await nextEvent();
  if (event.type === 'webhook.test' || event.data.order_id !== order.id) continue;
  if (event.type === 'order.file_added') say(`file ${event.data.filename} (${event.data.file_type})`);
  if (event.type !== 'order.status_changed') continue;
  say(`status ${event.data.from} → ${event.data.to}`);
  if (event.data.to === 'Completed') {
    // 6. The report: its signed link downloads it without a key.
    const files = unwrap(
      await api.GET('/api/v1/orders/{order_id}/files', { params: { path: { order_id: order.id } } }),
      'files',
    );
    const report = files.find((file) => file.file_type.slug === 'appraisal_pdf');
    if (!report) throw new Error('the completed order has no appraisal report');
    const link = new URL(report.link);
    const { data: content } = await api.GET('/files/{file_id}', {
      params: {
        path: { file_id: report.id },
        query: {
          expires: link.searchParams.get('expires') ?? '',
          signature: link.searchParams.get('signature') ?? '',
        },
      },
      parseAs: 'arrayBuffer',
    });
    if (!content) throw new Error('the report could not be downloaded');
    const target = path.join(settings.reportDir, `${order.file_number}-${report.filename}`);
    await fs.writeFile(target, Buffer.from(content));
    say(`report ${target} ${content.byteLength} bytes`);
    unwrap(
      await api.PUT('/api/v1/orders/{order_id}/fulfill', { params: { path: { order_id: order.id } } }),
      'fulfill',
    );
  }
  if (event.data.to === 'Fulfilled') fulfilled = true;
}
say(`fulfilled ${order.file_number}`);

// 7. Leave nothing behind: the subscription goes, the receiver closes.
unwrap(
  await api.DELETE('/api/v1/webhooks/{webhook_id}', { params: { path: { webhook_id: subscription.id } } }),
  'unsubscribe',
);
receiver.close();
