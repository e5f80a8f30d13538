import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { REPORT_PDF, REPORT_XML, sendMultipart, type Part } from '../helpers/multipart.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { deflatedZeros, zip } from '../support/zip-writer.ts';
import { SF1_PDF, sf1ForOrder, sf1OrderFields } from './sf1-for-order.ts';

/**
 * Report intake through HTTP (docs/reports.md): the pre-check reads and checks a report and
 * stores nothing; request_submission does the same, refuses what is unreadable or unanswered,
 * and records what it read. SF1, rewritten for the order, is the report.
 */
const t = useTestApp();
const world = useDemoWorld(t);
const { step } = world;

/** An order for a 1004 at SF1's contract price, walked to Inspection completed by the demo appraiser. */
async function inspectedOrder() {
  const order = await world.toInspected(await sf1OrderFields(t.db, world.demo.company_id));
  return order;
}

const xmlPart = (xml: string, filename = 'SF1.xml'): Part[] => [
  ['files[][attachment]', { filename, content: Buffer.from(xml), contentType: 'application/xml' }],
  ['files[][file_type]', 'appraisal_xml'],
];
const pdfPart: Part[] = [
  [
    'files[][attachment]',
    { filename: 'SF1_Appraisal_v1.4.pdf', content: SF1_PDF, contentType: 'application/pdf' },
  ],
  ['files[][file_type]', 'appraisal_pdf'],
];

const preCheck = (orderId: string, parts: Part[], key = world.appraiser) =>
  sendMultipart(t.app, 'POST', `/api/v1/orders/${orderId}/report_checks`, key, parts);
const submit = (orderId: string, parts: Part[]) =>
  sendMultipart(t.app, 'PUT', `/api/v1/orders/${orderId}/request_submission`, world.appraiser, parts);

const statusOf = async (orderId: string) =>
  (await t.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow())
    .status;
const stored = (orderId: string) =>
  t.db.selectFrom('report_submissions').selectAll().where('order_id', '=', orderId).execute();
const filesOf = async (orderId: string) =>
  (
    await t.db
      .selectFrom('order_files as f')
      .innerJoin('file_types as ft', 'ft.id', 'f.file_type_id')
      .select(['f.filename', 'ft.slug'])
      .where('f.order_id', '=', orderId)
      .execute()
  )
    .map((file) => `${file.slug} ${file.filename}`)
    .sort();

