import { actionForms as generated } from 'virtual:action-inputs';
import type { ActionForm } from './action-inputs.ts';

/** Each workflow action's form, by action name, as web/action-inputs.plugin.ts built it. */
export const actionForms = generated as Record<string, ActionForm>;
