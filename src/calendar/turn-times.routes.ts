import { Type } from 'typebox';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { Id, ref } from '../schemas/common.ts';
import { TurnTimeQuote, TurnTimeQuoteQuery, TurnTimes, TurnTimesBody } from './turn-times.schemas.ts';
import { changeTurnTimes, getTurnTimes, quoteTurnTime } from './turn-times.service.ts';

const Params = Type.Object({ company_id: Id('The company') });
const tags = ['turn-times'];
const roles = ['staff', 'operator'] as const;

/** A company's turn times per client and product (docs/turn-times.md, "Turn times"). */
export function registerTurnTimeRoutes(app: AppInstance, { db, config }: AppDeps): void {
  app.get(
    '/companies/:company_id/turn_times',
    {
      config: { roles },
      schema: {
        operationId: 'getTurnTimes',
        tags,
        summary: "The company's turn times in business days, per client and product",
        description: 'Staff of the company; operators. Another company answers 404.',
        params: Params,
        response: { 200: ref(TurnTimes) },
      },
    },
    (request) => getTurnTimes(db, principalOf(request).user, request.params.company_id),
  );
  app.put(
    '/companies/:company_id/turn_times',
    {
      config: { roles },
      schema: {
        operationId: 'putTurnTimes',
        tags,
        summary: "Replace the company's turn times (its admins; operators)",
        description:
          'The list replaces every line; each problem is named by its line (`entries[2].product_id`) and nothing is kept unless every line is well.',
        consumes: ['application/json'],
        params: Params,
        body: ref(TurnTimesBody),
        response: { 200: ref(TurnTimes, 'The turn times, as they now are') },
      },
    },
    (request) => changeTurnTimes(db, principalOf(request).user, request.params.company_id, request.body),
  );
  app.get(
    '/companies/:company_id/turn_times/quote',
    {
      config: { roles },
      schema: {
        operationId: 'quoteTurnTime',
        tags,
        summary: 'The due dates a turn time gives an order arriving now (or at a moment), in business days',
        description:
          "Counted in the company's calendar (GET /companies/{company_id}/calendar): the client's line for the product, else the company's. A product without a turn time, or a rush the line has none of: 422 naming the field.",
        params: Params,
        querystring: TurnTimeQuoteQuery,
        response: { 200: ref(TurnTimeQuote) },
      },
    },
    (request) =>
      quoteTurnTime(db, principalOf(request).user, request.params.company_id, request.query, config.timeZone),
  );
}