describe('the pre-check', () => {
  it("reads the order's report, finds no fatal finding, and stores nothing", async () => {
    const order = await inspectedOrder();
    const xml = await sf1ForOrder(t.db, order.id);
    const answer = await preCheck(order.id, [...xmlPart(xml), ...pdfPart]);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({
      format: 'uad_3.6',
      fatal_count: 0,
      can_submit: true,
      needs_override_reason: false,
    });
    expect(body.report).toMatchObject({
      value: '491000.00',
      effective_date: '2026-09-20',
      subject: { address: { line: '1100 Congress Ave', city: 'Austin', state: 'TX', postal_code: '78701' } },
    });
    expect(body.findings.filter((finding: { severity: string }) => finding.severity === 'fatal')).toEqual([]);
    expect(body.needs_acknowledgement).toBe(body.warning_count > 0);
    expect(await stored(order.id)).toEqual([]);
    expect(await filesOf(order.id)).toEqual([]);
    expect(await statusOf(order.id)).toBe('Inspection completed');
  });

  it('finds a report for another property, and names the field', async () => {
    const order = await inspectedOrder();
    const xml = (await sf1ForOrder(t.db, order.id)).replaceAll('1100 Congress Ave', '1102 Congress Ave');
    const body = (await preCheck(order.id, [...xmlPart(xml), ...pdfPart])).json();
    expect(body.findings.filter((finding: { source: string }) => finding.source === 'order')).toEqual([
      {
        id: 'ORD-ADDRESS',
        source: 'order',
        severity: 'fatal',
        message:
          'The report is for 1102 Congress Ave; the order is for 1100 Congress Ave. Check that the report is for the ordered property.',
        field: 'subject.address.line',
        line: null,
      },
    ]);
    expect(body.can_submit).toBe(false);
  });

  it('refuses what cannot be read, by the field and the line', async () => {
    const order = await inspectedOrder();
    const xml = await sf1ForOrder(t.db, order.id);
    const cases: [Part[], RegExp][] = [
      [xmlPart('<MESSAGE><unclosed></MESSAGE>'), /^is not well-formed XML \(line 1\): /],
      [
        [...xmlPart(xml.replace('<OpinionOfValueAmount>491000<', '<OpinionOfValueAmount>lots<')), ...pdfPart],
        /^does not validate against the UAD 3\.6 schema: line \d+, element OpinionOfValueAmount: 'lots' is not a valid value/,
      ],
      [xmlPart(xml), /^names files that were not submitted with it: \\\\SF1_Appraisal_v1\.4\.pdf/],
      [[...pdfPart], /^must include the report's XML/],
    ];
    for (const [parts, message] of cases) {
      const answer = await preCheck(order.id, parts);
      expect(answer.statusCode, answer.body).toBe(422);
      const detail = answer.json().error.details[0];
      expect(detail.message).toMatch(message);
      expect(detail.field).toMatch(/^files(\[\d\]\.attachment)?$/);
    }
  });

  it("is the order's appraiser's and the company's: a lender is refused", async () => {
    const order = await inspectedOrder();
    const answer = await preCheck(
      order.id,
      [...xmlPart(await sf1ForOrder(t.db, order.id)), ...pdfPart],
      world.client,
    );
    expect(answer.statusCode).toBe(403);
    const staff = await preCheck(
      order.id,
      [...xmlPart(await sf1ForOrder(t.db, order.id)), ...pdfPart],
      world.staff,
    );
    expect(staff.statusCode, staff.body).toBe(200);
  });
});

describe('submitting', () => {
  it('records what it read, once the warnings are acknowledged', async () => {
    const order = await inspectedOrder();
    const xml = await sf1ForOrder(t.db, order.id);
    const check = (await preCheck(order.id, [...xmlPart(xml), ...pdfPart])).json();
    if (check.warning_count > 0) {
      const refused = await submit(order.id, [...xmlPart(xml), ...pdfPart]);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().error.code).toBe('report_has_findings');
      expect(refused.json().error.details[0].field).toBe('acknowledge_warnings');
      expect(await stored(order.id)).toEqual([]);
      expect(await statusOf(order.id)).toBe('Inspection completed');
    }
    const accepted = await submit(order.id, [...xmlPart(xml), ...pdfPart, ['acknowledge_warnings', 'true']]);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [row] = await stored(order.id);
    expect(row).toMatchObject({
      submission_no: 1,
      format: 'uad_3.6',
      fatal_count: 0,
      warning_count: check.warning_count,
      override_reason: null,
      warnings_acknowledged: check.warning_count > 0,
    });
    expect((row!.report as { value: string }).value).toBe('491000.00');
    expect(await filesOf(order.id)).toEqual([
      'appraisal_pdf SF1_Appraisal_v1.4.pdf',
      'appraisal_xml SF1.xml',
    ]);
  });

  it('refuses fatal findings, or takes them with a reason where the company allows it', async () => {
    const order = await inspectedOrder();
    const xml = (await sf1ForOrder(t.db, order.id)).replaceAll('<PostalCode>78701<', '<PostalCode>78702<');
    const parts = [...xmlPart(xml), ...pdfPart, ['acknowledge_warnings', 'true'] as Part];
    const refused = await submit(order.id, parts);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'report_has_findings',
      details: [
        {
          field: 'subject.address.postal_code',
          message: "ORD-ZIP: The report's ZIP code is 78702; the order's is 78701.",
        },
      ],
    });
    expect(await filesOf(order.id)).toEqual([]);
    const allow = (allowed: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/companies/${world.demo.company_id}/report_settings`,
        headers: { 'X-Api-Key': world.staff },
        payload: { allow_fatal_override: allowed },
      });
    expect((await allow(true)).json().allow_fatal_override).toBe(true);
    try {
      const noReason = await submit(order.id, parts);
      expect(noReason.json().error.details[0]).toEqual({
        field: 'override_reason',
        message: 'is required to submit a report with fatal findings',
      });
      const overridden = await submit(order.id, [
        ...parts,
        ['override_reason', 'ZIP+4 reassigned by USPS in 2026'],
      ]);
      expect(overridden.statusCode, overridden.body).toBe(200);
      expect(await stored(order.id)).toMatchObject([
        { fatal_count: 1, override_reason: 'ZIP+4 reassigned by USPS in 2026' },
      ]);
    } finally {
      await t.db
        .deleteFrom('company_report_settings')
        .where('company_id', '=', world.demo.company_id)
        .execute();
    }
  });

  it('takes a ZIP package: kept whole, with the XML and PDF read out of it', async () => {
    const order = await inspectedOrder();
    const xml = await sf1ForOrder(t.db, order.id);
    const images = new URL('../fixtures/uad/SF1/Images/', import.meta.url);
    const packageOf = (skip = '') =>
      zip([
        { name: 'SF1_Appraisal_v1.4.xml', data: Buffer.from(xml) },
        { name: 'SF1_Appraisal_v1.4.pdf', data: SF1_PDF },
        ...readdirSync(images)
          .filter((name) => name !== skip)
          .map((name) => ({
            name: `Images/${name}`,
            data: readFileSync(new URL(name, images)),
            store: true,
          })),
      ]);
    const asPackage = (bytes: Buffer): Part[] => [
      ['files[][attachment]', { filename: 'SF1.zip', content: bytes, contentType: 'application/zip' }],
      ['files[][file_type]', 'appraisal_xml'],
      ['acknowledge_warnings', 'true'],
    ];
    const short = await submit(order.id, asPackage(packageOf('SF1_Comp2.png')));
    expect(short.statusCode, short.body).toBe(422);
    expect(short.json().error.details[0]).toEqual({
      field: 'files[0].attachment',
      message: 'names files the package does not hold: \\\\Images\\SF1_Comp2.png',
    });
    expect(await filesOf(order.id)).toEqual([]);
    const answer = await submit(order.id, asPackage(packageOf()));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await filesOf(order.id)).toEqual([
      'appraisal_env SF1.zip',
      'appraisal_pdf SF1_Appraisal_v1.4.pdf',
      'appraisal_xml SF1_Appraisal_v1.4.xml',
    ]);
    const [history] = await t.db
      .selectFrom('order_history')
      .select('details')
      .where('order_id', '=', order.id)
      .where('action', '=', 'request_submission')
      .execute();
    expect((history!.details as { report: unknown }).report).toMatchObject({
      format: 'uad_3.6',
      value: '491000.00',
      effective_date: '2026-09-20',
      fatal_count: 0,
    });

    // Its photos, each out of the package through a signed link; the lender's only once released.
    const reports = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}/reports`,
      headers: { 'x-api-key': world.staff },
    });
    const [read] =
      reports.json<{ photos: { position: number; category: string; link: string | null }[] }[]>();
    expect(read!.photos.length).toBeGreaterThan(5);
    const front = read!.photos.find((photo) => photo.category === 'DwellingFront')!;
    const path = new URL(front.link!).pathname + new URL(front.link!).search;
    expect(path).toMatch(
      new RegExp(`^/files/[0-9a-f-]{36}/photos/${front.position}\\?expires=\\d+&signature=`),
    );
    const image = await t.app.inject({ method: 'GET', url: path });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toMatch(/^inline; filename="SF1_DwellingFront\.png"/);
    expect(image.rawPayload.equals(readFileSync(new URL('SF1_DwellingFront.png', images)))).toBe(true);
    const forged = await t.app.inject({
      method: 'GET',
      url: path.replace(/photos\/\d+/, 'photos/1').replace(/signature=./, 'signature=A'),
    });
    expect(forged.statusCode).toBe(403);
    // Each photo's link is its own: its signature opens no other photo of the package.
    const other = await t.app.inject({
      method: 'GET',
      url: path.replace(/photos\/\d+/, `photos/${front.position + 1}`),
    });
    expect(other.statusCode).toBe(403);
    // A position that is no number names nothing, as an id that is no UUID does.
    const word = await t.app.inject({ method: 'GET', url: path.replace(/photos\/\d+/, 'photos/first') });
    expect(word.statusCode).toBe(404);
    const lender = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}/reports`,
      headers: { 'x-api-key': world.client },
    });
    expect(lender.json()).toEqual([]);
  });

  it('refuses a package with a path out of it, or a bomb, and stores nothing', async () => {
    const order = await inspectedOrder();
    const xml = await sf1ForOrder(t.db, order.id);
    const cases: [Buffer, RegExp][] = [
      [
        zip([
          { name: 'SF1.xml', data: Buffer.from(xml) },
          { name: '../../etc/cron.d/evil', data: Buffer.from('* * * * * root true') },
        ]),
        /"\.\.\/\.\.\/etc\/cron\.d\/evil", a path with "\.\." in it/,
      ],
      [
        zip([
          { name: 'SF1.xml', data: Buffer.from(xml) },
          { name: 'Images/bomb.png', deflated: deflatedZeros(60 * 1024 * 1024) },
        ]),
        /zip bomb/,
      ],
    ];
    for (const [bytes, message] of cases) {
      const answer = await submit(order.id, [
        ['files[][attachment]', { filename: 'SF1.zip', content: bytes, contentType: 'application/zip' }],
        ['files[][file_type]', 'appraisal_xml'],
      ]);
      expect(answer.statusCode, answer.body).toBe(422);
      expect(answer.json().error.details[0]).toMatchObject({
        field: 'files[0].attachment',
        message: expect.stringMatching(message),
      });
    }
    expect(await filesOf(order.id)).toEqual([]);
    expect(await stored(order.id)).toEqual([]);
    expect(await statusOf(order.id)).toBe('Inspection completed');
  });

  it('stores an XML of another kind unread, as before', async () => {
    const order = await inspectedOrder();
    const answer = await submit(order.id, [
      ['files[][attachment]', REPORT_PDF],
      ['files[][file_type]', 'appraisal_pdf'],
      ['files[][attachment]', REPORT_XML],
      ['files[][file_type]', 'appraisal_xml'],
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await stored(order.id)).toEqual([]);
  });
});

describe('the reports as read', () => {
  it('shows staff each submission with what changed, and the lender the released one, its summary only', async () => {
    const order = await inspectedOrder();
    const xml = await sf1ForOrder(t.db, order.id);
    const first = await submit(order.id, [...xmlPart(xml), ...pdfPart, ['acknowledge_warnings', 'true']]);
    expect(first.statusCode, first.body).toBe(200);
    await step(world.staff, order.id, 'require_action', 'Action required', {
      reason: 'Support the value better',
    });
    const revised = xml.replace('<OpinionOfValueAmount>491000<', '<OpinionOfValueAmount>495000<');
    const second = await submit(order.id, [
      ...xmlPart(revised),
      ...pdfPart,
      ['acknowledge_warnings', 'true'],
    ]);
    expect(second.statusCode, second.body).toBe(200);
    const read = async (key: string): Promise<any> =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/orders/${order.id}/reports`,
          headers: { 'X-Api-Key': key },
        })
      ).json();
    const staff = await read(world.staff);
    expect(staff.map((entry: { submission: number }) => entry.submission)).toEqual([1, 2]);
    expect(staff[0].changes).toBeNull();
    expect(staff[1].changes.fields).toContainEqual({
      field: 'value',
      before: '491000.00',
      after: '495000.00',
    });
    expect(staff[1]).toMatchObject({ released: false, submitted_by: expect.any(String) });
    expect((await read(world.appraiser)).length).toBe(2);
    // Not released yet: the lender sees none; once completed, the second, without its findings.
    expect(await read(world.client)).toEqual([]);
    await step(world.staff, order.id, 'request_completion', 'Completed');
    const lender = await read(world.client);
    expect(lender).toHaveLength(1);
    expect(lender[0]).toMatchObject({
      submission: 2,
      released: true,
      findings: [],
      fatal_count: null,
      warning_count: null,
      override_reason: null,
      changes: null,
      report: { value: '495000.00' },
    });
  });
});

