import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SectionCard } from '../../components/SectionCard.tsx';
import { dateTime } from '../../lib/format.ts';
import { credentialChangesQuery, type CredentialChange } from '../../queries/credentials.ts';
import { failureText } from '../../queries/failure.ts';

const WHAT: Record<string, string> = {
  license_recorded: 'License recorded',
  license_removed: 'License removed',
  license_verified: 'License verified',
  eo_policy_recorded: 'Insurance recorded',
  eo_policy_removed: 'Insurance removed',
  eo_policy_verified: 'Insurance verified',
  profile_changed: 'Company checks or capacity changed',
  coverage_changed: 'Coverage changed',
  time_off_added: 'Time off added',
  time_off_removed: 'Time off removed',
  document_added: 'Document added',
  document_removed: 'Document removed',
};

/** Which state or policy a change concerns, from the values it kept. */
function subject(change: CredentialChange): string {
  const facts = change.after ?? change.before ?? {};
  if (typeof facts.number === 'string') return ` · ${facts.number}`;
  if (typeof facts.policy_number === 'string') return ` · ${facts.policy_number}`;
  if (typeof facts.file_name === 'string') return ` · ${facts.file_name}`;
  return '';
}

/** Every change of the credentials, newest first: what, by whom, when. */
export function CredentialHistory({ appraiserId }: { appraiserId: string }) {
  const changes = useQuery(credentialChangesQuery(appraiserId));
  return (
    <SectionCard title="Record of changes">
      {changes.isError && <Text c="red.9">{failureText(changes.error)}</Text>}
      {changes.data?.length === 0 && <Text size="sm">No change yet.</Text>}
      <Stack gap={4} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {changes.data?.map((change) => (
          <Text key={change.id} size="sm" component="li">
            <b>{WHAT[change.change] ?? change.change}</b>
            {subject(change)} · {change.by?.name ?? 'someone no longer here'}
            {change.acted_by ? ` (for them: ${change.acted_by.name})` : ''} · {dateTime(change.at)}
          </Text>
        ))}
      </Stack>
    </SectionCard>
  );
}
