import { Type } from 'typebox';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { Id, ref } from '../schemas/common.ts';
import { ReportSettings, ReportSettingsBody } from './report-settings.schemas.ts';
import { changeReportSettings, getReportSettings } from './report-settings.service.ts';

const Params = Type.Object({ company_id: Id('The company') });
const tags = ['reports'];

/** A company's settings for the report checks (docs/reports.md, "Settings"). */
export function registerReportSettingsRoutes(app: AppInstance, { db }: AppDeps): void {
  app.get(
    '/companies/:company_id/report_settings',
    {
      config: { roles: ['staff', 'operator'] },
      schema: {
        operationId: 'getReportSettings',
        tags,
        summary:
          "The company's settings for the report checks: the override of fatal findings and the thresholds",
        description: 'Staff of the company; operators. Another company answers 404.',
        params: Params,
        response: { 200: ref(ReportSettings) },
      },
    },
    (request) => getReportSettings(db, principalOf(request).user, request.params.company_id),
  );
  app.patch(
    '/companies/:company_id/report_settings',
    {
      config: { roles: ['staff', 'operator'] },
      schema: {
        operationId: 'changeReportSettings',
        tags,
        summary: "Change the company's settings for the report checks (its admins; operators)",
        description:
          'Send only what changes. The next check uses them; reports checked before keep their findings.',
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        params: Params,
        body: ref(ReportSettingsBody),
        response: { 200: ref(ReportSettings) },
      },
    },
    (request) => changeReportSettings(db, principalOf(request).user, request.params.company_id, request.body),
  );
}
