import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { sendMultipart, type Part } from '../helpers/multipart.ts';
import { SF1_PDF, sf1ForOrder, sf1OrderFields } from './sf1-for-order.ts';

/**
 * The structured reconsideration of value through HTTP (docs/reports.md, "Reconsideration of
 * value"): the lender names deficiencies and up to five alternative comparables, as JSON or as
 * form-data; bad input is a 422 naming the field and changes nothing; one borrower-initiated
 * request per appraisal, none after closing; the company reviews it and forwards it with its
 * comparables; the appraiser's revised report records the outcome and is checked against its
 * own reconsideration section; each side reads what it may.
 */
const t = useTestApp();
const world = useDemoWorld(t);
const { step } = world;

/** An order for a 1004 at SF1's contract price, its report (SF1, value 491,000) submitted: In review. */
async function reportedOrder() {
  const order = await world.toInspected(await sf1OrderFields(t.db, world.demo.company_id));
  const xml = await sf1ForOrder(t.db, order.id);
  const submitted = await submit(order.id, xml);
  expect(submitted.statusCode, submitted.body).toBe(200);
  return { ...order, xml };
}

const submit = (orderId: string, xml: string) =>
  sendMultipart(t.app, 'PUT', `/api/v1/orders/${orderId}/request_submission`, world.appraiser, [
    [
      'files[][attachment]',
      { filename: 'SF1.xml', content: Buffer.from(xml), contentType: 'application/xml' },
    ],
    ['files[][file_type]', 'appraisal_xml'],
    [
      'files[][attachment]',
      { filename: 'SF1_Appraisal_v1.4.pdf', content: SF1_PDF, contentType: 'application/pdf' },
    ],
    ['files[][file_type]', 'appraisal_pdf'],
    ['acknowledge_warnings', 'true'],
  ]);

const URL_OF = (orderId: string) => `/api/v1/orders/${orderId}/request_reconsideration_of_value`;
const askJson = (orderId: string, payload: object, key = world.client) =>
  t.app.inject({ method: 'PUT', url: URL_OF(orderId), headers: { 'X-Api-Key': key }, payload });
const askForm = (orderId: string, parts: Part[]) =>
  sendMultipart(t.app, 'PUT', URL_OF(orderId), world.client, parts);

const read = async (key: string, orderId: string): Promise<any[]> => {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/v1/orders/${orderId}/reconsiderations`,
    headers: { 'X-Api-Key': key },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};
const notesOf = async (key: string, orderId: string): Promise<{ subject: string; content: string }[]> =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${orderId}/notes`,
      headers: { 'X-Api-Key': key },
    })
  ).json();

/** Everything a refused request must leave as it was. */
const snapshot = async (orderId: string) => ({
  status: (
    await t.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()
  ).status,
  reconsiderations: await t.db
    .selectFrom('reconsiderations')
    .select('id')
    .where('order_id', '=', orderId)
    .execute(),
  comparables: (await t.db.selectFrom('reconsideration_comparables').select('reconsideration_id').execute())
    .length,
  notes: (await t.db.selectFrom('notes').select('id').where('order_id', '=', orderId).execute()).length,
  history: (await t.db.selectFrom('order_history').select('id').where('order_id', '=', orderId).execute())
    .length,
});

const LAVACA = {
  address: '412 Lavaca St, Austin, TX 78701',
  sale_price: '455,000',
  sale_date: '11/02/2026',
  data_source: 'MLS 5512034',
  reason: 'Same subdivision and builder, 0.2 miles away',
};
const COLORADO = {
  address: '1310 Colorado St, Austin, TX 78701',
  sale_price: 468500,
  sale_date: '2026-10-28',
  data_source: 'MLS 5510877',
  reason: 'Same floor plan, closed within 30 days',
};
const STRUCTURED = {
  reason: 'alternate_closed_sales',
  summary: 'Two closer sales in the same subdivision were missed',
  supporting_data: 'Both sales are in the MLS',
  initiated_by: 'borrower',
  deficiencies: [
    { category: 'comparable_selection', description: 'Comparable 3 is across the river' },
    { category: 'subject_characteristics', description: 'The plans give 1,912 sq ft above grade' },
  ],
  comparables: [LAVACA, COLORADO],
};

