import { Type } from 'typebox';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { Id, ref } from '../schemas/common.ts';
import { CompanyCalendar, CompanyCalendarBody } from './calendar-settings.schemas.ts';
import { changeCompanyCalendar, getCompanyCalendar } from './calendar-settings.service.ts';

const Params = Type.Object({ company_id: Id('The company') });
const tags = ['turn-times'];

/** A company's business calendar (docs/turn-times.md, "Calendars"). */
export function registerCalendarRoutes(app: AppInstance, { db, config }: AppDeps): void {
  app.get(
    '/companies/:company_id/calendar',
    {
      config: { roles: ['staff', 'operator'] },
      schema: {
        operationId: 'getCompanyCalendar',
        tags,
        summary: "The company's business calendar: zone, workdays, hours, cut-off, holidays and closures",
        description:
          'Staff of the company; operators. Another company answers 404. A company that never set one works Monday to Friday, 9:00 to 17:00 in the deployment zone, closed on federal holidays.',
        params: Params,
        response: { 200: ref(CompanyCalendar) },
      },
    },
    (request) =>
      getCompanyCalendar(db, principalOf(request).user, request.params.company_id, config.timeZone),
  );
  app.patch(
    '/companies/:company_id/calendar',
    {
      config: { roles: ['staff', 'operator'] },
      schema: {
        operationId: 'changeCompanyCalendar',
        tags,
        summary: "Change the company's business calendar (its admins; operators)",
        description:
          'Send only what changes. Due dates counted before keep their day; the next count uses the new calendar. A zone that does not exist, hours out of order, an unknown state: 422 naming the field, nothing changed.',
        consumes: ['application/json'],
        params: Params,
        body: ref(CompanyCalendarBody),
        response: { 200: ref(CompanyCalendar) },
      },
    },
    (request) =>
      changeCompanyCalendar(
        db,
        principalOf(request).user,
        request.params.company_id,
        request.body,
        config.timeZone,
      ),
  );
}
