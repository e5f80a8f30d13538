import { describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/seed/demo.ts';
import { useTestApp } from '../helpers/app.ts';
import { createUserWithKey } from '../helpers/factories.ts';
import { REPORT_PDF, sendMultipart, type Part } from '../helpers/multipart.ts';

/**
 * An appraiser's documents (docs/assignment.md, "Credentials"): the E&O certificate uploaded,
 * listed with its standing, downloaded as it was, removed; kept in the credential changes; bad
 * fields answered 422 naming them, keeping nothing; lenders and other appraisers kept out.
 */
const t = useTestApp({ TIME_ZONE: 'America/Chicago' });
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const certificate = { ...REPORT_PDF, filename: 'eo-certificate-2027.pdf' };

describe("an appraiser's documents", () => {
  it('the E&O certificate is uploaded, listed with its standing, downloaded as it was and removed', async () => {
    const demo = await seedDemo(t.db);
    const path = `/api/v1/appraisers/${demo.users.appraiser.id}/documents`;
    const upload = (key: string, parts: Part[]) => sendMultipart(t.app, 'POST', path, key, parts);
    const added = await upload(demo.users.appraiser.api_key, [
      ['kind', 'eo_certificate'],
      ['expires_on', day(30)],
      ['file', certificate],
    ]);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      kind: 'eo_certificate',
      file_name: 'eo-certificate-2027.pdf',
      content_type: 'application/pdf',
      size: certificate.content.length,
      expires_on: day(30),
      standing: 'expiring',
      uploaded_by: { id: demo.users.appraiser.id, name: 'Avery Appraiser' },
    });
    const w9 = await upload(demo.users.staff.api_key, [
      ['kind', 'w9'],
      [
        'file',
        { filename: 'w9.png', content: Buffer.from('89504e470d0a1a0a', 'hex'), contentType: 'image/png' },
      ],
    ]);
    expect(w9.statusCode, w9.body).toBe(201);
    expect(w9.json()).toMatchObject({ kind: 'w9', expires_on: null, standing: null });

    const listed = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { 'X-Api-Key': demo.users.staff.api_key },
    });
    expect(listed.json().map((d: { kind: string }) => d.kind)).toEqual(['w9', 'eo_certificate']);
    const download = await t.app.inject({
      method: 'GET',
      url: added.json().download_path,
      headers: { 'X-Api-Key': demo.users.staff.api_key },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('eo-certificate-2027.pdf');
    expect(download.rawPayload.equals(certificate.content)).toBe(true);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${path}/${w9.json().id}`,
      headers: { 'X-Api-Key': demo.users.appraiser.api_key },
    });
    expect(removed.statusCode).toBe(200);
    const changes = await t.db
      .selectFrom('appraiser_credential_changes')
      .select(['change', 'after', 'before'])
      .where('appraiser_id', '=', demo.users.appraiser.id)
      .where('change', 'like', 'document_%')
      .orderBy('created_at')
      .execute();
    expect(changes.map((c) => c.change)).toEqual(['document_added', 'document_added', 'document_removed']);
    expect(changes[2]!.before).toMatchObject({ kind: 'w9', file_name: 'w9.png' });
    const gone = await t.app.inject({
      method: 'GET',
      url: w9.json().download_path,
      headers: { 'X-Api-Key': demo.users.appraiser.api_key },
    });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses bad fields naming each and keeps nothing; lenders and other appraisers are kept out', async () => {
    const demo = await seedDemo(t.db);
    const path = `/api/v1/appraisers/${demo.users.appraiser.id}/documents`;
    const key = demo.users.appraiser.api_key;
    const refusals: [Part[], string[]][] = [
      [
        [
          ['kind', 'eo_certificate'],
          ['file', certificate],
        ],
        ['expires_on'],
      ],
      [
        [
          ['kind', 'passport'],
          ['expires_on', '2027-02-30'],
          ['file', certificate],
        ],
        ['kind', 'expires_on'],
      ],
      [
        [
          ['kind', 'other'],
          ['file', { filename: 'x.html', content: Buffer.from('<b>x</b>'), contentType: 'text/html' }],
        ],
        ['file'],
      ],
      [[['kind', 'other']], ['file']],
    ];
    for (const [parts, fields] of refusals) {
      const answer = await sendMultipart(t.app, 'POST', path, key, parts);
      expect(answer.statusCode, answer.body).toBe(422);
      expect(answer.json().error.details.map((d: { field: string }) => d.field)).toEqual(fields);
    }
    expect(
      await t.db
        .selectFrom('appraiser_documents')
        .select('id')
        .where('appraiser_id', '=', demo.users.appraiser.id)
        .execute(),
    ).toEqual([]);
    const asLender = await sendMultipart(t.app, 'POST', path, demo.users.client.api_key, [
      ['kind', 'w9'],
      ['file', certificate],
    ]);
    expect(asLender.statusCode).toBe(403);
    const stranger = await createUserWithKey(t.db, 'appraiser', { id: demo.company_id, name: '' });
    const asOther = await t.app.inject({ method: 'GET', url: path, headers: { 'X-Api-Key': stranger.key } });
    expect(asOther.statusCode).toBe(404);
  });
});
