import * as z from 'zod/mini';

/**
 * Pieces of the pages' search-parameter schemas. A value a person mistyped or an old link
 * carries is dropped, never an error page: the page opens without that filter.
 */
export const optional = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

/** A calendar day as date inputs give it, YYYY-MM-DD. */
export const day = optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)));

/** A page number past the first (the first is no parameter at all: one address per page). */
export const page = optional(z.coerce.number().check(z.int(), z.gte(2)));

/** Text a person typed, kept to a sane length. */
export const text = (max = 200) => optional(z.string().check(z.minLength(1), z.maxLength(max)));

/** A key of the API's (a queue, a status id): lower case words joined by underscores. */
export const key = optional(z.string().check(z.regex(/^[a-z_]{1,60}$/)));

/** A return address inside the application only (the service checks it again). */
export const returnTo = optional(z.string().check(z.startsWith('/'), z.maxLength(2000)));
