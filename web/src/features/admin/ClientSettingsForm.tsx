import { Skeleton, Stack, Switch, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { FormFailure } from '../../components/FormFailure.tsx';
import {
  changeClientSettings,
  clientSettingsQuery,
  type ClientSetting,
  type ClientSettings,
} from '../../queries/clients.ts';
import { failureText } from '../../queries/failure.ts';
import { ClientEoMinimumForm } from './ClientEoMinimumForm.tsx';
import { SETTING_GROUPS } from './client-settings-text.ts';
import { useSavedAtOnce } from './saved-at-once.ts';

/** How the company works with one client (GET/PATCH /clients/{id}/settings): each switch saved at once. */
export function ClientSettingsForm({ clientId }: { clientId: string }) {
  const query = clientSettingsQuery(clientId);
  const settings = useQuery(query);
  const change = useSavedAtOnce<ClientSettings, Partial<Record<ClientSetting, boolean>>>({
    queryKey: query.queryKey,
    save: (body) => changeClientSettings(clientId, body),
    shown: (before, body) => ({ ...before, ...body }),
    onSaved: (saved, body) => {
      const changed = SETTING_GROUPS.flatMap((group) => group.settings).find(
        (setting) => setting.key in body,
      );
      notifications.show({
        color: 'teal',
        title: 'Settings saved',
        message: changed ? (saved[changed.key] ? changed.on : changed.off) : 'They apply at once.',
      });
    },
  });
  if (settings.isError)
    return <FormFailure title="The settings could not be loaded" failure={failureText(settings.error)} />;
  if (!settings.data) return <Skeleton height={320} />;
  const saved = settings.data;
  return (
    <Stack gap="lg">
      {SETTING_GROUPS.map((group) => (
        <Stack key={group.title} gap="sm">
          <Title order={3} size="h5">
            {group.title}
          </Title>
          {group.settings.map((setting) => (
            <Switch
              key={setting.key}
              label={setting.label}
              description={setting.description}
              checked={saved[setting.key]}
              disabled={change.isPending}
              onChange={(event) => change.mutate({ [setting.key]: event.currentTarget.checked })}
            />
          ))}
        </Stack>
      ))}
      <ClientEoMinimumForm key={saved.client_id} clientId={clientId} settings={saved} />
    </Stack>
  );
}
