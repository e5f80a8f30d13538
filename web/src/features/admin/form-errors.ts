import { ApiFailure } from '../../queries/failure.ts';

/**
 * The service's 422 messages by the form's own fields: `apiFields` names, for each field of the
 * form, the field the API calls it (`name` → `organization.name`). A message for a field the
 * form does not show is returned as `rest`, for an alert above the form.
 */
export function formErrorsOf(
  error: unknown,
  apiFields: Record<string, string>,
  labels: Record<string, string>,
): { fields: Record<string, string>; rest: string | null } {
  if (!(error instanceof ApiFailure))
    return { fields: {}, rest: 'The service could not be reached. Try again.' };
  const byApi = new Map(Object.entries(apiFields).map(([form, api]) => [api, form]));
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const [apiField, message] of Object.entries(error.fieldErrors)) {
    const form = byApi.get(apiField);
    if (form) fields[form] = `${labels[form] ?? form} ${message}`;
    else rest.push(`${apiField} ${message}`);
  }
  if (Object.keys(fields).length === 0 && rest.length === 0) return { fields, rest: error.message };
  return { fields, rest: rest.length > 0 ? rest.join('; ') : null };
}
