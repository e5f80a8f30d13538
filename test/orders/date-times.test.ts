import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { REPORT_PDF, sendMultipart } from '../helpers/multipart.ts';
import { placeOrder } from '../helpers/orders.ts';

/**
 * Notes and files keep the interface's date (created_at, MM/DD/YYYY in TIME_ZONE) and carry
 * the moment too (created_at_iso, ISO 8601 in UTC), which agree with each other.
 */
const t = useTestApp({ TIME_ZONE: 'America/Chicago' });
const world = useDemoWorld(t);

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const dayInChicago = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));

describe('date-times of notes and files', () => {
  it('answers created_at as the day and created_at_iso as the moment, on create and in lists', async () => {
    const order = await placeOrder(t.app, t.db, world.demo);
    const before = Date.now();
    const note = await sendMultipart(t.app, 'POST', `/api/v1/orders/${order.id}/notes`, world.client, [
      ['content', 'The gate code is 1234'],
    ]);
    expect(note.statusCode, note.body).toBe(201);
    const file = await sendMultipart(t.app, 'POST', `/api/v1/orders/${order.id}/files`, world.client, [
      ['attachment', REPORT_PDF],
      ['file_type', 'purchase_agreement'],
    ]);
    expect(file.statusCode, file.body).toBe(201);
    for (const created of [note.json(), file.json()] as { created_at: string; created_at_iso: string }[]) {
      expect(created.created_at_iso).toMatch(ISO);
      expect(Date.parse(created.created_at_iso)).toBeGreaterThanOrEqual(before - 1000);
      expect(created.created_at).toBe(dayInChicago(created.created_at_iso));
    }
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'X-Api-Key': world.client } });
    const notes = (await get(`/api/v1/orders/${order.id}/notes`)).json<{ created_at_iso: string }[]>();
    const files = (await get(`/api/v1/orders/${order.id}/files`)).json<{ created_at_iso: string }[]>();
    expect(notes[0]!.created_at_iso).toBe(note.json<{ created_at_iso: string }>().created_at_iso);
    expect(files.map((f) => f.created_at_iso)).toContain(
      file.json<{ created_at_iso: string }>().created_at_iso,
    );
  });
});
