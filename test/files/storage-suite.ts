import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { LinkSigner } from '../../src/storage/signed-links.ts';
import { useTestApp } from '../helpers/app.ts';
import { REPORT_PDF, REPORT_XML, sendMultipart, type Part } from '../helpers/multipart.ts';
import { placeOrder, statusOf } from '../helpers/orders.ts';
import type { TestS3 } from '../helpers/s3.ts';
import { emailWorker, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

/**
 * Files, notes, parties, submissions and revisions, run once per storage driver: the same
 * behaviour on local disk and on an S3-compatible server.
 */
export function storageSuite(driver: 'local' | 's3', s3: TestS3 | null): void {
  let dataDir = '';
  let smtp: TestSmtpServer;
  const t = useTestApp(() => ({ DATA_DIR: dataDir, MAX_FILE_BYTES: '65536', ...(s3?.env ?? {}) }));
  let demo: DemoWorld;
  let other: DemoWorld;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    demo = await seedDemo(t.db);
    other = await seedDemo(t.db);
  }, 60_000);
  afterAll(async () => {
    await smtp.stop();
    await s3?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  // The data directory must exist before the app is built (useTestApp reads env then).
  dataDir = path.join(os.tmpdir(), `aoms-files-${driver}-${process.pid}-${Date.now()}`);

  const client = () => demo.users.client.api_key;
  const staff = () => demo.users.staff.api_key;
  const appraiser = () => demo.users.appraiser.api_key;

  const bucketClient = (env: Record<string, string>) =>
    new S3Client({
      region: 'us-east-1',
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });

  /** Removes a stored object behind the service's back, as a restore without the files would. */
  async function removeObject(key: string): Promise<void> {
    if (s3) await bucketClient(s3.env).send(new DeleteObjectCommand({ Bucket: s3.env.S3_BUCKET, Key: key }));
    else await fs.rm(path.join(dataDir, 'files', key));
  }

  async function storedObjects(): Promise<number> {
    if (s3) {
      const s3client = bucketClient(s3.env);
      const listing = await s3client.send(new ListObjectsV2Command({ Bucket: s3.env.S3_BUCKET }));
      return listing.KeyCount ?? 0;
    }
    const root = path.join(dataDir, 'files');
    const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.filter((e) => e.isFile()).length;
  }
  const fileRows = async () => (await t.db.selectFrom('order_files').select('id').execute()).length;

  async function expectNothingStored<T>(work: () => Promise<T>): Promise<T> {
    const [objects, rows] = [await storedObjects(), await fileRows()];
    const result = await work();
    expect(await storedObjects()).toBe(objects);
    expect(await fileRows()).toBe(rows);
    return result;
  }

  async function download(link: string) {
    const url = new URL(link);
    return t.app.inject({ method: 'GET', url: url.pathname + url.search });
  }

  async function orderInStatus(status: string) {
    const order = await placeOrder(t.app, t.db, demo);
    await t.db
      .updateTable('orders')
      .set({ status, appraiser_id: demo.users.appraiser.id })
      .where('id', '=', order.id)
      .execute();
    return order;
  }

  describe(`files (${driver} storage)`, () => {
    it('uploads a PDF and an XML, lists them, and serves them back byte for byte through signed links', async () => {
      const order = await placeOrder(t.app, t.db, demo);
      const pdf = await sendMultipart(t.app, 'POST', `/api/v1/orders/${order.id}/files`, client(), [
        ['file_type', 'purchase_agreement'],
        ['attachment', { ...REPORT_PDF, filename: '../../etc/contract.pdf' }],
      ]);
      expect(pdf.statusCode, pdf.body).toBe(201);
      const uploaded = pdf.json();
      expect(uploaded).toMatchObject({
        id: expect.any(String),
        created_at: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
        file_type: { id: expect.any(String), name: 'Purchase Agreement', slug: 'purchase_agreement' },
        filename: 'contract.pdf',
        link: expect.stringMatching(/^http:\/\/localhost:3000\/files\//),
        attachment_key: expect.stringMatching(/^orders\//),
      });
      expect(uploaded.attachment_key).not.toContain('contract');
      const xml = await sendMultipart(t.app, 'POST', `/api/v1/orders/${order.id}/files`, staff(), [
        ['attachment', REPORT_XML],
        ['file_type', 'appraisal_xml'],
      ]);
      expect(xml.statusCode).toBe(201);

      const listed = await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${order.id}/files`,
        headers: { 'X-Api-Key': client() },
      });
      expect(listed.json().map((f: { filename: string }) => f.filename)).toEqual([
        'contract.pdf',
        'report.xml',
      ]);
      for (const file of listed.json()) expect(file).not.toHaveProperty('attachment_key');

      const gotPdf = await download(uploaded.link);
      expect(gotPdf.statusCode).toBe(200);
      expect(gotPdf.rawPayload.equals(REPORT_PDF.content)).toBe(true);
      expect(gotPdf.headers['content-type']).toBe('application/pdf');
      expect(gotPdf.headers['content-disposition']).toMatch(/^attachment; filename="contract.pdf"/);
      const gotXml = await download(xml.json().link);
      expect(gotXml.rawPayload.equals(REPORT_XML.content)).toBe(true);
      expect(gotXml.headers['content-type']).toBe('application/xml');
    });

    it('refuses a tampered link and an expired one (403)', async () => {
      const order = await placeOrder(t.app, t.db, demo);
      const uploaded = (
        await sendMultipart(t.app, 'POST', `/api/v1/orders/${order.id}/files`, client(), [
          ['attachment', REPORT_PDF],
          ['file_type', 'other'],
        ])
      ).json();
      const url = new URL(uploaded.link);
      const signature = url.searchParams.get('signature')!;
      const tampered = [
        url.pathname + url.search.replace(signature, (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1)),
        url.pathname + url.search.replace(/expires=(\d+)/, (_m, e: string) => `expires=${Number(e) + 3600}`),
        url.pathname.replace(uploaded.id, '00000000-0000-0000-0000-000000000000') + url.search,
        url.pathname,
      ];
      for (const link of tampered) {
        const response = await t.app.inject({ method: 'GET', url: link });
        expect(response.statusCode, link).toBe(403);
        expect(response.json().error.code).toBe('forbidden');
      }
      const signer = new LinkSigner(t.db, t.config.publicBaseUrl, 60);
      const expired = await signer.link('files', uploaded.id, Date.now() - 120_000);
      const response = await download(expired);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toMatch(/expired/);
    });

    it('answers 404 JSON, not 500, for a signed link whose stored object is gone', async () => {
      const order = await placeOrder(t.app, t.db, demo);
      const uploaded = (
        await sendMultipart(t.app, 'POST', `/api/v1/orders/${order.id}/files`, client(), [
          ['attachment', REPORT_PDF],
          ['file_type', 'other'],
        ])
      ).json();
      await removeObject(uploaded.attachment_key);
      const response = await download(uploaded.link);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        success: false,
        error: { code: 'not_found', message: expect.stringMatching(/no longer stored/) },
        request_id: expect.any(String),
      });
    });

    it('refuses bad uploads with a clear error and stores nothing', async () => {
      const order = await placeOrder(t.app, t.db, demo);
      const upload = (parts: Part[], key = client()) =>
        sendMultipart(t.app, 'POST', `/api/v1/orders/${order.id}/files`, key, parts);
      await expectNothingStored(async () => {
        const missing = await upload([['file_type', 'other']]);
        expect(missing.statusCode).toBe(422);
        expect(missing.json().error.details[0].field).toBe('attachment');
        const notAFile = await upload([
          ['file_type', 'other'],
          ['attachment', 'just text'],
        ]);
        expect(notAFile.statusCode).toBe(422);
        const unknownType = await upload([
          ['attachment', REPORT_PDF],
          ['file_type', 'selfie'],
        ]);
        expect(unknownType.statusCode).toBe(422);
        expect(unknownType.json().error.details[0].field).toBe('file_type');
        const oversize = await upload([
          ['file_type', 'other'],
          ['attachment', { filename: 'big.bin', content: Buffer.alloc(70_000, 1) }],
        ]);
        expect(oversize.statusCode).toBe(413);
        const wrongType = await t.app.inject({
          method: 'POST',
          url: `/api/v1/orders/${order.id}/files`,
          headers: { 'X-Api-Key': client(), 'Content-Type': 'text/plain' },
          payload: 'hello',
        });
        expect(wrongType.statusCode).toBe(415);
        const broken = await t.app.inject({
          method: 'POST',
          url: `/api/v1/orders/${order.id}/files`,
          headers: { 'X-Api-Key': client(), 'Content-Type': 'multipart/form-data; boundary=xyz' },
          payload: '--xyz\r\nContent-Disposition: form-data; name="file_type"\r\n\r\nother',
        });
        expect(broken.statusCode).toBe(400);
        const otherTenant = await upload(
          [
            ['attachment', REPORT_PDF],
            ['file_type', 'other'],
          ],
          other.users.client.api_key,
        );
        expect(otherTenant.statusCode).toBe(404);
        const notOffered = await upload(
          [
            ['attachment', REPORT_PDF],
            ['file_type', 'other'],
          ],
          appraiser(),
        );
        expect(notOffered.statusCode).toBe(404);
        const fileWhereNoneBelongs = await sendMultipart(
          t.app,
          'PUT',
          `/api/v1/orders/${order.id}/hold`,
          client(),
          [
            ['reason', 'x'],
            ['attachment', REPORT_PDF],
          ],
        );
        expect(fileWhereNoneBelongs.statusCode).toBe(422);
        expect(await statusOf(t.app, client(), order.id)).toBe('Unassigned');
      });
    });
  });

  describe(`notes (${driver} storage)`, () => {
    it('adds a note with attachments and emails it to additional_emails; unsafe HTML never comes back', async () => {
      const order = await placeOrder(t.app, t.db, demo);
      const response = await sendMultipart(t.app, 'POST', `/api/v1/orders/${order.id}/notes`, client(), [
        ['subject', 'Access'],
        ['content', '<p>Gate code <b>1234</b><script>alert(1)</script><img src="x" onerror="alert(2)"></p>'],
        ['additional_emails[]', 'agent@realty.example'],
        ['additional_emails[]', 'owner@home.example'],
        ['attachments[]', REPORT_PDF],
        ['attachments[]', REPORT_XML],
      ]);
      expect(response.statusCode, response.body).toBe(201);
      const note = response.json();
      expect(note).toMatchObject({
        subject: 'Access',
        author_name: 'Casey Client',
        additional_emails: ['agent@realty.example', 'owner@home.example'],
        created_at: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
        important: null,
      });
      expect(note.content).toBe('<p>Gate code <b>1234</b></p>');
      expect(note.content).not.toMatch(/script|onerror/);
      expect(note.attachments.map((a: { filename: string }) => a.filename)).toEqual([
        'report.pdf',
        'report.xml',
      ]);
      expect((await download(note.attachments[0].link)).rawPayload.equals(REPORT_PDF.content)).toBe(true);

      const listed = await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${order.id}/notes`,
        headers: { 'X-Api-Key': staff() },
      });
      expect(listed.json()).toEqual([expect.objectContaining({ id: note.id, content: note.content })]);

      const worker = emailWorker(t.db, t.config, smtp);
      await worker.runOnce();
      const [mail] = await smtp.waitForMessages(1);
      expect(mail!.to).toMatchObject({
        value: [{ address: 'agent@realty.example' }, { address: 'owner@home.example' }],
      });
      expect(mail!.subject).toBe(`Order ${order.file_number}: Access`);
      expect(mail!.text).toContain('Gate code 1234');
      expect(mail!.text).not.toContain('alert');
      expect(mail!.text).toMatch(/report\.pdf: http:\/\/localhost:3000\/files\//);
    });

    it('takes a plain form or JSON note too, and refuses bad notes storing nothing', async () => {
      const order = await placeOrder(t.app, t.db, demo);
      const json = await t.app.inject({
        method: 'POST',
        url: `/api/v1/orders/${order.id}/notes`,
        headers: { 'X-Api-Key': appraiser() },
        payload: { content: 'hi' },
      });
      expect(json.statusCode).toBe(404); // the appraiser is not on this order
      const byStaff = await t.app.inject({
        method: 'POST',
        url: `/api/v1/orders/${order.id}/notes`,
        headers: { 'X-Api-Key': staff() },
        payload: { content: 'Inspection moved', important: true },
      });
      expect(byStaff.statusCode).toBe(201);
      expect(byStaff.json()).toMatchObject({
        author_name: 'Sam Staffer',
        important: true,
        subject: null,
        attachments: [],
      });
      const notes = async () =>
        (await t.db.selectFrom('notes').select('id').where('order_id', '=', order.id).execute()).length;
      const before = await notes();
      await expectNothingStored(async () => {
        const cases: [Part[], string][] = [
          [[['subject', 'no content']], 'content'],
          [[['content', '<script>only()</script>']], 'content'],
          [
            [
              ['content', 'x'],
              ['additional_emails[]', 'not-an-email'],
            ],
            'additional_emails[0]',
          ],
          [
            [
              ['content', 'x'],
              ['attachments[]', 'not a file'],
            ],
            'attachments[0]',
          ],
        ];
        for (const [parts, field] of cases) {
          const response = await sendMultipart(
            t.app,
            'POST',
            `/api/v1/orders/${order.id}/notes`,
            client(),
            parts,
          );
          expect(response.statusCode, JSON.stringify(parts)).toBe(422);
          expect(response.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
        }
        const oversize = await sendMultipart(t.app, 'POST', `/api/v1/orders/${order.id}/notes`, client(), [
          ['content', 'x'],
          ['attachments[]', REPORT_PDF],
          ['attachments[]', { filename: 'big.bin', content: Buffer.alloc(70_000, 2) }],
        ]);
        expect(oversize.statusCode).toBe(413);
        expect(
          (
            await sendMultipart(
              t.app,
              'POST',
              `/api/v1/orders/${order.id}/notes`,
              other.users.staff.api_key,
              [['content', 'x']],
            )
          ).statusCode,
        ).toBe(404);
      });
      expect(await notes()).toBe(before);
    });
  });

  describe(`submissions and revisions (${driver} storage)`, () => {
    it('takes files[][...] and files[0][...] encodings, stores every file, and moves the order to review', async () => {
      const order = await orderInStatus('Inspection completed');
      const productId = (
        await t.db
          .selectFrom('order_products')
          .select('product_id')
          .where('order_id', '=', order.id)
          .executeTakeFirstOrThrow()
      ).product_id;
      const response = await sendMultipart(
        t.app,
        'PUT',
        `/api/v1/orders/${order.id}/request_submission`,
        appraiser(),
        [
          ['files[][attachment]', REPORT_PDF],
          ['files[][file_type]', 'appraisal_pdf'],
          ['files[][product_id]', productId],
          ['files[][attachment]', REPORT_XML],
          ['files[][file_type]', 'appraisal_xml'],
        ],
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().status.name).toBe('In review');
      const listed = async (key: string) =>
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/v1/orders/${order.id}/files`,
            headers: { 'X-Api-Key': key },
          })
        ).json<{ file_type: { slug: string }; link: string }[]>();
      // The company reviews the report before the lender gets it.
      expect(await listed(client())).toEqual([]);
      const files = await listed(staff());
      expect(files.map((f: { file_type: { slug: string } }) => f.file_type.slug)).toEqual([
        'appraisal_pdf',
        'appraisal_xml',
      ]);
      expect((await download(files[1]!.link)).rawPayload.equals(REPORT_XML.content)).toBe(true);

      const indexed = await orderInStatus('Action required');
      const again = await sendMultipart(
        t.app,
        'PUT',
        `/api/v1/orders/${indexed.id}/request_submission`,
        appraiser(),
        [
          ['files[0][file_type]', 'appraisal_pdf'],
          ['files[0][attachment]', REPORT_PDF],
          ['files[1][attachment]', REPORT_XML],
          ['files[1][file_type]', 'appraisal_xml'],
        ],
      );
      expect(again.statusCode, again.body).toBe(200);
      expect(
        (
          await t.db.selectFrom('order_files').select('source').where('order_id', '=', indexed.id).execute()
        ).map((f) => f.source),
      ).toEqual(['submission', 'submission']);
    });

    it('refuses a submission without the report, with bad parts, or from the wrong person, storing nothing', async () => {
      const order = await orderInStatus('Inspection completed');
      const submit = (parts: Part[], key = appraiser()) =>
        sendMultipart(t.app, 'PUT', `/api/v1/orders/${order.id}/request_submission`, key, parts);
      await expectNothingStored(async () => {
        const cases: [Part[], string, number][] = [
          [
            [
              ['files[][attachment]', REPORT_XML],
              ['files[][file_type]', 'appraisal_xml'],
            ],
            'files',
            422,
          ],
          [
            [
              ['files[][attachment]', REPORT_PDF],
              ['files[][file_type]', 'appraisal_pdf'],
              ['files[][product_id]', '00000000-0000-0000-0000-000000000000'],
            ],
            'files[0].product_id',
            422,
          ],
          [
            [
              ['files[][attachment]', REPORT_PDF],
              ['files[][file_type]', 'selfie'],
            ],
            'files[0].file_type',
            422,
          ],
          [
            [
              ['files[][file_type]', 'appraisal_pdf'],
              ['files[][attachment]', 'text, not a file'],
            ],
            'files[0].attachment',
            422,
          ],
          [[['files[][file_type]', 'appraisal_pdf']], 'files[0].attachment', 422],
          [[], 'files', 422],
        ];
        for (const [parts, field, status] of cases) {
          const response = await submit(parts);
          expect(response.statusCode, `${JSON.stringify(parts)} ${response.body}`).toBe(status);
          expect(response.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
        }
        const oversize = await submit([
          ['files[][attachment]', { filename: 'huge.pdf', content: Buffer.alloc(70_000, 3) }],
          ['files[][file_type]', 'appraisal_pdf'],
        ]);
        expect(oversize.statusCode).toBe(413);
        const asClient = await submit(
          [
            ['files[][attachment]', REPORT_PDF],
            ['files[][file_type]', 'appraisal_pdf'],
          ],
          client(),
        );
        expect(asClient.statusCode).toBe(403);
        const otherTenant = await submit(
          [
            ['files[][attachment]', REPORT_PDF],
            ['files[][file_type]', 'appraisal_pdf'],
          ],
          other.users.appraiser.api_key,
        );
        expect(otherTenant.statusCode).toBe(404);
      });
      expect(await statusOf(t.app, client(), order.id)).toBe('Inspection completed');
    });

    it('keeps revision and reconsideration attachments as order files and a note of the request', async () => {
      const order = await orderInStatus('In review');
      const revision = await sendMultipart(
        t.app,
        'PUT',
        `/api/v1/orders/${order.id}/request_revision`,
        client(),
        [
          ['comments', 'Please add the detached garage'],
          ['attachments[]', REPORT_PDF],
        ],
      );
      expect(revision.statusCode, revision.body).toBe(200);
      expect(revision.json().status.name).toBe('Client request');
      await t.db.updateTable('orders').set({ status: 'Completed' }).where('id', '=', order.id).execute();
      const rov = await sendMultipart(
        t.app,
        'PUT',
        `/api/v1/orders/${order.id}/request_reconsideration_of_value`,
        client(),
        [
          ['reason', 'alternate_closed_sales'],
          ['summary', 'Three closer sales'],
          ['supporting_data', '12 Oak St, $445,000'],
          ['attachments[]', REPORT_XML],
        ],
      );
      expect(rov.statusCode, rov.body).toBe(200);
      const notes = (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/orders/${order.id}/notes`,
          headers: { 'X-Api-Key': staff() },
        })
      ).json();
      expect(notes.map((n: { subject: string }) => n.subject)).toEqual([
        'Revision request',
        'Reconsideration of value request',
      ]);
      expect(notes[0].content).toContain('Please add the detached garage');
      expect(notes[1].content).toContain('alternate closed sales');
      expect(notes[1].attachments[0].filename).toBe('report.xml');
      const sources = await t.db
        .selectFrom('order_files')
        .select('source')
        .where('order_id', '=', order.id)
        .orderBy('created_at')
        .execute();
      expect(sources.map((s) => s.source)).toEqual(['revision', 'reconsideration']);

      await t.db.updateTable('orders').set({ status: 'Completed' }).where('id', '=', order.id).execute();
      await expectNothingStored(async () => {
        const missing = await sendMultipart(
          t.app,
          'PUT',
          `/api/v1/orders/${order.id}/request_revision`,
          client(),
          [['attachments[]', REPORT_PDF]],
        );
        expect(missing.statusCode).toBe(422);
        expect(missing.json().error.details[0].field).toBe('comments');
        const badReason = await sendMultipart(
          t.app,
          'PUT',
          `/api/v1/orders/${order.id}/request_reconsideration_of_value`,
          client(),
          [
            ['reason', 'vibes'],
            ['summary', 'x'],
            ['attachments[]', REPORT_PDF],
          ],
        );
        expect(badReason.statusCode).toBe(422);
        expect(badReason.json().error.details[0].field).toBe('reason');
      });
    });
  });

  describe(`parties (${driver} storage run)`, () => {
    it('adds a party, reflects poc in points_of_contact, and toggles it by form (PUT and POST)', async () => {
      const order = await placeOrder(t.app, t.db, demo, { point_of_contact: undefined });
      const added = await t.app.inject({
        method: 'POST',
        url: `/api/v1/orders/${order.id}/parties`,
        headers: { 'X-Api-Key': client() },
        payload: {
          party: {
            name: 'Sally Seller',
            role: 'Seller Agent',
            poc: true,
            emails: ['sally@realty.example', 'office@realty.example'],
            phones: ['512-555-0199'],
          },
        },
      });
      expect(added.statusCode, added.body).toBe(201);
      const party = added.json();
      expect(party).toEqual({
        id: expect.any(String),
        name: 'Sally Seller',
        role: 'Seller Agent',
        role_key: 'seller_agent',
        poc: true,
        email: 'sally@realty.example',
        emails: ['sally@realty.example', 'office@realty.example'],
        phone: '512-555-0199',
        phones: ['512-555-0199'],
      });
      const detail = async (): Promise<Record<string, any>> =>
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/v1/orders/${order.id}`,
            headers: { 'X-Api-Key': client() },
          })
        ).json();
      expect((await detail()).points_of_contact.map((p: { id: string }) => p.id)).toEqual([party.id]);
      expect((await detail()).point_of_contact.id).toBe(party.id);

      const toggle = (method: 'PUT' | 'POST', poc: string, key = staff(), partyId = party.id) =>
        t.app.inject({
          method,
          url: `/api/v1/orders/${order.id}/parties/${partyId}/toggle_poc`,
          headers: { 'X-Api-Key': key, 'Content-Type': 'application/x-www-form-urlencoded' },
          payload: `poc=${poc}`,
        });
      expect((await toggle('PUT', 'false')).json()).toEqual({ success: true });
      expect((await detail()).points_of_contact).toEqual([]);
      expect((await detail()).point_of_contact).toBeNull();
      expect((await toggle('POST', 'true')).statusCode).toBe(200);
      expect((await detail()).points_of_contact).toHaveLength(1);

      expect((await toggle('PUT', 'maybe')).statusCode).toBe(422);
      // Appraisers never change parties: refused by role, whatever the order.
      expect((await toggle('PUT', 'true', appraiser())).statusCode).toBe(403);
      expect((await toggle('PUT', 'true', other.users.staff.api_key)).statusCode).toBe(404);
      expect((await toggle('PUT', 'true', client(), '00000000-0000-0000-0000-000000000000')).statusCode).toBe(
        404,
      );
    });

    it('refuses bad parties', async () => {
      const order = await placeOrder(t.app, t.db, demo);
      await t.db
        .updateTable('orders')
        .set({ appraiser_id: demo.users.appraiser.id })
        .where('id', '=', order.id)
        .execute();
      const add = (payload: object, key = client()) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/orders/${order.id}/parties`,
          headers: { 'X-Api-Key': key },
          payload,
        });
      const count = async () =>
        (await t.db.selectFrom('order_parties').select('id').where('order_id', '=', order.id).execute())
          .length;
      const before = await count();
      for (const [payload, field] of [
        [{ party: { name: 'A', role: '#1 / 2', poc: false } }, 'party.role'],
        [{ party: { role: 'borrower', poc: false } }, 'party.name'],
        [{ party: { name: 'A', role: 'borrower' } }, 'party.poc'],
        [{ name: 'A', role: 'borrower', poc: false }, 'party'],
        [{ party: { name: 'A', role: 'borrower', poc: false, emails: ['nope'] } }, 'party.emails[0]'],
      ] as const) {
        const response = await add(payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(422);
        expect(response.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
      }
      expect(
        (await add({ party: { name: 'A', role: 'borrower', poc: false } }, appraiser())).statusCode,
      ).toBe(403);
      expect(
        (await add({ party: { name: 'A', role: 'borrower', poc: false } }, other.users.client.api_key))
          .statusCode,
      ).toBe(404);
      expect(await count()).toBe(before);
    });
  });

  it('leaves no orphan object and no row when a submission fails half-way', async () => {
    const order = await orderInStatus('Inspection completed');
    // The second file's row is refused by the database after its object was stored.
    await sql`ALTER TABLE order_files ADD CONSTRAINT test_no_xml CHECK (filename <> 'report.xml') NOT VALID`.execute(
      t.db,
    );
    try {
      await expectNothingStored(async () => {
        const response = await sendMultipart(
          t.app,
          'PUT',
          `/api/v1/orders/${order.id}/request_submission`,
          appraiser(),
          [
            ['files[][attachment]', REPORT_PDF],
            ['files[][file_type]', 'appraisal_pdf'],
            ['files[][attachment]', REPORT_XML],
            ['files[][file_type]', 'appraisal_xml'],
          ],
        );
        expect(response.statusCode).toBe(500);
        expect(response.body).not.toMatch(/test_no_xml|order_files|constraint/i);
      });
    } finally {
      await sql`ALTER TABLE order_files DROP CONSTRAINT test_no_xml`.execute(t.db);
    }
    expect(await statusOf(t.app, client(), order.id)).toBe('Inspection completed');
  });
}
