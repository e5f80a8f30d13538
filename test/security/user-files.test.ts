import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { useTestApp } from '../helpers/app.ts';
import { sendMultipart } from '../helpers/multipart.ts';
import { placeOrder } from '../helpers/orders.ts';

/** User files a browser would otherwise render as a page of the service's own origin. */
const t = useTestApp();
let demo: DemoWorld;

beforeAll(async () => {
  demo = await seedDemo(t.db);
});

describe('user files', () => {
  it.each([
    ['page.html', 'text/html', '<script>alert(document.cookie)</script>'],
    ['image.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
  ])('%s is served as an attachment, in a CSP sandbox, not sniffed', async (filename, contentType, text) => {
    const order = await placeOrder(t.app, t.db, demo);
    const uploaded = await sendMultipart(
      t.app,
      'POST',
      `/api/v1/orders/${order.id}/files`,
      demo.users.client.api_key,
      [
        ['attachment', { filename, content: Buffer.from(text), contentType }],
        ['file_type', 'other'],
      ],
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const link = new URL(uploaded.json<{ link: string }>().link);
    const served = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-security-policy']).toMatch(/^sandbox(;|$)/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toMatch(/^attachment;/);
  });
});
