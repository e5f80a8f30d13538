import type { Schema } from '../../../sdk/src/client.ts';
import { queryClient } from './query-client.ts';
import { api, unwrap } from './sdk.ts';

/** The appraisal company's own settings (payment methods, the appraisers' submission fee). */
export type CompanySettings = Schema<'CompanySettings'>;

export const companySettingsQuery = (companyId: string) => ({
  queryKey: ['company-settings', companyId],
  queryFn: async () =>
    unwrap(
      await api.GET('/api/v1/companies/{company_id}/settings', {
        params: { path: { company_id: companyId } },
      }),
    ),
});

export async function saveCompanySettings(companyId: string, body: Schema<'CompanySettingsChange'>) {
  const saved = unwrap(
    await api.PATCH('/api/v1/companies/{company_id}/settings', {
      params: { path: { company_id: companyId } },
      body,
    }),
  );
  queryClient.setQueryData(companySettingsQuery(companyId).queryKey, saved);
  return saved;
}
