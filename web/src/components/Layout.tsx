import { AppShell, Anchor, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useNavigate } from '@tanstack/react-router';
import { api, queryClient, rememberSession, sessionQuery } from '../api.ts';
import { useLiveUpdates } from '../live.ts';

/** The frame of every page: the service's name, the main sections, and who is signed in. */
export function Layout() {
  const { data: session } = useQuery(sessionQuery);
  useLiveUpdates(session?.user.id ?? null);
  const navigate = useNavigate();
  const signOut = async () => {
    await api.POST('/auth/sign_out');
    rememberSession(null);
    queryClient.clear();
    await navigate({ to: '/sign-in' });
  };
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap">
            <Anchor component={Link} to="/" fw={700} c="indigo.8" underline="never">
              Appraisal Orders
            </Anchor>
            {session && (
              <Anchor component={Link} to="/orders" c="dark" visibleFrom="xs">
                Orders
              </Anchor>
            )}
          </Group>
          {session && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <UnstyledButton aria-label={`Account of ${session.user.name}`}>
                  <Text size="sm" fw={500} truncate maw={180}>
                    {session.user.name}
                  </Text>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{session.user.email}</Menu.Label>
                <Menu.Item component={Link} to="/account">
                  Account
                </Menu.Item>
                <Menu.Item onClick={() => void signOut()}>Sign out</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
          {!session && (
            <Button component={Link} to="/sign-in" variant="subtle" size="xs">
              Sign in
            </Button>
          )}
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
