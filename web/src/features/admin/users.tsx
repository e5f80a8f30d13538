import { Badge } from '@mantine/core';
import type { ManagedUser } from '../../queries/users.ts';

/** How the users' list names each role. */
export const ROLE_NAMES: Record<ManagedUser['role'], string> = {
  staff: 'Staff',
  appraiser: 'Appraiser',
  client: 'Client user',
};

/** A client user's branch, as the list shows it. */
export const branchOf = (user: ManagedUser) => (user.branch ? `Branch: ${user.branch.name}` : 'No branch');

const STATUS: Record<'deactivated' | 'invited' | 'active', { color: string; label: string }> = {
  deactivated: { color: 'gray', label: 'Deactivated' },
  invited: { color: 'yellow', label: 'Invited' },
  active: { color: 'teal', label: 'Active' },
};

export function UserStatus({ user }: { user: ManagedUser }) {
  const { color, label } =
    STATUS[!user.active ? 'deactivated' : user.invitation_pending ? 'invited' : 'active'];
  return (
    <Badge color={color} variant="dot" radius="sm" tt="none">
      {label}
    </Badge>
  );
}

export function AdminBadge({ user }: { user: ManagedUser }) {
  if (!user.is_admin) return null;
  return (
    <Badge ml="xs" variant="dot" radius="sm" tt="none">
      Admin
    </Badge>
  );
}