const STORED_COMPARABLES = [
  {
    position: 1,
    address: LAVACA.address,
    sale_price: '455000.00',
    sale_date: '11/02/2026',
    data_source: 'MLS 5512034',
    reason: LAVACA.reason,
  },
  {
    position: 2,
    address: COLORADO.address,
    sale_price: '468500.00',
    sale_date: '10/28/2026',
    data_source: 'MLS 5510877',
    reason: COLORADO.reason,
  },
];

describe('asking', () => {
  it('takes a structured request as JSON: recorded whole, its note readable by staff', async () => {
    const order = await reportedOrder();
    const answer = await askJson(order.id, STRUCTURED);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().status.name).toBe('Client request');
    const [staff] = await read(world.staff, order.id);
    expect(staff).toMatchObject({
      number: 1,
      status: 'in_review',
      initiated_by: 'borrower',
      reason: 'alternate_closed_sales',
      summary: STRUCTURED.summary,
      supporting_data: STRUCTURED.supporting_data,
      deficiencies: STRUCTURED.deficiencies,
      comparables: STORED_COMPARABLES,
      requested_by: { id: world.demo.users.client.id, name: expect.any(String) },
      review: null,
      sent_to_appraiser_at: null,
      outcome: null,
    });
    // Staff read the request in its note, deficiencies and comparables as text.
    const note = (await notesOf(world.staff, order.id)).find(
      (entry) => entry.subject === 'Reconsideration of value request',
    )!;
    for (const text of [
      'Reason: alternate closed sales',
      'Initiated by: the borrower (through the lender)',
      'Comparable selection: Comparable 3 is across the river',
      '412 Lavaca St, Austin, TX 78701: sold 11/02/2026 for $455,000.00 (data source: MLS 5512034). Why it is better: Same subdivision and builder, 0.2 miles away',
      '1310 Colorado St, Austin, TX 78701: sold 10/28/2026 for $468,500.00 (data source: MLS 5510877)',
    ])
      expect(note.content).toContain(text);
    // The event announces it with who initiated it.
    const event = await t.db
      .selectFrom('events')
      .select('data')
      .where('order_id', '=', order.id)
      .where('type', '=', 'order.reconsideration_requested')
      .executeTakeFirstOrThrow();
    expect(event.data).toMatchObject({ initiated_by: 'borrower', reconsideration_id: staff.id });
  });

  it('takes it as form-data (comparables[0][address]…, comparables[][…]), and the old fields alone', async () => {
    const order = await reportedOrder();
    const answer = await askForm(order.id, [
      ['reason', 'alternate_closed_sales'],
      ['summary', STRUCTURED.summary],
      ['initiated_by', 'borrower'],
      ['deficiencies[0][category]', 'comparable_selection'],
      ['deficiencies[0][description]', 'Comparable 3 is across the river'],
      ...Object.entries(LAVACA).map(([key, value]): Part => [`comparables[0][${key}]`, String(value)]),
      ...Object.entries(COLORADO).map(([key, value]): Part => [`comparables[][${key}]`, String(value)]),
      ['attachments[]', { filename: 'listing.pdf', content: SF1_PDF, contentType: 'application/pdf' }],
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    const [stored] = await read(world.staff, order.id);
    expect(stored).toMatchObject({
      initiated_by: 'borrower',
      deficiencies: [{ category: 'comparable_selection', description: 'Comparable 3 is across the river' }],
      comparables: STORED_COMPARABLES,
    });

    // As integrators send it today: reason and summary, as a form; the lender initiated it.
    const plain = await reportedOrder();
    const old = await t.app.inject({
      method: 'PUT',
      url: URL_OF(plain.id),
      headers: { 'X-Api-Key': world.client, 'Content-Type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        reason: 'general_errors',
        summary: 'The bedroom count is wrong',
      }).toString(),
    });
    expect(old.statusCode, old.body).toBe(200);
    expect(await read(world.client, plain.id)).toMatchObject([
      { initiated_by: 'lender', reason: 'general_errors', deficiencies: [], comparables: [] },
    ]);
  });

  it('refuses bad input with a 422 naming the field, and changes nothing', async () => {
    const order = await reportedOrder();
    const before = await snapshot(order.id);
    const comparable = (change: Record<string, unknown>, drop?: string) => {
      const value: Record<string, unknown> = { ...LAVACA, ...change };
      if (drop) delete value[drop];
      return { ...STRUCTURED, comparables: [value] };
    };
    const cases: [object, string, RegExp][] = [
      [
        { ...STRUCTURED, comparables: [LAVACA, COLORADO, LAVACA, COLORADO, LAVACA, COLORADO] },
        'comparables',
        /more than 5/,
      ],
      [comparable({}, 'data_source'), 'comparables[0].data_source', /is required/],
      [comparable({}, 'reason'), 'comparables[0].reason', /is required/],
      [comparable({ data_source: '  ' }), 'comparables[0].data_source', /must not be blank/],
      [comparable({ sale_price: 'about 450k' }), 'comparables[0].sale_price', /decimal amount/],
      [comparable({ sale_price: '0' }), 'comparables[0].sale_price', /more than 0/],
      [comparable({ sale_date: 'last week' }), 'comparables[0].sale_date', /must be a date/],
      [comparable({ sale_date: '02/30/2026' }), 'comparables[0].sale_date', /must be a date/],
      [comparable({ sale_date: '2037-01-05' }), 'comparables[0].sale_date', /in the future/],
      [
        { ...STRUCTURED, deficiencies: [{ category: 'vibes', description: 'Too low' }] },
        'deficiencies[0].category',
        /must be one of/,
      ],
      [
        { ...STRUCTURED, deficiencies: [{ category: 'other' }] },
        'deficiencies[0].description',
        /is required/,
      ],
      [{ ...STRUCTURED, initiated_by: 'realtor' }, 'initiated_by', /must be one of: borrower, lender/],
      [{ ...STRUCTURED, reason: 'too_low' }, 'reason', /must be one of/],
    ];
    for (const [payload, field, message] of cases) {
      const answer = await askJson(order.id, payload);
      expect(answer.statusCode, `${field}: ${answer.body}`).toBe(422);
      const detail = answer.json().error.details.find((entry: { field: string }) => entry.field === field);
      expect(detail, `${field}: ${answer.body}`).toBeDefined();
      expect(detail.message).toMatch(message);
    }
    // The same as form-data.
    const form = await askForm(order.id, [
      ['reason', 'alternate_closed_sales'],
      ['summary', STRUCTURED.summary],
      ...Object.entries({ ...LAVACA, sale_price: 'a lot' }).map(([key, value]): Part => [
        `comparables[0][${key}]`,
        String(value),
      ]),
      ...Object.entries({ ...COLORADO, sale_date: '2026-13-01' }).map(([key, value]): Part => [
        `comparables[1][${key}]`,
        String(value),
      ]),
    ]);
    expect(form.statusCode, form.body).toBe(422);
    expect(form.json().error.details).toEqual([
      { field: 'comparables[0].sale_price', message: 'must be a decimal amount, e.g. 450.00' },
    ]);
    const dated = await askForm(order.id, [
      ['reason', 'alternate_closed_sales'],
      ['summary', STRUCTURED.summary],
      ...Object.entries({ ...COLORADO, sale_date: '2026-13-01' }).map(([key, value]): Part => [
        `comparables[1][${key}]`,
        String(value),
      ]),
    ]);
    expect(dated.json().error.details).toEqual([
      { field: 'comparables[0].sale_date', message: 'must be a date: YYYY-MM-DD or MM/DD/YYYY' },
    ]);
    expect(await snapshot(order.id)).toEqual(before);
  });
});

