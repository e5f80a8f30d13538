import { Type } from 'typebox';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { Id, ref } from '../schemas/common.ts';
import { SelectionRules, SelectionRulesBody } from './selection-rules.schemas.ts';
import { changeSelectionRules, selectionRules } from './selection-rules.service.ts';

const Params = Type.Object({ company_id: Id('The company') });
const tags = ['panel'];

/** A company's rules for choosing an appraiser (docs/assignment.md, "The engine"). */
export function registerSelectionRulesRoutes(app: AppInstance, { db }: AppDeps): void {
  app.get(
    '/companies/:company_id/selection_rules',
    {
      config: { roles: ['staff', 'operator'] },
      schema: {
        operationId: 'getSelectionRules',
        tags,
        summary: "The company's rules for choosing an appraiser: the weights and the optional filters",
        description: 'Staff of the company; operators. Another company answers 404.',
        params: Params,
        response: { 200: ref(SelectionRules) },
      },
    },
    (request) => selectionRules(db, principalOf(request).user, request.params.company_id),
  );
  app.patch(
    '/companies/:company_id/selection_rules',
    {
      config: { roles: ['staff', 'operator'] },
      schema: {
        operationId: 'changeSelectionRules',
        tags,
        summary: "Change the company's rules for choosing an appraiser (its admins; operators)",
        description:
          'Send only what changes. The next choice made uses them; decisions made keep the weights they used.',
        params: Params,
        body: ref(SelectionRulesBody),
        response: { 200: ref(SelectionRules) },
      },
    },
    (request) => changeSelectionRules(db, principalOf(request).user, request.params.company_id, request.body),
  );
}
