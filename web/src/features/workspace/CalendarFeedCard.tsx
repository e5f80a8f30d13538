import { Alert, Button, Card, CopyButton, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '../../queries/failure.ts';
import { api, unwrap } from '../../queries/sdk.ts';
import { dateTime } from '../../lib/format.ts';

/**
 * The appraiser's private calendar address: made here, shown once (it is a credential, kept
 * only as a hash), copied into a calendar app or opened with webcal:. A new address stops the
 * old one, so that a lost phone's calendar stops receiving inspections; the page asks first.
 */
export function CalendarFeedCard() {
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: ['calendar-feed'],
    queryFn: async () => unwrap(await api.GET('/api/v1/me/calendar_feed')),
  });
  const [made, setMade] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const renew = useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/v1/me/calendar_feed')),
    onSuccess: async (feed) => {
      setMade(feed.url);
      setConfirming(false);
      notifications.show({
        color: 'teal',
        title: 'Calendar address made',
        message: 'Add it to your calendar app now: it is shown only once.',
      });
      await queryClient.invalidateQueries({ queryKey: ['calendar-feed'] });
    },
    onError: (error) =>
      notifications.show({ color: 'red', title: 'No calendar address made', message: failureText(error) }),
  });
  const active = status.data?.active === true;

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="calendar-feed-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="calendar-feed-title">
          Your calendar
        </Title>
        <Text size="sm">
          Subscribe to your inspections from your phone’s or computer’s calendar: they appear there and move
          when you reschedule.
        </Text>
        {made ? (
          <>
            <TextInput
              label="Calendar address"
              value={made}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
            />
            <Alert color="yellow" title="Shown only once">
              Keep it like a password: anyone with it sees your inspections.
            </Alert>
            <Group gap="xs">
              <CopyButton value={made}>
                {({ copied, copy }) => (
                  <Button onClick={copy}>{copied ? 'Copied' : 'Copy the address'}</Button>
                )}
              </CopyButton>
              <Button component="a" variant="light" href={made.replace(/^https?:/, 'webcal:')}>
                Open in calendar app
              </Button>
            </Group>
          </>
        ) : (
          <Group gap="xs" align="center">
            {active && (
              <Text size="sm" c="dimmed">
                Address made {dateTime(status.data?.created_at)}.
              </Text>
            )}
            <Button
              variant={active ? 'default' : 'filled'}
              onClick={() => (active ? setConfirming(true) : renew.mutate())}
              loading={renew.isPending && !confirming}
              disabled={status.isPending}
            >
              {active ? 'Make a new address' : 'Make a calendar address'}
            </Button>
          </Group>
        )}
        {made === null && active && (
          <Text size="xs" c="dimmed">
            The address is shown only when it is made. Lost it? A new one replaces it.
          </Text>
        )}
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Make a new calendar address?"
        centered
      >
        <Stack>
          <Text size="sm">
            The address you have now stops working at once: calendars subscribed to it no longer update.
          </Text>
          <Group justify="end">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              Cancel
            </Button>
            <Button color="red" onClick={() => renew.mutate()} loading={renew.isPending}>
              Make a new address
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
