import { invalid } from '../errors/app-error.ts';
import { AUDIENCE_MEANINGS, AUDIENCES, type Audience, type Party } from './audience.ts';

/**
 * Who may write to whom on an order: the audiences a party may give its notes and files, and
 * the one they get when none is named.
 * - The company writes to anyone: internal, for the appraiser, for the lender, or everyone
 *   (its default, as before audiences existed).
 * - Where the company's setting for the client routes messages through it
 *   (messages_through_company, on by default: the practice appraiser independence asks for),
 *   the lender and the appraiser write to the company: what the lender writes or uploads reaches
 *   the company and the lender (`client`), what the appraiser does the company and the appraiser
 *   (`appraiser`). The company reads it, and forwards what the other side should have.
 * - Otherwise they may also write to everyone, which is then their default.
 */
export function audiencesFor(party: Party, throughCompany: boolean): Audience[] {
  switch (party) {
    case 'company':
      return [...AUDIENCES];
    case 'client':
      return throughCompany ? ['client'] : ['client', 'everyone'];
    case 'appraiser':
      return throughCompany ? ['appraiser'] : ['appraiser', 'everyone'];
  }
}

export function defaultAudience(party: Party, throughCompany: boolean): Audience {
  return party === 'company' || !throughCompany ? 'everyone' : party;
}

/** The audience a note or file gets: the one asked for, if the party may give it (else 422 naming `field`), or the default. */
export function chooseAudience(
  party: Party,
  throughCompany: boolean,
  asked: Audience | undefined,
  field = 'audience',
): Audience {
  if (asked === undefined) return defaultAudience(party, throughCompany);
  const allowed = audiencesFor(party, throughCompany);
  if (allowed.includes(asked)) return asked;
  throw invalid(
    field,
    `must be one of: ${allowed.join(', ')} (${allowed.map((a) => AUDIENCE_MEANINGS[a]).join('; ')})` +
      (throughCompany && asked === 'everyone'
        ? ': what you write reaches the other side through the company'
        : ''),
  );
}

/**
 * The audience a forwarded note gets by default: the other side of its author's (a lender's
 * message goes on to the appraiser, an appraiser's to the lender); null when the company wrote
 * it, and the forward must name one.
 */
export function forwardAudience(authorParty: Party | null): Audience | null {
  if (authorParty === 'client') return 'appraiser';
  if (authorParty === 'appraiser') return 'client';
  return null;
}