describe("the GSEs' limits", () => {
  it('takes one borrower-initiated request per appraisal; a lender-initiated one still goes', async () => {
    const order = await reportedOrder();
    await step(world.staff, order.id, 'request_completion', 'Completed');
    expect((await askJson(order.id, STRUCTURED)).statusCode).toBe(200);
    await step(world.staff, order.id, 'answer_request', 'Completed', {
      comments: 'Comparable 3 is the closest sale of the same model; the value stands',
    });
    const before = await snapshot(order.id);
    const again = await askJson(order.id, { ...STRUCTURED, summary: 'Please look again' });
    expect(again.statusCode, again.body).toBe(422);
    expect(again.json().error.details).toEqual([
      {
        field: 'initiated_by',
        message: expect.stringMatching(
          /^is borrower, and the borrower already asked for a reconsideration of value of this appraisal on \d\d\/\d\d\/\d{4}: one borrower-initiated request per appraisal/,
        ),
      },
    ]);
    expect(await snapshot(order.id)).toEqual(before);
    const lender = await askJson(order.id, { ...STRUCTURED, initiated_by: 'lender' });
    expect(lender.statusCode, lender.body).toBe(200);
    // The company's answer is recorded, and the lender reads it.
    expect(await read(world.client, order.id)).toMatchObject([
      {
        number: 1,
        status: 'answered',
        review: { decision: 'answered', comments: expect.stringMatching(/^Comparable 3 is the closest/) },
      },
      { number: 2, status: 'in_review', initiated_by: 'lender' },
    ]);
  });

  it('refuses a request once the loan has closed, naming closing_date', async () => {
    const order = await reportedOrder();
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await t.db.updateTable('orders').set({ closing_date: yesterday }).where('id', '=', order.id).execute();
    const before = await snapshot(order.id);
    const refused = await askJson(order.id, STRUCTURED);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error.details).toEqual([
      {
        field: 'closing_date',
        message: expect.stringMatching(
          /in the past: a reconsideration of value is taken only before the loan closes$/,
        ),
      },
    ]);
    expect(await snapshot(order.id)).toEqual(before);
    const today = new Date().toISOString().slice(0, 10);
    await t.db.updateTable('orders').set({ closing_date: today }).where('id', '=', order.id).execute();
    expect((await askJson(order.id, STRUCTURED)).statusCode).toBe(200);
  });
});

