import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { sendMultipart } from '../helpers/multipart.ts';
import { SF1_PDF, sf1ForOrder, sf1OrderFields } from '../reports/sf1-for-order.ts';
import { zip } from '../support/zip-writer.ts';

/**
 * A report whose files were uploaded one by one (POST /files) and are then named by file_id, as
 * the web application's submit page does: a bare UAD 3.6 XML's PDF named by file_id counts as
 * submitted beside it, for the pre-check and for the submission, and is stored once.
 */
const t = useTestApp();
const world = useDemoWorld(t);

async function inspectedOrder() {
  const order = await world.toInspected(await sf1OrderFields(t.db, world.demo.company_id));
  return order;
}

async function uploaded(orderId: string, filename: string, content: Buffer, fileType: string) {
  const answer = await sendMultipart(t.app, 'POST', `/api/v1/orders/${orderId}/files`, world.appraiser, [
    ['attachment', { filename, content, contentType: 'application/octet-stream' }],
    ['file_type', fileType],
  ]);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<{ id: string }>().id;
}

describe('a report named by file ids', () => {
  it('checks and submits a bare XML with its PDF uploaded before, and stores each file once', async () => {
    const order = await inspectedOrder();
    const xml = Buffer.from(await sf1ForOrder(t.db, order.id));
    const pdfId = await uploaded(order.id, 'SF1_Appraisal_v1.4.pdf', SF1_PDF, 'appraisal_pdf');
    const xmlId = await uploaded(order.id, 'SF1.xml', xml, 'appraisal_xml');
    const files = [
      { file_id: pdfId, file_type: 'appraisal_pdf' },
      { file_id: xmlId, file_type: 'appraisal_xml' },
    ];
    const request = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/api/v1/orders/${order.id}/${path}`,
        headers: { 'x-api-key': world.appraiser },
        ...(payload ? { payload } : {}),
      });

    // The XML alone is still refused: the report names its PDF.
    const alone = await request('POST', 'report_checks', { files: files.slice(1) });
    expect(alone.statusCode).toBe(422);
    expect(alone.json().error.details[0].message).toMatch(/^names files that were not submitted with it/);

    const check = await request('POST', 'report_checks', { files });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ format: 'uad_3.6', fatal_count: 0, can_submit: true });

    const submitted = await request('PUT', 'request_submission', { files, acknowledge_warnings: true });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const stored = await t.db
      .selectFrom('order_files as f')
      .innerJoin('file_types as ft', 'ft.id', 'f.file_type_id')
      .select(['f.id', 'f.filename', 'ft.slug', 'f.submission_no'])
      .where('f.order_id', '=', order.id)
      .orderBy('ft.slug')
      .execute();
    expect(stored).toEqual([
      { id: pdfId, filename: 'SF1_Appraisal_v1.4.pdf', slug: 'appraisal_pdf', submission_no: 1 },
      { id: xmlId, filename: 'SF1.xml', slug: 'appraisal_xml', submission_no: 1 },
    ]);
    const reports = await request('GET', 'reports');
    expect(reports.json()).toMatchObject([{ submission: 1, format: 'uad_3.6', fatal_count: 0 }]);
  }, 60_000);

  it('checks a ZIP package uploaded before on its own: it holds the PDF', async () => {
    const order = await inspectedOrder();
    const images = new URL('../fixtures/uad/SF1/Images/', import.meta.url);
    const bytes = zip([
      { name: 'SF1_Appraisal_v1.4.xml', data: Buffer.from(await sf1ForOrder(t.db, order.id)) },
      { name: 'SF1_Appraisal_v1.4.pdf', data: SF1_PDF },
      ...readdirSync(images).map((name) => ({
        name: `Images/${name}`,
        data: readFileSync(new URL(name, images)),
        store: true,
      })),
    ]);
    const packageId = await uploaded(order.id, 'SF1.zip', bytes, 'appraisal_xml');
    const check = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/report_checks`,
      headers: { 'x-api-key': world.appraiser },
      payload: { files: [{ file_id: packageId, file_type: 'appraisal_xml' }] },
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ format: 'uad_3.6', fatal_count: 0, can_submit: true });

    // Submitted by its id, it is kept as the package, and the report's photos are read out of it.
    const submitted = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${order.id}/request_submission`,
      headers: { 'x-api-key': world.appraiser },
      payload: { files: [{ file_id: packageId, file_type: 'appraisal_xml' }] },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const stored = await t.db
      .selectFrom('order_files')
      .innerJoin('file_types', 'file_types.id', 'order_files.file_type_id')
      .select(['file_types.slug', 'order_files.filename'])
      .where('order_id', '=', order.id)
      .orderBy('file_types.slug')
      .execute();
    expect(stored).toEqual([
      { slug: 'appraisal_env', filename: 'SF1.zip' },
      { slug: 'appraisal_pdf', filename: 'SF1_Appraisal_v1.4.pdf' },
      { slug: 'appraisal_xml', filename: 'SF1_Appraisal_v1.4.xml' },
    ]);
    const reports = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}/reports`,
      headers: { 'x-api-key': world.appraiser },
    });
    const [read] = reports.json<{ photos: { link: string | null }[] }[]>();
    expect(read!.photos.every((photo) => photo.link !== null)).toBe(true);
  }, 60_000);
});
