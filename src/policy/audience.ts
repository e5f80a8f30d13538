import type { Role } from '../db/schema.ts';

/**
 * Who besides the appraisal company sees a record of an order: a note and its attachments, a
 * file, a history entry, an event. The company (its staff, and operators) sees every record of
 * its orders; the lender (the client's users) and the appraiser see those whose audience
 * reaches them. Declared once: the API's enum, the docs and every read that filters follow.
 */
export const AUDIENCES = ['internal', 'appraiser', 'client', 'everyone'] as const;
export type Audience = (typeof AUDIENCES)[number];

export const AUDIENCE_MEANINGS: Record<Audience, string> = {
  internal: 'the company only',
  appraiser: 'the company and the appraiser',
  client: 'the company and the lender',
  everyone: 'the company, the lender and the appraiser',
};

/** The three sides of an order: the company (staff, operators), the lender (client users), the appraiser. */
export type Party = 'company' | 'client' | 'appraiser';

export function partyOf(role: Role): Party {
  switch (role) {
    case 'client':
      return 'client';
    case 'appraiser':
      return 'appraiser';
    default:
      return 'company';
  }
}

/** Whether a record with this audience reaches this party. */
export function reaches(audience: Audience, party: Party): boolean {
  switch (party) {
    case 'company':
      return true;
    case 'client':
      return audience === 'client' || audience === 'everyone';
    case 'appraiser':
      return audience === 'appraiser' || audience === 'everyone';
  }
}

/** The audiences that reach a party, for SQL filters (`audience IN (...)`). */
export const audiencesReaching = (party: Party): Audience[] => AUDIENCES.filter((a) => reaches(a, party));

export const isAudience = (value: unknown): value is Audience =>
  typeof value === 'string' && (AUDIENCES as readonly string[]).includes(value);
