/**
 * The layers of src/, as rules that CI checks (`npm run lint:layers`). Read docs/architecture.md
 * for the picture; each rule below says what it keeps apart and why.
 *
 *   app.ts, server.ts, workers.ts           composition: build the app, start the workers
 *     └─ <feature>/*.routes.ts              HTTP in and out: validate, call one service, answer
 *          └─ <feature>/*.service.ts        rules, access, workflow
 *               └─ <feature>/*.repository.ts, orders/order.store.ts    the SQL
 *                    └─ db/                 pool, schema, migrations, list filters
 *
 * Shared layers under the features: errors/, config/, format/, reference/, schemas/, db/,
 * mail/, outbox/, events/, storage/, auth/, cards/, metrics/. http/ is the HTTP plumbing that
 * only route files (and the composition) use. Folders form no cycle: a folder never imports
 * one that imports it.
 */
const FEATURES =
  '(api-keys|clients|companies|files|health|insight|live|notes|orders|organizations|parties|payments|seed|cli|timeline|users|webhooks|workflow|workspace)';
const SHARED =
  '(errors|config|format|reference|schemas|db|mail|outbox|events|storage|auth|cards|metrics|policy)';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules import each other in one direction only.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycles',
      severity: 'error',
      comment:
        'No two folders of src/ import each other, directly or through others: each folder sits above the ones it uses.',
      scope: 'folder',
      from: { path: '^src/' },
      to: { path: '^src/', circular: true },
    },
    {
      name: 'http-only-from-routes',
      severity: 'error',
      comment:
        'HTTP plumbing (requests, replies, multipart, list-query parsing) stays in route files: services and repositories take plain values, so the CLI, timers and tests can call them.',
      from: { path: `^src/${FEATURES}/`, pathNot: '\\.routes\\.ts$' },
      to: { path: '^src/http/' },
    },
    {
      name: 'shared-layers-stay-below-features',
      severity: 'error',
      comment: 'The shared layers know no feature: features build on them, never the other way.',
      from: { path: `^src/${SHARED}/` },
      to: { path: `^src/${FEATURES}/` },
    },
    {
      name: 'http-knows-no-feature',
      severity: 'error',
      comment: 'http/ serves every route; it imports shared layers only.',
      from: { path: '^src/http/' },
      to: { path: `^src/${FEATURES}/` },
    },
    {
      name: 'routes-only-from-composition',
      severity: 'error',
      comment: 'Only app.ts registers routes; nothing else imports a route module.',
      from: { pathNot: '^src/app\\.ts$' },
      to: { path: '\\.routes\\.ts$' },
    },
    {
      name: 'services-not-routes',
      severity: 'error',
      comment: 'Services do not reach back up into HTTP.',
      from: { path: '\\.service\\.ts$' },
      to: { path: '\\.routes\\.ts$' },
    },
    {
      name: 'repositories-not-services',
      severity: 'error',
      comment: 'Repositories hold SQL and nothing above it: no rules, no HTTP.',
      from: { path: '(\\.repository|\\.store)\\.ts$' },
      to: { path: '\\.(service|routes)\\.ts$' },
    },
    {
      name: 'no-sql-in-routes-or-the-workflow-table',
      severity: 'error',
      comment:
        'Route files and the workflow table (workflow/) hold no SQL: they cannot reach the query builder. Queries live in repositories, the order store and db/.',
      from: { path: ['\\.routes\\.ts$', '^src/workflow/'] },
      to: { path: 'node_modules/kysely/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'composition-is-the-top',
      severity: 'error',
      comment: 'app.ts, server.ts and workers.ts assemble the service; nothing in src/ imports them.',
      from: { path: '^src/', pathNot: '^src/(app|server|workers)\\.ts$' },
      to: { path: '^src/(app|server|workers)\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^src/types/' },
  },
};
