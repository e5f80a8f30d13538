import { Alert, Stack, Tabs, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { sessionQuery } from '../queries/session.ts';
import { usePageTitle } from '../components/PageTitle.tsx';
import { ApiKeys } from '../features/account/ApiKeys.tsx';
import type { AdminTab } from '../features/admin/tabs.ts';
import { ClientsSection } from '../features/admin/ClientsSection.tsx';
import { CompanySettingsSection } from '../features/admin/CompanySettingsSection.tsx';
import { UsersSection } from '../features/admin/UsersSection.tsx';
import { WebhooksSection } from '../features/admin/WebhooksSection.tsx';

const TAB_NAMES: Record<AdminTab, string> = {
  clients: 'Clients',
  users: 'Users',
  settings: 'Company settings',
  webhooks: 'Webhooks',
  'api-keys': 'API keys',
};

/**
 * The appraisal company's administration: its clients, its users and its clients' users, its
 * settings, its webhook subscriptions and the signed-in user's API keys. The tab is in the URL
 * (?tab=users), so that a tab can be linked to and reloaded. The API decides who may change
 * what: a refusal shows as the service words it.
 */
export function AdminPage() {
  const search = useSearch({ from: '/admin' });
  const navigate = useNavigate({ from: '/admin' });
  const tab = search.tab ?? 'clients';
  usePageTitle(`${TAB_NAMES[tab]} · Administration`);
  const { data: session } = useSuspenseQuery(sessionQuery);
  if (session && session.user.role !== 'staff')
    return (
      <Alert color="gray" title="Administration is for appraisal company staff" maw={760} mx="auto">
        Your account administers nothing here.
      </Alert>
    );
  return (
    <Stack maw={1200} mx="auto" gap="md">
      <Title order={1} size="h2">
        Administration
      </Title>
      <Tabs
        value={tab}
        onChange={(value) =>
          void navigate({
            search: value && value !== 'clients' ? { tab: value as Exclude<AdminTab, 'clients'> } : {},
          })
        }
        keepMounted={false}
      >
        <Tabs.List>
          {Object.entries(TAB_NAMES).map(([value, name]) => (
            <Tabs.Tab key={value} value={value}>
              {name}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="clients" pt="md">
          <ClientsSection />
        </Tabs.Panel>
        <Tabs.Panel value="users" pt="md">
          <UsersSection />
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          {session?.user.organization_id && (
            <CompanySettingsSection companyId={session.user.organization_id} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="webhooks" pt="md">
          <WebhooksSection />
        </Tabs.Panel>
        <Tabs.Panel value="api-keys" pt="md">
          <Stack maw={760}>
            <ApiKeys />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
