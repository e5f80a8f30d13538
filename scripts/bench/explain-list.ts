import { Kysely, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { parseArgs } from 'node:util';
import { LiteralLimitPostgresDialect } from '../../src/db/literal-limits.ts';
import type { Database } from '../../src/db/schema.ts';
import { parseListQuery } from '../../src/http/list-query.ts';
import { ORDER_ATTRIBUTES } from '../../src/orders/order.search.ts';
import { listOrders } from '../../src/orders/order.list.repository.ts';
import { countLimit } from '../../src/db/list-count.ts';
import { countScope } from '../../src/orders/order.scope.ts';
import { orderVisibleTo } from '../../src/policy/order-access.ts';
import type { AuthUser } from '../../src/auth/principal.ts';

/**
 * `node scripts/bench/explain-list.ts '<query string>' [--limit 1000]`: the statements the order
 * list runs for that search, as the benchmark's staff user (its first company) on a loaded
 * database (DATABASE_URL, or the kept BENCH_DATABASE on that server), each with
 * `EXPLAIN (ANALYZE, BUFFERS)` twice: planned for its values (a custom plan, what a connection
 * runs the first five times, and every time if it is sent unnamed), then, for a statement sent as
 * a prepared statement, as it runs from the sixth time on (plan_cache_mode auto: the generic plan
 * when PostgreSQL finds it no dearer; `--generic` forces it).
 */
const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: { limit: { type: 'string', default: '1000' }, generic: { type: 'boolean', default: false } },
});
const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
if (process.env.BENCH_DATABASE) url.pathname = `/${process.env.BENCH_DATABASE}`;
const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
const statements: CompiledQuery[] = [];
const db = new Kysely<Database>({
  dialect: new LiteralLimitPostgresDialect({ pool }),
  log: (event) => {
    if (event.level === 'query') statements.push(event.query);
  },
});

const staff = await db
  .selectFrom('users')
  .innerJoin('organizations', 'organizations.id', 'users.organization_id')
  .select(['users.id', 'users.organization_id', 'users.email'])
  .where('organizations.name', '=', 'Bench Company 1')
  .where('users.role', '=', 'staff')
  .executeTakeFirstOrThrow();
statements.length = 0;
const user: AuthUser = {
  id: staff.id,
  organizationId: staff.organization_id,
  organizationKind: 'company',
  role: 'staff',
  isAdmin: true,
  email: staff.email,
  firstName: 'Staff',
  lastName: 'Bench',
  branchId: null,
  orderVisibility: 'all',
};
const query = Object.fromEntries(new URLSearchParams(positionals[0] ?? '').entries());
const list = parseListQuery(query, ORDER_ATTRIBUTES, { timeZone: 'UTC', cursor: true });
const started = performance.now();
const answer = await listOrders(db, orderVisibleTo(user), list, countScope(user), null, {
  // As the service bounds it: lower for a value no index narrows (db/list-count.ts).
  limit: countLimit(list, Number(options.limit)),
  before: (list.page - 1) * list.perPage,
});
console.log(
  `${positionals[0]}: ${answer.rows.length} rows, total ${answer.total}${answer.estimated ? ' (estimate)' : ''}, ${(performance.now() - started).toFixed(1)} ms through Kysely`,
);

const client = await pool.connect();
for (const [index, statement] of statements.entries()) {
  if (statement.sql.startsWith('explain')) {
    console.log(`\n-- statement ${index + 1}: the planner's estimate (EXPLAIN, not run)`);
    continue;
  }
  console.log(
    `\n-- statement ${index + 1}\n${statement.sql}\n-- parameters: ${JSON.stringify(statement.parameters)}`,
  );
  const explain = async (sqlText: string, values: readonly unknown[]) =>
    (await client.query<{ 'QUERY PLAN': string }>(sqlText, values as unknown[])).rows
      .map((row) => row['QUERY PLAN'])
      .join('\n');
  console.log('\n-- custom plan:');
  console.log(await explain(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, statement.parameters));
  // A statement the service sends unnamed is planned for its values every time (db/connection.ts).
  if (statement.sql.includes('/* planned for its values */')) continue;
  // The service's named prepared statement after five runs (db/connection.ts).
  const name = `explained_${index}`;
  await client.query(`PREPARE ${name} AS ${statement.sql}`);
  // EXECUTE takes its arguments as literals (a utility statement has no parameters of its own).
  const literal = (value: unknown): string =>
    Array.isArray(value)
      ? client.escapeLiteral(
          `{${value.map((item) => `"${String(item).replace(/["\\]/g, '\\$&')}"`).join(',')}}`,
        )
      : client.escapeLiteral(value instanceof Date ? value.toISOString() : String(value));
  const args = statement.parameters.map(literal).join(', ');
  const execute = statement.parameters.length > 0 ? `EXECUTE ${name}(${args})` : `EXECUTE ${name}`;
  if (options.generic) await client.query('SET plan_cache_mode = force_generic_plan');
  for (let i = 0; i < 5; i++) await client.query(execute);
  console.log(
    `\n-- the prepared statement's sixth run (${options.generic ? 'generic plan forced' : 'plan_cache_mode auto'}):`,
  );
  console.log(await explain(`EXPLAIN (ANALYZE, BUFFERS) ${execute}`, []));
  await client.query(`DEALLOCATE ${name}`);
  await client.query('RESET plan_cache_mode');
}
client.release();
await db.destroy();