describe("the company's review, and what each side reads", () => {
  it('forwards the request in its own words with the comparables; the appraiser never learns who wrote it', async () => {
    const order = await reportedOrder();
    expect((await askJson(order.id, STRUCTURED)).statusCode).toBe(200);
    // Waiting for the company: nothing of it reaches the appraiser.
    expect(await read(world.appraiser, order.id)).toEqual([]);
    expect(
      (await notesOf(world.appraiser, order.id)).some((note) => note.subject.includes('Reconsideration')),
    ).toBe(false);
    await step(world.staff, order.id, 'forward_request', 'Action required', {
      comments: 'Please consider the two sales below and the living area of the builder plans',
    });
    const forwarded = (await notesOf(world.appraiser, order.id)).find((note) =>
      note.subject.includes('Reconsideration'),
    )!;
    for (const text of [
      'Please consider the two sales below',
      'Reason: alternate closed sales',
      'Initiated by: the borrower (through the lender)',
      'Subject characteristics',
      '412 Lavaca St, Austin, TX 78701: sold 11/02/2026 for $455,000.00 (data source: MLS 5512034)',
      '1310 Colorado St, Austin, TX 78701: sold 10/28/2026 for $468,500.00 (data source: MLS 5510877)',
    ])
      expect(forwarded.content).toContain(text);
    // In the company's words: the lender's own summary stays with the company.
    expect(forwarded.content).not.toContain(STRUCTURED.summary);

    const [appraiser] = await read(world.appraiser, order.id);
    expect(appraiser).toMatchObject({
      status: 'with_appraiser',
      initiated_by: 'borrower',
      summary: null,
      supporting_data: null,
      requested_by: null,
      review: {
        decision: 'forwarded',
        comments: 'Please consider the two sales below and the living area of the builder plans',
      },
      comparables: STORED_COMPARABLES,
      deficiencies: STRUCTURED.deficiencies,
    });
    const client = world.demo.users.client;
    const everything = JSON.stringify(await read(world.appraiser, order.id));
    expect(everything).not.toContain(client.id);
    const person = await t.db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'email'])
      .where('id', '=', client.id)
      .executeTakeFirstOrThrow();
    expect(everything).not.toContain(person.email);
    expect(everything).not.toContain(`${person.first_name} ${person.last_name}`);
    // The lender reads its request, not the company's words to the appraiser.
    const [lender] = await read(world.client, order.id);
    expect(lender).toMatchObject({
      summary: STRUCTURED.summary,
      requested_by: { id: client.id },
      review: { decision: 'forwarded', comments: null },
    });
  });

  it('goes to the appraiser at once where the company does not review the lender’s requests', async () => {
    const order = await reportedOrder();
    await t.db
      .updateTable('company_clients')
      .set({ lender_requests_reviewed: false })
      .where('client_id', '=', world.demo.client_id)
      .execute();
    try {
      expect((await askJson(order.id, STRUCTURED)).statusCode).toBe(200);
    } finally {
      await t.db
        .updateTable('company_clients')
        .set({ lender_requests_reviewed: true })
        .where('client_id', '=', world.demo.client_id)
        .execute();
    }
    const [appraiser] = await read(world.appraiser, order.id);
    expect(appraiser).toMatchObject({
      status: 'with_appraiser',
      summary: STRUCTURED.summary,
      requested_by: null,
      review: null,
      sent_to_appraiser_at: expect.any(String),
    });
  });
});

