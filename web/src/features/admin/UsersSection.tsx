import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Menu,
  Modal,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Schema } from '../../../../sdk/src/client.ts';
import { failureText } from '../../queries/failure.ts';
import { api, unwrap } from '../../queries/sdk.ts';
import { sessionQuery } from '../../queries/session.ts';
import { formErrorsOf } from './form-errors.ts';

type User = Schema<'ManagedUser'>;
type UserChange = Schema<'UserChange'>;

const ROLE_NAMES: Record<User['role'], string> = {
  staff: 'Staff',
  appraiser: 'Appraiser',
  client: 'Client user',
};

/** The company's users and its clients' users: invite, make admin, change role or branch, deactivate. */
export function UsersSection() {
  const users = useQuery({
    queryKey: ['users'],
    queryFn: async () => unwrap(await api.GET('/api/v1/users')),
  });
  const me = useQuery(sessionQuery).data?.user;
  const [inviting, setInviting] = useState(false);
  const [deactivating, setDeactivating] = useState<User | null>(null);
  const [changingBranch, setChangingBranch] = useState<User | null>(null);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Users
        </Title>
        <Button onClick={() => setInviting(true)}>Invite a user</Button>
      </Group>
      {users.isError && (
        <Alert color="red" role="alert" title="The users could not be loaded">
          {users.error.message}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={720} visibleFrom="sm">
        <Table striped verticalSpacing="sm" aria-label="Users">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Organization</Table.Th>
              <Table.Th scope="col">Role</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.isPending &&
              Array.from({ length: 5 }, (_, i) => (
                <Table.Tr key={i}>
                  <Table.Td colSpan={5}>
                    <Skeleton height={20} />
                  </Table.Td>
                </Table.Tr>
              ))}
            {users.data?.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td>
                  <Text fw={500} size="sm">
                    {user.name}
                  </Text>
                  <Text c="dimmed" size="xs" style={{ overflowWrap: 'anywhere' }}>
                    {user.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{user.organization.name}</Text>
                  {user.organization.kind === 'client' && (
                    <Text c="dimmed" size="xs">
                      {branchOf(user)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {ROLE_NAMES[user.role]}
                  {user.is_admin && (
                    <Badge ml="xs" variant="dot" radius="sm" tt="none">
                      Admin
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <UserStatus user={user} />
                </Table.Td>
                <Table.Td ta="right">
                  {user.id !== me?.id && (
                    <UserActions
                      user={user}
                      onDeactivate={() => setDeactivating(user)}
                      onChangeBranch={() => setChangingBranch(user)}
                    />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {/* On a phone, one card per user instead of a table to scroll sideways. */}
      <Stack
        gap="xs"
        hiddenFrom="sm"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Users"
      >
        {users.isPending && Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={96} />)}
        {users.data?.map((user) => (
          <Card key={user.id} component="li" withBorder padding="sm">
            <Group justify="space-between" wrap="nowrap" align="start">
              <div style={{ minWidth: 0 }}>
                <Text fw={500} size="sm">
                  {user.name}
                </Text>
                <Text c="dimmed" size="xs" style={{ overflowWrap: 'anywhere' }}>
                  {user.email}
                </Text>
              </div>
              {user.id !== me?.id && (
                <UserActions
                  user={user}
                  onDeactivate={() => setDeactivating(user)}
                  onChangeBranch={() => setChangingBranch(user)}
                />
              )}
            </Group>
            <Text size="sm" mt={4}>
              {ROLE_NAMES[user.role]}, {user.organization.name}
            </Text>
            {user.organization.kind === 'client' && (
              <Text size="xs" c="dimmed">
                {branchOf(user)}
              </Text>
            )}
            <Group gap={6} mt={4}>
              <UserStatus user={user} />
              {user.is_admin && (
                <Badge variant="dot" radius="sm" tt="none">
                  Admin
                </Badge>
              )}
            </Group>
          </Card>
        ))}
      </Stack>
      <Modal opened={inviting} onClose={() => setInviting(false)} title="Invite a user" size="lg">
        <InviteForm onDone={() => setInviting(false)} />
      </Modal>
      <DeactivateDialog user={deactivating} onClose={() => setDeactivating(null)} />
      <BranchDialog user={changingBranch} onClose={() => setChangingBranch(null)} />
    </Stack>
  );
}

/** A client user's branch, as the list shows it. */
const branchOf = (user: User) => (user.branch ? `Branch: ${user.branch.name}` : 'No branch');

function UserStatus({ user }: { user: User }) {
  if (!user.active)
    return (
      <Badge color="gray" variant="dot" radius="sm" tt="none">
        Deactivated
      </Badge>
    );
  if (user.invitation_pending)
    return (
      <Badge color="yellow" variant="dot" radius="sm" tt="none">
        Invited
      </Badge>
    );
  return (
    <Badge color="teal" variant="dot" radius="sm" tt="none">
      Active
    </Badge>
  );
}

function useChangeUser(user: User) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: UserChange) =>
      unwrap(
        await api.PATCH('/api/v1/users/{user_id}', { params: { path: { user_id: user.id } }, body: change }),
      ),
    onSuccess: async (_saved, change) => {
      const what =
        change.active === false
          ? 'is deactivated: their keys and sessions no longer work'
          : change.active === true
            ? 'can sign in again'
            : change.is_admin !== undefined
              ? change.is_admin
                ? 'is now an administrator'
                : 'is no longer an administrator'
              : `is now ${ROLE_NAMES[change.role!].toLowerCase()}`;
      notifications.show({ color: 'teal', title: 'User changed', message: `${user.name} ${what}.` });
      await queryClient.invalidateQueries({ queryKey: ['users'] });
    },
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Not changed', message: failureText(error) }),
  });
}

function UserActions({
  user,
  onDeactivate,
  onChangeBranch,
}: {
  user: User;
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
function DeactivateDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  return (
    <Modal opened={user !== null} onClose={onClose} title={user ? `Deactivate ${user.name}?` : ''}>
      {user && <DeactivateBody user={user} onClose={onClose} />}
    </Modal>
  );
}

function DeactivateBody({ user, onClose }: { user: User; onClose: () => void }) {
  const change = useChangeUser(user);
  return (
    <Stack>
      <Text size="sm">
        {user.name} will no longer sign in, their API keys stop working and their open sessions end. Their
        name stays on orders and notes. You can reactivate them later; they then issue new keys.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button
          color="red"
          loading={change.isPending}
          onClick={() => change.mutate({ active: false }, { onSuccess: onClose })}
        >
          Deactivate
        </Button>
      </Group>
    </Stack>
  );
}

/** The Select's value for "no branch" (a Select's values are strings; the API's is null). */
const NO_BRANCH = 'none';

/** A client user's branch: one of the client's branches (its configuration lists them), or none. */
function BranchDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  return (
    <Modal opened={user !== null} onClose={onClose} title={user ? `Branch of ${user.name}` : ''}>
      {user && <BranchForm user={user} onClose={onClose} />}
    </Modal>
  );
}

function BranchForm({ user, onClose }: { user: User; onClose: () => void }) {
  const queryClient = useQueryClient();
  const clientId = user.organization.id;
  const configuration = useQuery({
    queryKey: ['configuration', clientId],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/clients/{client_id}/configurations', {
          params: { path: { client_id: clientId } },
        }),
      ),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ initialValues: { branch_id: user.branch?.id ?? NO_BRANCH } });
  const submit = form.onSubmit(async ({ branch_id }) => {
    setFailure(null);
    try {
      const saved = unwrap(
        await api.PATCH('/api/v1/users/{user_id}', {
          params: { path: { user_id: user.id } },
          body: { branch_id: branch_id === NO_BRANCH ? null : branch_id },
        }),
      );
      notifications.show({
        color: 'teal',
        title: 'User changed',
        message: saved.branch
          ? `${user.name} now belongs to ${saved.branch.name}.`
          : `${user.name} now belongs to no branch.`,
      });
      await queryClient.invalidateQueries({ queryKey: ['users'] });
      onClose();
    } catch (error) {
      const { fields, rest } = formErrorsOf(error, { branch_id: 'branch_id' }, { branch_id: 'The branch' });
      form.setErrors(fields);
      setFailure(rest);
      // A branch refused may be one removed meanwhile: the list then offers what is there now.
      if (fields.branch_id) await queryClient.invalidateQueries({ queryKey: ['configuration', clientId] });
    }
  });
  const branches = configuration.data?.branches ?? [];
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {failure && (
          <Alert color="red" role="alert" title="The branch was not changed">
            {failure}
          </Alert>
        )}
        {configuration.isError && (
          <Alert color="red" role="alert" title="The client's branches could not be loaded">
            {configuration.error.message}
          </Alert>
        )}
        <Select
          label="Branch"
          description={`${user.first_name}'s new orders go to this branch. Where ${user.organization.name} shows its users their branch's orders (Clients, Settings), ${user.first_name} sees this branch's.`}
          allowDeselect={false}
          disabled={configuration.isPending}
          data={[
            { value: NO_BRANCH, label: 'No branch' },
            ...branches.map((branch) => ({ value: branch.id, label: branch.name })),
          ]}
          data-autofocus
          {...form.getInputProps('branch_id')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting} disabled={!form.isDirty()}>
            Save branch
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const API_FIELDS = {
  email: 'email',
  first_name: 'first_name',
  last_name: 'last_name',
  role: 'role',
  organization_id: 'organization_id',
};
const LABELS = {
  email: 'The email',
  first_name: 'The first name',
  last_name: 'The last name',
  role: 'The role',
  organization_id: 'The organization',
};

function InviteForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const me = useQuery(sessionQuery).data?.user;
  const clients = useQuery({
    queryKey: ['clients'],
    queryFn: async () => unwrap(await api.GET('/api/v1/clients', { params: { query: { per_page: 100 } } })),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      email: '',
      first_name: '',
      last_name: '',
      organization_id: me?.organization_id ?? '',
      role: 'staff',
      is_admin: false,
    },
  });
  const isCompany = form.values.organization_id === me?.organization_id;
  const organizations = [
    { value: me?.organization_id ?? '', label: 'Our company' },
    ...(clients.data ?? []).map((client) => ({ value: client.id, label: `${client.name} (client)` })),
  ];
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const invited = unwrap(
        await api.POST('/api/v1/users', {
          body: {
            email: values.email.trim(),
            first_name: values.first_name.trim(),
            last_name: values.last_name.trim(),
            role: (isCompany ? values.role : 'client') as User['role'],
            organization_id: values.organization_id,
            is_admin: values.is_admin,
          },
        }),
      );
      notifications.show({
        color: 'teal',
        title: 'Invitation sent',
        message: `${invited.name} gets an email to choose a password.`,
      });
      await queryClient.invalidateQueries({ queryKey: ['users'] });
      onDone();
    } catch (error) {
      const { fields, rest } = formErrorsOf(error, API_FIELDS, LABELS);
      form.setErrors(fields);
      setFailure(rest);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" role="alert" title="No invitation was sent">
            {failure}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          withAsterisk
          maxLength={254}
          data-autofocus
          {...form.getInputProps('email')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="First name" withAsterisk maxLength={100} {...form.getInputProps('first_name')} />
          <TextInput label="Last name" withAsterisk maxLength={100} {...form.getInputProps('last_name')} />
        </SimpleGrid>
        <Select
          label="Organization"
          withAsterisk
          allowDeselect={false}
          data={organizations}
          {...form.getInputProps('organization_id')}
        />
        {isCompany && (
          <Select
            label="Role"
            withAsterisk
            allowDeselect={false}
            data={[
              { value: 'staff', label: 'Staff' },
              { value: 'appraiser', label: 'Appraiser' },
            ]}
            {...form.getInputProps('role')}
          />
        )}
        <Checkbox
          label="Administrator: manages the organization's users and settings"
          {...form.getInputProps('is_admin', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
