import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { PageFrame } from '../components/PageFrame.tsx';
import { CompanyChecks } from '../features/credentials/CompanyChecks.tsx';
import { CoverageSection } from '../features/credentials/CoverageSection.tsx';
import { CredentialHistory } from '../features/credentials/CredentialHistory.tsx';
import { DocumentsSection } from '../features/credentials/DocumentsSection.tsx';
import { EoPolicySection } from '../features/credentials/EoPolicySection.tsx';
import { LicensesSection } from '../features/credentials/LicensesSection.tsx';
import { TimeOffSection } from '../features/credentials/TimeOffSection.tsx';
import { credentialsQuery } from '../queries/credentials.ts';
import { sessionQuery } from '../queries/session.ts';

/**
 * An appraiser's credentials (docs/assignment.md): their own, or, for the company's staff, an
 * appraiser of the panel's, with what staff alone do (verify, confirm the roster and the W-9).
 */
export function CredentialsPage() {
  const { appraiserId } = useParams({ from: '/credentials/$appraiserId' });
  const { data: credentials } = useSuspenseQuery(credentialsQuery(appraiserId));
  const { data: session } = useSuspenseQuery(sessionQuery);
  const staff = session?.user.role === 'staff';
  const own = session?.user.id === appraiserId;
  return (
    <PageFrame
      title={own ? 'Your credentials' : `Credentials of ${credentials.appraiser.name}`}
      tabTitle="Credentials"
      width={760}
    >
      <LicensesSection credentials={credentials} staff={staff} />
      <EoPolicySection credentials={credentials} staff={staff} />
      <DocumentsSection appraiserId={appraiserId} />
      <CoverageSection credentials={credentials} />
      <TimeOffSection appraiserId={appraiserId} />
      <CompanyChecks key={String(credentials.capacity)} credentials={credentials} staff={staff} />
      <CredentialHistory appraiserId={appraiserId} />
    </PageFrame>
  );
}
