import { Type } from 'typebox';
import { Id, ref } from '../schemas/common.ts';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { changeCompanySettings, getCompanySettings } from './company-settings.service.ts';
import { CompanySettings, CompanySettingsBody } from './company.schemas.ts';

const Params = Type.Object({ company_id: Id('The company') });

export function registerCompanyRoutes(app: AppInstance, { db }: AppDeps): void {
  app.get(
    '/companies/:company_id/settings',
    {
      config: { roles: ['staff', 'operator'] },
      schema: {
        operationId: 'getCompanySettings',
        tags: ['companies'],
        summary: "Your company's settings",
        description:
          'The submission fee it charges appraisers and the payment methods it takes. Staff of the company; operators.',
        params: Params,
        response: { 200: ref(CompanySettings) },
      },
    },
    (request) => getCompanySettings(db, principalOf(request).user, request.params.company_id),
  );
  app.patch(
    '/companies/:company_id/settings',
    {
      config: { roles: ['staff', 'operator'] },
      schema: {
        operationId: 'changeCompanySettings',
        tags: ['companies'],
        summary: "Change your company's settings (its admins; operators)",
        description: 'Send only what changes; submission_fee null removes the fee.',
        params: Params,
        body: ref(CompanySettingsBody),
        response: { 200: ref(CompanySettings) },
      },
    },
    (request) =>
      changeCompanySettings(db, principalOf(request).user, request.params.company_id, request.body),
  );
}