/** The revised report: a new value, and its reconsideration section as the appraiser filled it. */
function revised(
  xml: string,
  value: number,
  section: { requestedBy: string; result: string; date: string } | null,
): string {
  const changed = xml.replace('<OpinionOfValueAmount>491000<', `<OpinionOfValueAmount>${value}<`);
  if (!section) return changed;
  return changed
    .replace('<ReconsiderationOfValueIndicator>false<', '<ReconsiderationOfValueIndicator>true<')
    .replace(
      /(\s*)<SCOPE_OF_WORK>/,
      `$1<RECONSIDERATIONS_OF_VALUE><RECONSIDERATION_OF_VALUE>` +
        `<ReconsiderationOfValueCommentDescription>Comparable 4 (412 Lavaca St) added to the grid.</ReconsiderationOfValueCommentDescription>` +
        `<ReconsiderationOfValueRequestedByType>${section.requestedBy}</ReconsiderationOfValueRequestedByType>` +
        `<ReconsiderationOfValueResultDate>${section.date}</ReconsiderationOfValueResultDate>` +
        `<ReconsiderationOfValueResultType>${section.result}</ReconsiderationOfValueResultType>` +
        `</RECONSIDERATION_OF_VALUE></RECONSIDERATIONS_OF_VALUE>$1<SCOPE_OF_WORK>`,
    );
}

