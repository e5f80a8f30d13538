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
  '(api-keys|clients|companies|files|health|insight|live|notes|orders|organizations|parties|payments|seed|cli|timeline|users|webhooks|workflow|workspace|panel|fees|reports|ledger|receivables|payables|margins)';
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
    // The web application (web/src): docs/web.md, "The shape of the code".
    //   main.tsx, router.tsx    start the application, assemble the route tree
    //     └─ routes/            one module per page: path, search schema, loader
    //          └─ pages/        what a page shows, reading with suspense what its route loaded
    //               └─ features/  parts of pages, by feature (order, pipeline, admin, workspace…)
    //                    └─ components/  shared pieces that know no feature (tables, badges)
    //                         └─ queries/  the only callers of the SDK; query keys and invalidations
    //                              └─ lib/  formats, clocks, links: plain functions
    {
      name: 'web-no-folder-cycles',
      severity: 'error',
      comment: 'No two folders of web/src import each other, directly or through others.',
      scope: 'folder',
      from: { path: '^web/src/' },
      to: { path: '^web/src/', circular: true },
    },
    {
      name: 'web-routes-only-from-the-router',
      severity: 'error',
      comment: 'Only router.tsx assembles the route modules; pages read their route by its path.',
      from: { path: '^web/src/', pathNot: ['^web/src/router\\.tsx$', '^web/src/routes/'] },
      to: { path: '^web/src/routes/' },
    },
    {
      name: 'web-pages-only-from-routes',
      severity: 'error',
      comment: 'A page is shown by its route; features and components do not reach up into pages.',
      from: { path: '^web/src/(features|components|queries|lib)/' },
      to: { path: '^web/src/(pages|routes)/' },
    },
    {
      name: 'web-components-know-no-feature',
      severity: 'error',
      comment: 'Shared components serve every feature: they import none.',
      from: { path: '^web/src/(components|queries|lib)/' },
      to: { path: '^web/src/features/' },
    },
    {
      name: 'web-queries-draw-nothing',
      severity: 'error',
      comment: 'queries/ reads and writes through the SDK; it draws nothing.',
      from: { path: '^web/src/(queries|lib)/' },
      to: { path: '^web/src/components/' },
    },
    {
      name: 'web-lib-is-the-bottom',
      severity: 'error',
      comment: 'lib/ holds plain functions: it imports nothing else of the application.',
      from: { path: '^web/src/lib/' },
      to: { path: '^web/src/', pathNot: '^web/src/lib/' },
    },
    {
      name: 'web-only-queries-call-the-sdk',
      severity: 'error',
      comment:
        'Only queries/ calls the service (the SDK client, the sdk module): one place names each query key and what a change makes stale. Others may import the SDK types.',
      from: { path: '^web/src/', pathNot: '^web/src/queries/' },
      to: {
        path: ['^sdk/src/client\\.ts$', '^web/src/queries/sdk\\.ts$'],
        dependencyTypesNot: ['type-only'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^src/types/' },
  },
};
