/** Each workflow action's form, by action name (web/action-inputs.plugin.ts; typed in forms.ts). */
declare module 'virtual:action-inputs' {
  export const actionForms: Record<string, unknown>;
}
