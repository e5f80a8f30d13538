import { keepPreviousData } from '@tanstack/react-query';
import type { Schema } from '../../../sdk/src/client.ts';
import { api, unwrap } from './sdk.ts';

/** The company's figures over a number of months (GET /api/v1/insight). */
export type Insight = Schema<'Insight'>;
export type InsightFigure = Schema<'InsightFigure'>;

export const insightQuery = (months: number) => ({
  queryKey: ['insight', months],
  queryFn: async () => unwrap(await api.GET('/api/v1/insight', { params: { query: { months } } })),
  // Another period keeps the figures shown until its own arrive.
  placeholderData: keepPreviousData,
});
