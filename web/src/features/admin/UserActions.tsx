import { Button, Menu } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { notifyDone } from '../../lib/notices.ts';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { failureText } from '../../queries/failure.ts';
import { changeUser, type ManagedUser, type UserChange } from '../../queries/users.ts';
import { ROLE_NAMES } from './users.tsx';

/** What the toast says a change did. */
function changed(change: UserChange): string {
  if (change.active === false) return 'is deactivated: their keys and sessions no longer work';
  if (change.active === true) return 'can sign in again';
  if (change.is_admin !== undefined)
    return change.is_admin ? 'is now an administrator' : 'is no longer an administrator';
  return `is now ${ROLE_NAMES[change.role!].toLowerCase()}`;
}

function useChangeUser(user: ManagedUser) {
  return useMutation({
    mutationFn: (change: UserChange) => changeUser(user.id, change),
    onSuccess: (_saved, change) => notifyDone('User changed', `${user.name} ${changed(change)}.`),
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Not changed', message: failureText(error) }),
  });
}

export function UserActions({
  user,
  onDeactivate,
  onChangeBranch,
}: {
  user: ManagedUser;
  onDeactivate: () => void;
  onChangeBranch: () => void;
}) {
  const change = useChangeUser(user);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="xs"
          variant="default"
          loading={change.isPending}
          aria-label={`Change ${user.name}`}
          style={{ flexShrink: 0 }}
        >
          Change
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => change.mutate({ is_admin: !user.is_admin })}>
          {user.is_admin ? 'Remove admin rights' : 'Make an administrator'}
        </Menu.Item>
        {user.organization.kind === 'company' && (
          <Menu.Item onClick={() => change.mutate({ role: user.role === 'staff' ? 'appraiser' : 'staff' })}>
            {user.role === 'staff' ? 'Make an appraiser' : 'Make staff'}
          </Menu.Item>
        )}
        {user.organization.kind === 'client' && (
          <Menu.Item onClick={onChangeBranch}>Change branch…</Menu.Item>
        )}
        {user.role === 'appraiser' && (
          <Menu.Item
            renderRoot={(props) => (
              <Link {...props} to="/credentials/$appraiserId" params={{ appraiserId: user.id }} />
            )}
          >
            Credentials
          </Menu.Item>
        )}
        {user.role === 'appraiser' && (
          <Menu.Item
            renderRoot={(props) => (
              <Link {...props} to="/scorecard/$appraiserId" params={{ appraiserId: user.id }} />
            )}
          >
            Scorecard
          </Menu.Item>
        )}
        {user.active ? (
          <Menu.Item color="red" onClick={onDeactivate}>
            Deactivate…
          </Menu.Item>
        ) : (
          <Menu.Item onClick={() => change.mutate({ active: true })}>Reactivate</Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Deactivating ends the user's access at once: the dialog says so first, with Cancel focused. */
export function DeactivateDialog({ user, onClose }: { user: ManagedUser | null; onClose: () => void }) {
  return user ? <DeactivateBody user={user} onClose={onClose} /> : null;
}

function DeactivateBody({ user, onClose }: { user: ManagedUser; onClose: () => void }) {
  const change = useChangeUser(user);
  return (
    <ConfirmDialog
      opened
      title={`Deactivate ${user.name}?`}
      confirm="Deactivate"
      pending={change.isPending}
      onConfirm={() => change.mutate({ active: false }, { onSuccess: onClose })}
      onClose={onClose}
    >
      {user.name} will no longer sign in, their API keys stop working and their open sessions end. Their name
      stays on orders and notes. You can reactivate them later; they then issue new keys.
    </ConfirmDialog>
  );
}
