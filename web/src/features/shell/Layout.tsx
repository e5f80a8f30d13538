import { Alert, AppShell, Anchor, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useNavigate } from '@tanstack/react-router';
import { sessionQuery, signOut as endSession } from '../../queries/session.ts';
import { useMediaQuery } from '@mantine/hooks';
import { useLiveUpdates } from '../../queries/live.ts';
import { AppraiserHeaderLinks, AppraiserTabBar } from './AppraiserNav.tsx';

/** What someone acting for a user of each role may not do for them (docs/security.md). */
const OWN_DECISIONS: Record<string, string> = {
  client: 'approving new terms, paying, their keys and password',
  appraiser: 'accepting offers, recording the inspection, submitting reports, their card and password',
  staff: 'their password',
};

/** The frame of every page: the service's name, the main sections, and who is signed in. */
export function Layout() {
  const { data: session } = useQuery(sessionQuery);
  useLiveUpdates(session?.user.id ?? null);
  const navigate = useNavigate();
  const appraiser = session?.user.role === 'appraiser';
  const isStaff = session?.user.role === 'staff';
  const client = session?.user.role === 'client';
  // Read at the first render, so that the tab bar does not arrive after the page (no shift).
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  const signOut = async () => {
    await endSession();
    await navigate({ to: '/sign-in' });
  };
  return (
    <AppShell header={{ height: 56 }} footer={{ height: 56, collapsed: !(appraiser && phone) }} padding="md">
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap">
            <Anchor component={Link} to="/" fw={700} c="indigo.8" underline="never">
              Appraisal Orders
            </Anchor>
            {isStaff && (
              <Anchor component={Link} to="/pipeline" c="dark">
                Pipeline
              </Anchor>
            )}
            {session && !appraiser && (
              <Anchor component={Link} to="/orders" c="dark" visibleFrom="xs">
                Orders
              </Anchor>
            )}
            {appraiser && <AppraiserHeaderLinks />}
            {/* The staff workspace: the company's figures, and its administration. */}
            {isStaff && (
              <Anchor component={Link} to="/dashboard" c="dark" visibleFrom="xs">
                Dashboard
              </Anchor>
            )}
            {isStaff && (
              <Anchor component={Link} to="/receivables" c="dark" visibleFrom="xs">
                Money
              </Anchor>
            )}
            {client && (
              <Anchor component={Link} to="/billing" c="dark" visibleFrom="xs">
                Invoices
              </Anchor>
            )}
            {isStaff && (
              <Anchor component={Link} to="/admin" c="dark" visibleFrom="xs">
                Administration
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
                {appraiser && (
                  <Menu.Item component={Link} to="/orders" hiddenFrom="sm">
                    All orders
                  </Menu.Item>
                )}
                {/* On a phone the header has no room for the sections: they are here. */}
                {!appraiser && (
                  <Menu.Item component={Link} to="/orders" hiddenFrom="xs">
                    Orders
                  </Menu.Item>
                )}
                {isStaff && (
                  <Menu.Item component={Link} to="/dashboard" hiddenFrom="xs">
                    Dashboard
                  </Menu.Item>
                )}
                {isStaff && (
                  <Menu.Item component={Link} to="/receivables" hiddenFrom="xs">
                    Money
                  </Menu.Item>
                )}
                {client && (
                  <Menu.Item component={Link} to="/billing" hiddenFrom="xs">
                    Invoices
                  </Menu.Item>
                )}
                {isStaff && (
                  <Menu.Item component={Link} to="/admin" hiddenFrom="xs">
                    Administration
                  </Menu.Item>
                )}
                {appraiser && (
                  <Menu.Item
                    renderRoot={(props) => (
                      <Link
                        {...props}
                        to="/credentials/$appraiserId"
                        params={{ appraiserId: session.user.id }}
                      />
                    )}
                  >
                    Credentials
                  </Menu.Item>
                )}
                {appraiser && (
                  <Menu.Item
                    renderRoot={(props) => (
                      <Link
                        {...props}
                        to="/scorecard/$appraiserId"
                        params={{ appraiserId: session.user.id }}
                      />
                    )}
                  >
                    Scorecard
                  </Menu.Item>
                )}
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
      {appraiser && phone && (
        <AppShell.Footer>
          <AppraiserTabBar />
        </AppShell.Footer>
      )}
      <AppShell.Main>
        {session?.actor && (
          // Someone signed in acting for the user (a sign-on link minted with X-Api-Email): they
          // see it on every page, and what is the user's own to decide stays out of their reach.
          <Alert
            color="yellow"
            variant="light"
            role="status"
            title={`${session.actor.name}, acting for ${session.user.name}`}
            maw={1100}
            mx="auto"
            mb="md"
          >
            What you do here is recorded as yours, for {session.user.name}. Their own decisions (
            {OWN_DECISIONS[session.user.role] ?? 'their password'}) stay theirs.{' '}
            <Anchor component="button" type="button" onClick={() => void signOut()} size="sm">
              Stop acting (sign out)
            </Anchor>
          </Alert>
        )}
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
