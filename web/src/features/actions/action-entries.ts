/**
 * The entries of a list an action takes (a reconsideration's comparables), as the dialog holds
 * them and as the service names them. Nothing here knows the page, so tests read it as it is.
 */

/** One entry's fields that were filled in, trimmed: a blank field is left out, for the service to name. */
export const filledFields = (entry: Record<string, string>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(entry).flatMap(([field, value]) => (value.trim() ? [[field, value.trim()]] : [])),
  );

/**
 * Where a message of the service stands in a list of entries: `comparables[0].data_source` (or
 * `comparables[0][data_source]`) at field data_source of entry 0, `comparables` at the list.
 */
export function entryOfMessage(field: string, group: string): { index?: number; field?: string } | null {
  if (field === group || field === `${group}[]`) return {};
  const at = new RegExp(`^${group}\\[(\\d+)\\](?:\\.|\\[)?([a-z_]+)?\\]?$`).exec(field);
  if (!at) return null;
  return { index: Number(at[1]), ...(at[2] ? { field: at[2] } : {}) };
}
