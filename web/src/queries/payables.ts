import { keepPreviousData } from '@tanstack/react-query';
import type { Schema } from '../../../sdk/src/client.ts';
import { MONEY_KEY, refreshMoney } from './receivables.ts';
import { queryClient } from './query-client.ts';
import { api, unwrap } from './sdk.ts';

/**
 * What the company owes its appraisers (docs/money.md, "Payables" and "Payouts"): payables, payout
 * batches, the appraiser's bank account. Under the 'money' key with the receivables.
 */
export type Payable = Schema<'Payable'>;
export type PayoutBatch = Schema<'PayoutBatch'>;
export type PayoutBatchSummary = Schema<'PayoutBatchSummary'>;
export type BankAccountInput = Schema<'BankAccountBody'>;
export type PayableState = 'owed' | 'paid' | 'all';
export type PayoutSettings = Schema<'PayoutSettings'>;
export type PayoutSettingsInput = Schema<'PayoutSettingsChange'>;

export const payablesQuery = (filter: { state: PayableState; page: number; appraiser_id?: string }) => ({
  queryKey: [...MONEY_KEY, 'payables', filter],
  queryFn: async () =>
    unwrap(
      await api.GET('/api/v1/payables', {
        params: {
          query: {
            state: filter.state,
            page: filter.page,
            per_page: 25,
            ...(filter.appraiser_id ? { appraiser_id: filter.appraiser_id } : {}),
          },
        },
      }),
    ),
  placeholderData: keepPreviousData,
});

/** The totals of every payable in reach (owed, due now, paid), whichever list the page shows. */
export const payableTotalsQuery = {
  queryKey: [...MONEY_KEY, 'payables', 'totals'],
  queryFn: async () =>
    unwrap(await api.GET('/api/v1/payables', { params: { query: { state: 'all', per_page: 1 } } })).totals,
};

export const batchesQuery = (companyId: string) => ({
  queryKey: [...MONEY_KEY, 'batches', companyId],
  queryFn: async () =>
    unwrap(
      await api.GET('/api/v1/companies/{company_id}/payout_batches', {
        params: { path: { company_id: companyId }, query: { per_page: 10 } },
      }),
    ),
});

export const batchQuery = (batchId: string) => ({
  queryKey: [...MONEY_KEY, 'batch', batchId],
  queryFn: async () =>
    unwrap(await api.GET('/api/v1/payout_batches/{batch_id}', { params: { path: { batch_id: batchId } } })),
});

export const createBatchMutation = (companyId: string) => ({
  mutationFn: async (payOn: string) =>
    unwrap(
      await api.POST('/api/v1/companies/{company_id}/payout_batches', {
        params: { path: { company_id: companyId } },
        body: { pay_on: payOn },
      }),
    ),
  onSuccess: refreshMoney,
});

/** Approve a draft, or mark an approved batch paid. */
export const batchStepMutation = (batchId: string, step: 'approve' | 'mark_paid') => ({
  mutationFn: async () =>
    unwrap(
      await api.POST(`/api/v1/payout_batches/{batch_id}/${step}`, {
        params: { path: { batch_id: batchId } },
      }),
    ),
  onSuccess: refreshMoney,
});

export const holdMutation = (payableId: string) => ({
  mutationFn: async (reason: string | null) =>
    reason === null
      ? unwrap(
          await api.POST('/api/v1/payables/{payable_id}/release', {
            params: { path: { payable_id: payableId } },
          }),
        )
      : unwrap(
          await api.POST('/api/v1/payables/{payable_id}/hold', {
            params: { path: { payable_id: payableId } },
            body: { reason },
          }),
        ),
  onSuccess: refreshMoney,
});

export const bankAccountQuery = (appraiserId: string) => ({
  queryKey: [...MONEY_KEY, 'bank_account', appraiserId],
  queryFn: async () => {
    const answer = await api.GET('/api/v1/appraisers/{appraiser_id}/bank_account', {
      params: { path: { appraiser_id: appraiserId } },
    });
    // None yet is a state of the page ("add where you are paid"), not a failure.
    return answer.response.status === 404 ? null : unwrap(answer);
  },
});

export const bankAccountMutation = (appraiserId: string) => ({
  mutationFn: async (body: BankAccountInput) =>
    unwrap(
      await api.PUT('/api/v1/appraisers/{appraiser_id}/bank_account', {
        params: { path: { appraiser_id: appraiserId } },
        body,
      }),
    ),
  onSuccess: () => queryClient.invalidateQueries({ queryKey: [...MONEY_KEY, 'bank_account', appraiserId] }),
});

export const batchFileLink = (batchId: string, as: 'nacha' | 'export') =>
  `/api/v1/payout_batches/${batchId}/${as}`;
export const form1099Link = (companyId: string, year: number) =>
  `/api/v1/companies/${companyId}/tax_forms/1099_nec?year=${year}`;

export const payoutSettingsQuery = (companyId: string) => ({
  queryKey: [...MONEY_KEY, 'payout_settings', companyId],
  queryFn: async () =>
    unwrap(
      await api.GET('/api/v1/companies/{company_id}/payout_settings', {
        params: { path: { company_id: companyId } },
      }),
    ),
});

export const payoutSettingsMutation = (companyId: string) => ({
  mutationFn: async (body: PayoutSettingsInput) =>
    unwrap(
      await api.PUT('/api/v1/companies/{company_id}/payout_settings', {
        params: { path: { company_id: companyId } },
        body,
      }),
    ),
  onSuccess: refreshMoney,
});

export const appraiserStatementLink = (appraiserId: string, month: string) =>
  `/api/v1/appraisers/${appraiserId}/statements/${month}/export`;

/** An extra the company approves for an order's appraiser: an amount and its reason. */
export const extraMutation = (payableId: string) => ({
  mutationFn: async (body: { amount: string; reason: string }) =>
    unwrap(
      await api.POST('/api/v1/payables/{payable_id}/extras', {
        params: { path: { payable_id: payableId } },
        body,
      }),
    ),
  onSuccess: refreshMoney,
});
