import { Radio, Skeleton, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { FormFailure } from '../../components/FormFailure.tsx';
import {
  changeClientAccess,
  clientAccessQuery,
  type ClientAccess,
  type OrderVisibility,
} from '../../queries/clients.ts';
import { failureText } from '../../queries/failure.ts';
import { VISIBILITY_CHOICES } from './client-settings-text.ts';
import { useSavedAtOnce } from './saved-at-once.ts';

/**
 * Which of the client's orders its users see (GET/PATCH /clients/{id}/access): the client's own
 * setting, which its admins and the company's admins change. Saved when chosen.
 */
export function ClientOrderVisibility({ clientId }: { clientId: string }) {
  const query = clientAccessQuery(clientId);
  const access = useQuery(query);
  const change = useSavedAtOnce<ClientAccess, OrderVisibility>({
    queryKey: query.queryKey,
    save: (visibility) => changeClientAccess(clientId, visibility),
    shown: (before, order_visibility) => ({ ...before, order_visibility }),
    onSaved: (saved) =>
      notifications.show({
        color: 'teal',
        title: 'Order visibility saved',
        message: VISIBILITY_CHOICES.find((choice) => choice.value === saved.order_visibility)?.saved,
      }),
  });
  if (access.isError)
    return (
      <FormFailure title="The order visibility could not be loaded" failure={failureText(access.error)} />
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
        {VISIBILITY_CHOICES.map((choice) => (
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