describe("the company's review and settings", () => {
  const settingsUrl = () => `/api/v1/companies/${world.demo.company_id}/report_settings`;
  const patch = (url: string, key: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url, headers: { 'X-Api-Key': key }, payload });

  it('reads and changes the thresholds, refusing what is out of range by its field', async () => {
    const read = await t.app.inject({
      method: 'GET',
      url: settingsUrl(),
      headers: { 'X-Api-Key': world.staff },
    });
    expect(read.json()).toEqual({
      company_id: world.demo.company_id,
      allow_fatal_override: false,
      comparable_max_age_months: 12,
      proximity_tolerance_miles: 0.5,
      net_adjustment_percent: 15,
      gross_adjustment_percent: 25,
      review_checklist: [],
    });
    for (const [payload, field] of [
      [{ review_checklist: ['Photos', 'Photos'] }, 'review_checklist'],
      [{ comparable_max_age_months: 0 }, 'comparable_max_age_months'],
      [{ net_adjustment_percent: -5 }, 'net_adjustment_percent'],
      [{ allow_fatal_override: 'maybe' }, 'allow_fatal_override'],
      [{ fatal: true }, 'fatal'],
    ] as const) {
      const refused = await patch(settingsUrl(), world.staff, payload);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().error.details.map((detail: { field: string }) => detail.field)).toContain(field);
    }
    const changed = await patch(settingsUrl(), world.staff, {
      comparable_max_age_months: 6,
      net_adjustment_percent: 12.5,
    });
    expect(changed.json()).toMatchObject({
      comparable_max_age_months: 6,
      net_adjustment_percent: 12.5,
      gross_adjustment_percent: 25,
    });
    await patch(settingsUrl(), world.staff, { comparable_max_age_months: 12, net_adjustment_percent: 15 });
    expect((await patch(settingsUrl(), world.appraiser, { allow_fatal_override: true })).statusCode).toBe(
      403,
    );
  });

  it('overrides a warning with a reason, shares it, and the lender reads only what was shared', async () => {
    const order = await inspectedOrder();
    const { file_number } = await t.db
      .selectFrom('orders')
      .select('file_number')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    const xml = (await sf1ForOrder(t.db, order.id)).replace(`>${file_number}<`, '>AMC-7731<');
    const submitted = await submit(order.id, [...xmlPart(xml), ...pdfPart, ['acknowledge_warnings', 'true']]);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const url = `/api/v1/orders/${order.id}/reports/1/findings`;
    const county = { id: 'ORD-FILE-NUMBER', field: 'file_numbers.management_company' };
    const bad: [object, string][] = [
      [{ id: 'ORD-ZIP', field: 'subject.address.postal_code', shared_with_lender: true }, 'id'],
      [{ ...county, override_reason: '   ' }, 'override_reason'],
      [county, 'override_reason'],
    ];
    for (const [payload, field] of bad) {
      const refused = await patch(url, world.staff, payload);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().error.details[0].field).toBe(field);
    }
    expect(
      await t.db.selectFrom('report_finding_reviews').selectAll().where('order_id', '=', order.id).execute(),
    ).toEqual([]);
    const reviewed = await patch(url, world.staff, {
      ...county,
      override_reason: "The appraiser's software keeps the AMC's old file number; this is the order",
      shared_with_lender: true,
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    const finding = reviewed.json().findings.find((entry: { id: string }) => entry.id === 'ORD-FILE-NUMBER');
    expect(finding).toMatchObject({
      shared_with_lender: true,
      override: {
        reason: "The appraiser's software keeps the AMC's old file number; this is the order",
        by: expect.any(String),
      },
    });
    const read = async (key: string): Promise<any> =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/orders/${order.id}/reports`,
          headers: { 'X-Api-Key': key },
        })
      ).json();
    // The company's checklist, ticked by a reviewer; an item not on it is refused by its field.
    await patch(settingsUrl(), world.staff, {
      review_checklist: ['Photos match the address', 'Comparables are the best'],
    });
    const checklistUrl = `/api/v1/orders/${order.id}/reports/1/checklist`;
    const unknown = await patch(checklistUrl, world.staff, { item: 'Bribe the appraiser', done: true });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.details[0].field).toBe('item');
    const ticked = await patch(checklistUrl, world.staff, { item: 'Photos match the address', done: true });
    expect(ticked.json().checklist).toEqual([
      { item: 'Photos match the address', done: true, by: expect.any(String), at: expect.any(String) },
      { item: 'Comparables are the best', done: false, by: null, at: null },
    ]);
    await patch(settingsUrl(), world.staff, { review_checklist: [] });
    const mine = (await read(world.appraiser))[0].findings.find(
      (entry: { id: string }) => entry.id === 'ORD-FILE-NUMBER',
    );
    expect(mine.override).toBeNull();
    await step(world.staff, order.id, 'request_completion', 'Completed');
    const lender = (await read(world.client))[0];
    expect(
      lender.findings.map((entry: { id: string; override: unknown }) => [entry.id, entry.override]),
    ).toEqual([['ORD-FILE-NUMBER', null]]);
  });
});
