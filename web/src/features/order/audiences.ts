import type { Schema } from '../../../../sdk/src/client.ts';

/** Who besides the company reads a note or sees a file (the API's Audience), as people say it. */
export type Audience = Schema<'Audience'>;

export const AUDIENCE_LABELS: Record<Audience, string> = {
  internal: 'Company only',
  appraiser: 'Company and appraiser',
  client: 'Company and lender',
  everyone: 'Everyone on the order',
};

/** The badge colour of each audience: the narrower, the stronger. */
export const AUDIENCE_COLORS: Record<Audience, string> = {
  internal: 'red',
  appraiser: 'grape',
  client: 'blue',
  everyone: 'gray',
};

/**
 * What a writer with a single choice is told: their words reach the company, which passes on
 * what the other side should have (the company's setting for the client).
 */
export function throughCompanyHint(choices: readonly Audience[]): string | null {
  if (choices.length !== 1) return null;
  if (choices[0] === 'client')
    return 'The appraisal company reads it, and passes on to the appraiser what they need.';
  if (choices[0] === 'appraiser')
    return 'The appraisal company reads it, and passes on to the lender what they need.';
  return null;
}

/** The audience a forward gets by default: the other side of the note's own. */
export const forwardTo = (audience: Audience): Audience | null =>
  audience === 'client' ? 'appraiser' : audience === 'appraiser' ? 'client' : null;
