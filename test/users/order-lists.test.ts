import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { useTestApp } from '../helpers/app.ts';

const t = useTestApp();
let demo: DemoWorld;

beforeAll(async () => {
  demo = await seedDemo(t.db);
});

const call = async (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  path: string,
  key: string,
  payload?: unknown,
) => {
  const response = await t.app.inject({
    method,
    url: `/api/v1/me/order_lists/${path}`,
    headers: { 'X-Api-Key': key, ...(payload !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });
  return { status: response.statusCode, body: response.json() };
};
const fields = (body: { error: { details: { field: string }[] } }) => body.error.details.map((d) => d.field);

describe('GET and PUT /api/v1/me/order_lists/{list}/columns: the columns a person chose', () => {
  it("starts with the role's defaults (null) and no views", async () => {
    const { status, body } = await call('GET', 'orders', demo.users.staff.api_key);
    expect(status).toBe(200);
    expect(body).toEqual({ list: 'orders', columns: null, views: [] });
  });

  it('keeps the columns chosen, per user and per list, and forgets them on null', async () => {
    const columns = ['borrower', 'client', 'time_in_status'];
    const put = await call('PUT', 'orders/columns', demo.users.staff.api_key, { columns });
    expect(put).toEqual({ status: 200, body: { list: 'orders', columns, views: [] } });
    expect((await call('GET', 'orders', demo.users.staff.api_key)).body.columns).toEqual(columns);
    expect((await call('GET', 'pipeline', demo.users.staff.api_key)).body.columns).toBeNull();
    expect((await call('GET', 'orders', demo.users.client.api_key)).body.columns).toBeNull();
    const reset = await call('PUT', 'orders/columns', demo.users.staff.api_key, { columns: null });
    expect(reset.body.columns).toBeNull();
  });

  it('answers 422 naming the field for a column it does not know, twice the same, or none; 404 for a list that is none; and keeps what was', async () => {
    await call('PUT', 'orders/columns', demo.users.client.api_key, { columns: ['fee'] });
    const unknown = await call('PUT', 'orders/columns', demo.users.client.api_key, {
      columns: ['fee', 'salary'],
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.code).toBe('validation_failed');
    expect(fields(unknown.body).join(' ')).toContain('columns');
    const twice = await call('PUT', 'orders/columns', demo.users.client.api_key, { columns: ['fee', 'fee'] });
    expect(twice.status).toBe(422);
    expect(fields(twice.body).join(' ')).toContain('columns');
    const missing = await call('PUT', 'orders/columns', demo.users.client.api_key, {});
    expect(missing.status).toBe(422);
    expect(fields(missing.body).join(' ')).toContain('columns');
    const otherList = await call('PUT', 'archive/columns', demo.users.client.api_key, { columns: ['fee'] });
    // A path that names no list is no resource, like an unknown id in a path.
    expect(otherList.status).toBe(404);
    expect((await call('GET', 'orders', demo.users.client.api_key)).body.columns).toEqual(['fee']);
  });
});

describe('/api/v1/me/order_lists/{list}/views: saved views', () => {
  const view = {
    name: 'Reports to review',
    search: { status: 'in_review', sort: 'due_date asc', mine: true },
    columns: ['borrower', 'due'],
  };

  it('saves a view, lists it by name, and deletes it', async () => {
    const saved = await call('POST', 'orders/views', demo.users.appraiser.api_key, view);
    expect(saved.status).toBe(201);
    expect(saved.body).toEqual({ id: expect.any(String), created_at: expect.any(String), ...view });
    const other = await call('POST', 'orders/views', demo.users.appraiser.api_key, {
      ...view,
      name: 'All due soon',
    });
    expect(other.status).toBe(201);
    const listed = await call('GET', 'orders', demo.users.appraiser.api_key);
    expect(listed.body.views.map((v: { name: string }) => v.name)).toEqual([
      'All due soon',
      'Reports to review',
    ]);
    // Nobody else sees them, and nobody else deletes them.
    expect((await call('GET', 'orders', demo.users.staff.api_key)).body.views).toEqual([]);
    const foreign = await call('DELETE', `orders/views/${saved.body.id}`, demo.users.staff.api_key);
    expect(foreign.status).toBe(404);
    const deleted = await call('DELETE', `orders/views/${saved.body.id}`, demo.users.appraiser.api_key);
    expect(deleted).toEqual({ status: 200, body: { success: true } });
    const again = await call('DELETE', `orders/views/${saved.body.id}`, demo.users.appraiser.api_key);
    expect(again.status).toBe(404);
    expect((await call('GET', 'orders', demo.users.appraiser.api_key)).body.views).toHaveLength(1);
  });

  it('answers 409 naming the name for a name already taken, and saves nothing', async () => {
    await call('POST', 'orders/views', demo.users.client.api_key, view);
    const twice = await call('POST', 'orders/views', demo.users.client.api_key, {
      ...view,
      name: ' Reports to review ',
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatchObject({ code: 'conflict', details: [{ field: 'name' }] });
    expect((await call('GET', 'orders', demo.users.client.api_key)).body.views).toHaveLength(1);
  });

  it('answers 422 naming the field for a blank name, an unknown filter, a bad status key or date; and saves nothing', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ ...view, name: '   ' }, 'name'],
      [{ ...view, name: 'x'.repeat(61) }, 'name'],
      [{ ...view, search: { colour: 'red' } }, 'search'],
      [{ ...view, search: { status: 'In Review' } }, 'search'],
      [{ ...view, search: { due_from: 'tomorrow' } }, 'search'],
      [{ ...view, columns: ['salary'] }, 'columns'],
      [{ name: 'No search' }, 'search'],
    ];
    for (const [body, field] of bad) {
      const answer = await call('POST', 'pipeline/views', demo.users.staff.api_key, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(fields(answer.body).join(' '), JSON.stringify(body)).toContain(field);
    }
    expect((await call('GET', 'pipeline', demo.users.staff.api_key)).body.views).toEqual([]);
  });

  it('answers 404 for a view id that is no id', async () => {
    const answer = await call('DELETE', 'orders/views/not-an-id', demo.users.staff.api_key);
    expect(answer.status).toBe(404);
  });
});
