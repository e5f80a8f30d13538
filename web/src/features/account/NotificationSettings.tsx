import { Skeleton, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { FormFailure } from '../../components/FormFailure.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import {
  changeNotificationSetting,
  notificationSettingsQuery,
  type NotificationKind,
} from '../../queries/account.ts';
import { failureText } from '../../queries/failure.ts';

/** One switch per status email of the user's role; operators get none, and see no section. */
export function NotificationSettings() {
  const settings = useQuery(notificationSettingsQuery);
  const change = useMutation({
    mutationFn: ({ kind, enabled }: { kind: NotificationKind; enabled: boolean }) =>
      changeNotificationSetting(kind, enabled),
    onSuccess: (answer, { kind, enabled }) =>
      notifications.show({
        color: 'teal',
        title: enabled ? 'Email turned on' : 'Email turned off',
        message: answer.find((setting) => setting.kind === kind)?.description ?? kind,
      }),
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Not changed', message: failureText(error) }),
  });
  if (settings.data?.length === 0) return null;
  return (
    <SectionCard title="Email notifications" intro="The status emails you get; each links to its order.">
      <FormFailure
        title="The settings could not be loaded"
        failure={settings.isError ? failureText(settings.error) : null}
      />
      {settings.isPending &&
        Array.from({ length: 5 }, (_, i) => <Skeleton key={i} height={24} aria-hidden="true" />)}
      {settings.data?.map((setting) => (
        <Switch
          key={setting.kind}
          label={setting.description}
          checked={setting.enabled}
          disabled={change.isPending && change.variables.kind === setting.kind}
          onChange={(event) => change.mutate({ kind: setting.kind, enabled: event.currentTarget.checked })}
        />
      ))}
    </SectionCard>
  );
}
