import { Alert, Radio, Skeleton, Stack, Switch, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schema } from '../../../../sdk/src/client.ts';
import { failureText } from '../../queries/failure.ts';
import { api, unwrap } from '../../queries/sdk.ts';

type Settings = Schema<'ClientSettings'>;
type Setting = keyof Omit<Settings, 'client_id' | 'company_id'>;
type Access = Schema<'ClientAccess'>;
type Visibility = Access['order_visibility'];

/**
 * Each of the company's settings for a client, as a company admin reads it: the switch's label,
 * what it means, and what the toast says once it is on or off. Grouped by what they are about.
 */
const GROUPS: {
  title: string;
  settings: { key: Setting; label: string; description: string; on: string; off: string }[];
}[] = [
  {
    title: 'Reports',
    settings: [
      {
        key: 'client_review_required',
        label: 'The client reviews each report before it is completed',
        description: 'After your review, the report waits for the client to approve it.',
        on: 'The client now reviews each report before it is completed.',
        off: "Reports are now completed without the client's review.",
      },
    ],
  },
  {
    title: 'Payments',
    settings: [
      {
        key: 'payment_before_assignment',
        label: 'The client pays before the order is assigned',
        description: 'A new order with a balance waits in Waiting payment until it is paid.',
        on: 'New orders of the client now wait for payment before assignment.',
        off: 'New orders of the client are now assigned before payment.',
      },
      {
        key: 'report_release_after_payment',
        label: 'The client gets the report only once the order is paid',
        description: 'A completed order with a balance keeps its report from the client until it is paid.',
        on: 'The client now gets each report once the order is paid.',
        off: 'The client now gets each report as soon as it is completed.',
      },
    ],
  },
  {
    title: 'Appraiser independence',
    settings: [
      {
        key: 'lender_requests_reviewed',
        label: 'Revision and reconsideration requests come to your company first',
        description: 'Staff forward them to the appraiser, or answer them. Off: straight to the appraiser.',
        on: "The client's requests now come to your company first.",
        off: "The client's requests now go straight to the appraiser.",
      },
      {
        key: 'messages_through_company',
        label: 'The client and the appraiser write to each other only through your company',
        description: 'Staff forward their notes and files. Off: they may write to everyone on the order.',
        on: 'Notes and files between the client and the appraiser now go through your company.',
        off: 'The client and the appraiser may now write to everyone on the order.',
      },
    ],
  },
];

/** How the company works with one client (GET/PATCH /clients/{id}/settings): each switch saved at once. */
export function ClientSettingsForm({ clientId }: { clientId: string }) {
  const queryClient = useQueryClient();
  const key = ['client-settings', clientId];
  const settings = useQuery({
    queryKey: key,
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/clients/{client_id}/settings', { params: { path: { client_id: clientId } } }),
      ),
  });
  const change = useMutation({
    mutationFn: async (body: Partial<Record<Setting, boolean>>) =>
      unwrap(
        await api.PATCH('/api/v1/clients/{client_id}/settings', {
          params: { path: { client_id: clientId } },
          body,
        }),
      ),
    // The switch moves at once, and back if the service refuses.
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Settings>(key);
      if (before) queryClient.setQueryData<Settings>(key, { ...before, ...body });
      return { before };
    },
    onSuccess: (saved, body) => {
      queryClient.setQueryData(key, saved);
      const changed = GROUPS.flatMap((group) => group.settings).find((setting) => setting.key in body);
      notifications.show({
        color: 'teal',
        title: 'Settings saved',
        message: changed ? (saved[changed.key] ? changed.on : changed.off) : 'They apply at once.',
      });
    },
    onError: (error, _body, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      notifications.show({ color: 'red', title: 'Not changed', message: failureText(error) });
    },
  });
  if (settings.isError)
    return (
      <Alert color="red" role="alert" title="The settings could not be loaded">
        {settings.error.message}
      </Alert>
    );
  if (!settings.data) return <Skeleton height={320} />;
  const saved = settings.data;
  return (
    <Stack gap="lg">
      {GROUPS.map((group) => (
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
    </Stack>
  );
}

const VISIBILITY: { value: Visibility; label: string; description: string; saved: string }[] = [
  {
    value: 'all',
    label: 'Every order of the client',
    description: "Each user sees all of the client's orders.",
    saved: "The client's users now see every order of the client.",
  },
  {
    value: 'branch',
    label: "Their branch's orders and their own",
    description: "The orders of the user's branch (set on the Users tab), and those they placed or are on.",
    saved: "The client's users now see their branch's orders and their own.",
  },
  {
    value: 'own',
    label: 'Only their own orders',
    description: 'The orders they placed, or that name them as a party.',
    saved: "The client's users now see only their own orders.",
  },
];

/**
 * Which of the client's orders its users see (GET/PATCH /clients/{id}/access): the client's own
 * setting, which its admins and the company's admins change. Saved when chosen.
 */
export function ClientOrderVisibility({ clientId }: { clientId: string }) {
  const queryClient = useQueryClient();
  const key = ['client-access', clientId];
  const access = useQuery({
    queryKey: key,
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/clients/{client_id}/access', { params: { path: { client_id: clientId } } }),
      ),
  });
  const change = useMutation({
    mutationFn: async (order_visibility: Visibility) =>
      unwrap(
        await api.PATCH('/api/v1/clients/{client_id}/access', {
          params: { path: { client_id: clientId } },
          body: { order_visibility },
        }),
      ),
    // The choice shows at once, and the one before comes back if the service refuses.
    onMutate: async (order_visibility) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Access>(key);
      if (before) queryClient.setQueryData<Access>(key, { ...before, order_visibility });
      return { before };
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      notifications.show({
        color: 'teal',
        title: 'Order visibility saved',
        message: VISIBILITY.find((choice) => choice.value === saved.order_visibility)?.saved,
      });
    },
    onError: (error, _choice, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      notifications.show({ color: 'red', title: 'Not changed', message: failureText(error) });
    },
  });
  if (access.isError)
    return (
      <Alert color="red" role="alert" title="The order visibility could not be loaded">
        {access.error.message}
      </Alert>
    );
  if (!access.data) return <Skeleton height={160} />;
  return (
    <Radio.Group
      // The section's heading names the choice (the group is labelled by it), once.
      label={
        <Title order={3} size="h5">
          Which orders the client's users see
        </Title>
      }
      labelProps={{ mb: 4 }}
      description="The client's administrators always see every order of the client."
      value={access.data.order_visibility}
      onChange={(value) => change.mutate(value)}
    >
      <Stack gap="sm" mt="sm">
        {VISIBILITY.map((choice) => (
          <Radio
            key={choice.value}
            value={choice.value}
            label={choice.label}
            description={choice.description}
            disabled={change.isPending}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
