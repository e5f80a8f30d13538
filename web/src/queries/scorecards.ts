import { keepPreviousData } from '@tanstack/react-query';
import type { Schema } from '../../../sdk/src/client.ts';
import { api, unwrap } from './sdk.ts';

/** Scorecards and the at-risk queue (docs/turn-times.md), through the SDK. */
export type ScorecardFigures = Schema<'ScorecardFigures'>;
export type AppraiserScorecard = Schema<'AppraiserScorecard'>;

export const companyScorecardsQuery = (companyId: string, of: 'appraisers' | 'clients', period: string) => ({
  // Under 'orders': live updates and actions mark them stale with the lists.
  queryKey: ['orders', 'scorecards', companyId, of, period],
  queryFn: async () =>
    unwrap(
      await api.GET('/api/v1/companies/{company_id}/scorecards', {
        params: { path: { company_id: companyId }, query: { of, period } },
      }),
    ),
  placeholderData: keepPreviousData,
});

export const appraiserScorecardQuery = (appraiserId: string) => ({
  queryKey: ['orders', 'scorecard', appraiserId],
  queryFn: async () =>
    unwrap(
      await api.GET('/api/v1/appraisers/{appraiser_id}/scorecard', {
        params: { path: { appraiser_id: appraiserId } },
      }),
    ),
});

export const atRiskQuery = {
  queryKey: ['orders', 'at_risk'],
  queryFn: async () => unwrap(await api.GET('/api/v1/orders/at_risk', { params: { query: { limit: 50 } } })),
};
