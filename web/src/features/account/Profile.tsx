import { Code, DataList, useMatches } from '@mantine/core';
import type { ReactNode } from 'react';
import { SectionCard } from '../../components/SectionCard.tsx';
import type { Session } from '../../queries/session.ts';

const ROLES: Record<string, string> = {
  client: 'Lender (client)',
  staff: 'Appraisal company staff',
  appraiser: 'Appraiser',
  operator: 'Operator of the service',
};

/** What the service knows of the user; it has no call to change it, so it is read only. */
export function Profile({ session: { user } }: { session: Session }) {
  // On a phone, each value under its label, where an email address has the width it needs.
  const orientation = useMatches<'vertical' | 'horizontal'>(
    { base: 'vertical', xs: 'horizontal' },
    // Read at once (no server rendering), so that a desktop never sees the phone's layout first.
    { getInitialValueInEffect: false },
  );
  const item = (label: string, value: ReactNode) => (
    <DataList.Item>
      <DataList.ItemLabel c="dimmed">{label}</DataList.ItemLabel>
      <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>{value}</DataList.ItemValue>
    </DataList.Item>
  );
  return (
    <SectionCard title="Profile" intro="As your organization registered you; it cannot be changed here.">
      <DataList labelWidth={130} orientation={orientation}>
        {item('Name', user.name)}
        {item('Email', user.email)}
        {item('Role', `${ROLES[user.role] ?? user.role}${user.is_admin ? ', administrator' : ''}`)}
        {item('Organization ID', user.organization_id ? <Code>{user.organization_id}</Code> : 'None')}
      </DataList>
    </SectionCard>
  );
}
