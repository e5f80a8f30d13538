import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { csvCell, csvLine } from '../../src/format/csv.ts';
import { useTestApp } from '../helpers/app.ts';
import { placeOrder } from '../helpers/orders.ts';

const t = useTestApp();
let demo: DemoWorld;
let other: DemoWorld;

/** RFC 4180 as a spreadsheet reads it: quoted fields, doubled quotes, CRLF lines. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

beforeAll(async () => {
  demo = await seedDemo(t.db);
  other = await seedDemo(t.db);
  const borrowers = ['Adams', 'Baker, Jr.', '=HYPERLINK("http://x.example")', 'O"Neil'];
  for (const [i, last] of borrowers.entries())
    await placeOrder(t.app, t.db, demo, {
      borrower: { first_name: 'Pat', last_name: last },
      loan_type: i % 2 === 0 ? 'fha' : 'conventional',
      loan_number: `LN-${i}`,
      due_date: `2037-12-${10 + i}T12:00`,
    });
  await placeOrder(t.app, t.db, other, { loan_number: 'OTHER-TENANT' });
});

const exportCsv = (query = '', key = demo.users.client.api_key) =>
  t.app.inject({ method: 'GET', url: `/api/v1/orders/export${query}`, headers: { 'X-Api-Key': key } });
const listIds = async (query: string, key = demo.users.client.api_key) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/orders?per_page=100${query}`,
    headers: { 'X-Api-Key': key },
  });
  return response.json<{ data: { file_number: string }[] }>().data.map((o) => o.file_number);
};

describe('GET /api/v1/orders/export', () => {
  it('answers a CSV file named for the day, one row per order of the list, in its order', async () => {
    const response = await exportCsv();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual([
      'File number',
      'Status',
      'Address',
      'City',
      'State',
      'ZIP',
      'Client',
      'Borrower',
      'Loan number',
      'Loan type',
      'Transaction type',
      'Appraiser',
      'Due date',
      'Created',
      'Completed',
      'Fulfilled',
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(await listIds(''));
    expect(rows).toHaveLength(5);
    expect(response.body).not.toContain('OTHER-TENANT');
  });

  it('takes the same filters and sort as the list', async () => {
    for (const query of ['&q[loan_type_eq]=fha', '&q[s]=due_date asc', '&q[keywords_cont]=baker']) {
      const rows = parseCsv((await exportCsv(`?${query.slice(1)}`)).body);
      expect(rows.slice(1).map((r) => r[0])).toEqual(await listIds(query));
    }
    const fha = parseCsv((await exportCsv('?q[loan_type_eq]=fha')).body);
    expect(fha.slice(1).every((r) => r[9] === 'fha')).toBe(true);
    expect(fha).toHaveLength(3);
  });

  it('quotes commas and quotes, and keeps a formula from running', async () => {
    const rows = parseCsv((await exportCsv('?q[s]=due_date asc')).body);
    expect(rows.map((r) => r[7])).toEqual([
      'Borrower',
      'Pat Adams',
      'Pat Baker, Jr.',
      'Pat =HYPERLINK("http://x.example")',
      'Pat O"Neil',
    ]);
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvLine(['x', null, 'line\nbreak'])).toBe('x,,"line\nbreak"\r\n');
  });

  it('refuses a bad filter with 422 naming it, before any file starts', async () => {
    const response = await exportCsv('?q[nonsense_eq]=1');
    expect(response.statusCode).toBe(422);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json().error.details[0].field).toMatch(/nonsense/);
    expect((await exportCsv('?q[due_date_gteq]=tomorrow')).statusCode).toBe(422);
  });

  it('needs a key', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/orders/export' });
    expect(response.statusCode).toBe(401);
  });

  it('streams a large export in batches from a cursor: every row, in order', async () => {
    // 5,000 copies of one order (the bulk loader of the benchmark does the same at scale).
    await sql`
      INSERT INTO orders (file_number, client_id, company_id, created_by, status, address_one, city, state_id, zip,
                          loan_type, transaction_type, payment_method, total_fee_cents, green_certified, due_date, original_due_date)
      SELECT 'BULK-' || lpad(i::text, 5, '0'), m.client_id, m.company_id, m.created_by, m.status, m.address_one, m.city, m.state_id, m.zip,
             m.loan_type, m.transaction_type, m.payment_method, m.total_fee_cents, m.green_certified, m.due_date, m.original_due_date
        FROM generate_series(1, 5000) i, (SELECT * FROM orders WHERE loan_number = 'LN-0') m`.execute(t.db);
    const response = await exportCsv('?q[file_number_start]=BULK-');
    expect(response.statusCode).toBe(200);
    expect(response.headers['transfer-encoding']).toBe('chunked');
    const rows = parseCsv(response.body).slice(1);
    expect(rows).toHaveLength(5000);
    expect(new Set(rows.map((r) => r[0])).size).toBe(5000);
  });
});
