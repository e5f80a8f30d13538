import { useQuery } from '@tanstack/react-query';
import { sessionQuery } from './api.ts';

/**
 * Whether the person signed in acts for the session's user (a sign-on link minted with
 * X-Api-Email): what the user alone commits to (an appraiser accepting an offer, recording the
 * inspection, submitting the report) is then not offered, since the service refuses it.
 */
export function useActing(): boolean {
  return Boolean(useQuery(sessionQuery).data?.actor);
}
