import { Type } from 'typebox';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { changeCompanySettings, getCompanySettings } from './company-settings.service.ts';
import { CompanySettings, CompanySettingsBody } from './company.schemas.ts';

const Params = Type.Object({ company_id: Type.String() });

export function registerCompanyRoutes(app: AppInstance, { db }: AppDeps): void {
  app.get(
    '/companies/:company_id/settings',
    {
      config: { roles: ['staff', 'operator'] },
      schema: {
        tags: ['companies'],
        summary:
          "Your company's settings: the submission fee it charges appraisers, the payment methods it takes",
        params: Params,
        response: { 200: CompanySettings },
      },
    },
    (request) => getCompanySettings(db, principalOf(request).user, request.params.company_id),
  );
  app.patch(
    '/companies/:company_id/settings',
    {
      config: { roles: ['staff', 'operator'] },
      schema: {
        tags: ['companies'],
        summary: "Change your company's settings (its admins; operators)",
        params: Params,
        body: CompanySettingsBody,
        response: { 200: CompanySettings },
      },
    },
    (request) =>
      changeCompanySettings(db, principalOf(request).user, request.params.company_id, request.body),
  );
}
