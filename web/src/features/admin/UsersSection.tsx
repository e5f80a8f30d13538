import { Group, Modal, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SectionHeader } from './SectionHeader.tsx';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { sessionQuery } from '../../queries/session.ts';
import { usersQuery, type ManagedUser } from '../../queries/users.ts';
import { BranchDialog } from './BranchDialog.tsx';
import { InviteForm } from './InviteForm.tsx';
import { DeactivateDialog, UserActions } from './UserActions.tsx';
import { AdminBadge, branchOf, ROLE_NAMES, UserStatus } from './users.tsx';

const Name = ({ user }: { user: ManagedUser }) => (
  <>
    <Text fw={500} size="sm">
      {user.name}
    </Text>
    <Text c="dimmed" size="xs" style={{ overflowWrap: 'anywhere' }}>
      {user.email}
    </Text>
  </>
);

const Branch = ({ user }: { user: ManagedUser }) =>
  user.organization.kind === 'client' ? (
    <Text c="dimmed" size="xs">
      {branchOf(user)}
    </Text>
  ) : null;

/** The company's users and its clients' users: invite, make admin, change role or branch, deactivate. */
export function UsersSection() {
  const users = useQuery(usersQuery);
  const me = useQuery(sessionQuery).data?.user;
  const [inviting, setInviting] = useState(false);
  const [deactivating, setDeactivating] = useState<ManagedUser | null>(null);
  const [changingBranch, setChangingBranch] = useState<ManagedUser | null>(null);
  // One's own rights are changed by another administrator, not by oneself.
  const actions = (user: ManagedUser) =>
    user.id !== me?.id && (
      <UserActions
        user={user}
        onDeactivate={() => setDeactivating(user)}
        onChangeBranch={() => setChangingBranch(user)}
      />
    );
  const columns: Column<ManagedUser>[] = [
    { header: 'Name', cell: (user) => <Name user={user} /> },
    {
      header: 'Organization',
      cell: (user) => (
        <>
          <Text size="sm">{user.organization.name}</Text>
          <Branch user={user} />
        </>
      ),
    },
    {
      header: 'Role',
      cell: (user) => (
        <>
          {ROLE_NAMES[user.role]}
          <AdminBadge user={user} />
        </>
      ),
    },
    { header: 'Status', cell: (user) => <UserStatus user={user} /> },
    { header: <VisuallyHidden>Actions</VisuallyHidden>, cell: actions },
  ];
  return (
    <Stack gap="md">
      <SectionHeader title="Users" action="Invite a user" onAction={() => setInviting(true)} />
      <DataTable
        label="Users"
        rows={users.data}
        rowKey={(user) => user.id}
        columns={columns}
        pending={users.isPending}
        error={users.error}
        empty="No users yet."
        minWidth={720}
        card={(user) => (
          <>
            <Group justify="space-between" wrap="nowrap" align="start">
              <div style={{ minWidth: 0 }}>
                <Name user={user} />
              </div>
              {actions(user)}
            </Group>
            <Text size="sm" mt={4}>
              {ROLE_NAMES[user.role]}, {user.organization.name}
            </Text>
            <Branch user={user} />
            <Group gap={6} mt={4}>
              <UserStatus user={user} />
              <AdminBadge user={user} />
            </Group>
          </>
        )}
      />
      <Modal opened={inviting} onClose={() => setInviting(false)} title="Invite a user" size="lg">
        <InviteForm onDone={() => setInviting(false)} />
      </Modal>
      <DeactivateDialog user={deactivating} onClose={() => setDeactivating(null)} />
      <BranchDialog user={changingBranch} onClose={() => setChangingBranch(null)} />
    </Stack>
  );
}
