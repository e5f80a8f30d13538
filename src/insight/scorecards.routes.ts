import { Type } from 'typebox';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { ReadCache, type OrderChanges } from '../orders/order.changes.ts';
import { AppraiserParams } from '../panel/credential.schemas.ts';
import { Id, ref } from '../schemas/common.ts';
import { AppraiserScorecard, Scorecards, ScorecardsQuery } from './scorecards.schemas.ts';
import { companyInReach } from '../organizations/company-reach.ts';
import { scorecardCsv } from './scorecards.csv.ts';
import { appraiserScorecard, companyScorecards, ROLLING } from './scorecards.service.ts';

const Params = Type.Object({ company_id: Id('The company') });
const tags = ['insight'];
const how =
  'Orders count in the period they were completed (the report delivered), in the company\'s zone; turn times are means in business days of the company\'s calendar, net of the statuses that stop its clocks, over the orders whose phase clocks ran (docs/turn-times.md, "Scorecards").';

/** Scorecards per appraiser and per client, and an appraiser's own (docs/turn-times.md, "Scorecards"). */
export function registerScorecardRoutes(
  app: AppInstance,
  { db, config, changes }: AppDeps & { changes: OrderChanges },
): void {
  // The same figures for each of a company's staff: one computation serves them until one of its
  // orders changes, for at most 30 seconds (the rolling period moves with the clock). Reach is
  // checked first: a cached answer is never another company's.
  const cards = new ReadCache<Scorecards>(changes, { ttlMs: 30_000, maxEntries: 500 });
  app.get(
    '/companies/:company_id/scorecards',
    {
      config: { roles: ['staff', 'operator'], errors: [404] },
      schema: {
        operationId: 'getScorecards',
        tags,
        summary: "The company's scorecards per appraiser or per client, for a month or the last 90 days",
        description: `${how} Staff of the company; operators. Another company answers 404.`,
        params: Params,
        querystring: ScorecardsQuery,
        response: { 200: ref(Scorecards) },
      },
    },
    async (request) => {
      const id = await companyInReach(db, principalOf(request).user, request.params.company_id);
      const { of = 'appraisers', period = ROLLING } = request.query;
      return cards.read(`${id}:${of}:${period}`, id, () =>
        companyScorecards(db, id, { of, period }, config.timeZone),
      );
    },
  );
  app.get(
    '/companies/:company_id/scorecards/export',
    {
      config: { roles: ['staff', 'operator'], errors: [404] },
      schema: {
        operationId: 'exportScorecards',
        tags,
        summary: 'The same scorecards as a CSV file: a line per appraiser or client, then the total',
        description: `${how} Rates are shares between 0 and 1; an empty cell is a figure with nothing counted.`,
        params: Params,
        querystring: ScorecardsQuery,
        response: {
          200: {
            description: 'A header line, a line per row, a last line with the total (RFC 4180, UTF-8)',
            content: { 'text/csv': { schema: Type.String() } },
          },
        },
      },
    },
    async (request, reply) => {
      const id = await companyInReach(db, principalOf(request).user, request.params.company_id);
      const scorecards = await companyScorecards(db, id, request.query, config.timeZone);
      void reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="scorecards-${scorecards.of}-${scorecards.period.name}.csv"`,
        )
        .header('cache-control', 'no-store');
      return scorecardCsv(scorecards);
    },
  );
  app.get(
    '/appraisers/:appraiser_id/scorecard',
    {
      config: { roles: ['appraiser', 'staff', 'operator'], errors: [404] },
      schema: {
        operationId: 'getAppraiserScorecard',
        tags,
        summary: "An appraiser's scorecard: the last 90 days and each of the last six months",
        description: `${how} The appraiser themself, their company's staff and operators; anyone else gets 404. The last 90 days are what the assignment engine's turn-time, on-time, quality and acceptance factors read.`,
        params: AppraiserParams,
        response: { 200: ref(AppraiserScorecard) },
      },
    },
    (request) =>
      appraiserScorecard(db, principalOf(request).user, request.params.appraiser_id, config.timeZone),
  );
}