describe('the outcome', () => {
  const today = () => new Date().toISOString().slice(0, 10);

  it('is recorded when the appraiser resubmits with a new value, and matches the report’s section', async () => {
    const order = await reportedOrder();
    await step(world.staff, order.id, 'request_completion', 'Completed');
    expect((await askJson(order.id, STRUCTURED)).statusCode).toBe(200);
    // Forwarded as the lender wrote it: the appraiser reads the summary too.
    await step(world.staff, order.id, 'forward_request', 'Action required');
    expect((await read(world.appraiser, order.id))[0]).toMatchObject({
      summary: STRUCTURED.summary,
      review: { decision: 'forwarded', comments: null },
    });
    const resubmitted = await submit(
      order.id,
      revised(order.xml, 495000, { requestedBy: 'BorrowerInitiated', result: 'ValueChange', date: today() }),
    );
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    const outcome = {
      submission_before: 1,
      submission_after: 2,
      value_before: '491000.00',
      value_after: '495000.00',
      result: 'value_change',
      recorded_at: expect.any(String),
    };
    const [staff] = await read(world.staff, order.id);
    expect(staff.status).toBe('resolved');
    expect(staff.outcome).toEqual({
      ...outcome,
      report_check: {
        status: 'matches',
        section: {
          indicator: true,
          requested_by: 'borrower',
          result: 'value_change',
          result_date: today(),
          comment: 'Comparable 4 (412 Lavaca St) added to the grid.',
        },
        mismatches: [],
      },
    });
    expect((await read(world.appraiser, order.id))[0].outcome).toEqual(staff.outcome);
    const [history] = await t.db
      .selectFrom('order_history')
      .select('details')
      .where('order_id', '=', order.id)
      .where('action', '=', 'request_submission')
      .orderBy('created_at', 'desc')
      .execute();
    expect((history!.details as { reconsideration: unknown }).reconsideration).toEqual({
      reconsideration_id: staff.id,
      result: 'value_change',
      value_before: '491000.00',
      value_after: '495000.00',
      report_check: 'matches',
    });
    // The lender reads the outcome once the company releases the revised report, without the check.
    expect((await read(world.client, order.id))[0].outcome).toBeNull();
    await step(world.staff, order.id, 'request_completion', 'Completed');
    expect((await read(world.client, order.id))[0].outcome).toEqual({ ...outcome, report_check: null });
  });

  it('records a mismatch by element where the revised report says otherwise, or nothing', async () => {
    const order = await reportedOrder();
    expect((await askJson(order.id, STRUCTURED)).statusCode).toBe(200);
    await step(world.staff, order.id, 'forward_request', 'Action required');
    const answer = await submit(
      order.id,
      revised(order.xml, 495000, { requestedBy: 'LenderInitiated', result: 'NoValueChange', date: today() }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const [first] = await read(world.staff, order.id);
    expect(first.outcome).toMatchObject({
      result: 'value_change',
      report_check: {
        status: 'mismatch',
        mismatches: [
          {
            field: 'ReconsiderationOfValueRequestedByType',
            message: 'is LenderInitiated; the request was initiated by the borrower (BorrowerInitiated)',
          },
          {
            field: 'ReconsiderationOfValueResultType',
            message: 'is NoValueChange; the value changed from the report before (ValueChange)',
          },
        ],
      },
    });

    // A second request, lender-initiated, answered with a report that leaves the value and says nothing.
    await step(world.staff, order.id, 'request_completion', 'Completed');
    expect((await askJson(order.id, { ...STRUCTURED, initiated_by: 'lender' })).statusCode).toBe(200);
    await step(world.staff, order.id, 'forward_request', 'Action required', { comments: 'Please review' });
    expect((await submit(order.id, revised(order.xml, 495000, null))).statusCode).toBe(200);
    const [, second] = await read(world.staff, order.id);
    expect(second.outcome).toMatchObject({
      submission_before: 2,
      submission_after: 3,
      value_before: '495000.00',
      value_after: '495000.00',
      result: 'no_value_change',
      report_check: {
        status: 'mismatch',
        section: { indicator: false, requested_by: null, result: null },
        mismatches: [
          {
            field: 'ReconsiderationOfValueIndicator',
            message: 'is false: the revised report does not say a reconsideration of value was requested',
          },
          {
            field: 'RECONSIDERATION_OF_VALUE',
            message: 'is absent: the revised report gives no result of the reconsideration of value',
          },
        ],
      },
    });
    // The first one's outcome stays as it was.
    expect((await read(world.staff, order.id))[0].outcome).toEqual(first.outcome);
  });
});
