import { useSuspenseQuery } from '@tanstack/react-query';
import { PageFrame } from '../components/PageFrame.tsx';
import { ApiKeys } from '../features/account/ApiKeys.tsx';
import { ChangePassword } from '../features/account/ChangePassword.tsx';
import { NotificationSettings } from '../features/account/NotificationSettings.tsx';
import { PaymentCardSection } from '../features/account/PaymentCardSection.tsx';
import { Profile } from '../features/account/Profile.tsx';
import { sessionQuery } from '../queries/session.ts';

/**
 * The signed-in user's own account: who they are, their password, which status emails they
 * get, their API keys (issued here, shown once, revoked here), and an appraiser's card for the
 * company's submission fees.
 */
export function AccountPage() {
  // The route needs a session, so it is loaded before the page shows.
  const { data: session } = useSuspenseQuery(sessionQuery);
  return (
    <PageFrame title="Account" width={760}>
      {session && <Profile session={session} />}
      <ChangePassword />
      <NotificationSettings />
      {session?.user.role === 'appraiser' && <PaymentCardSection />}
      <ApiKeys />
    </PageFrame>
  );
}
