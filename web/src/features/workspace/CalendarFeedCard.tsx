import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifyDone } from '../../lib/notices.ts';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { SecretShownOnce } from '../../components/SecretShownOnce.tsx';
import { dateTime } from '../../lib/format.ts';
import { calendarFeedQuery, renewCalendarFeed } from '../../queries/account.ts';
import { failureText } from '../../queries/failure.ts';

/**
 * The appraiser's private calendar address: made here, shown once (it is a credential, kept
 * only as a hash), copied into a calendar app or opened with webcal:. A new address stops the
 * old one, so that a lost phone's calendar stops receiving inspections; the page asks first.
 */
export function CalendarFeedCard() {
  const status = useQuery(calendarFeedQuery);
  const [made, setMade] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const renew = useMutation({
    mutationFn: renewCalendarFeed,
    onSuccess: (feed) => {
      setMade(feed.url);
      setConfirming(false);
      notifyDone('Calendar address made', 'Add it to your calendar app now: it is shown only once.');
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
          <SecretShownOnce
            title="Shown only once"
            label="Calendar address"
            value={made}
            what="The address"
            actions={
              <Button component="a" variant="light" href={made.replace(/^https?:/, 'webcal:')}>
                Open in calendar app
              </Button>
            }
          >
            Keep it like a password: anyone with it sees your inspections.
          </SecretShownOnce>
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
      <ConfirmDialog
        opened={confirming}
        title="Make a new calendar address?"
        confirm="Make a new address"
        pending={renew.isPending}
        onConfirm={() => renew.mutate()}
        onClose={() => setConfirming(false)}
      >
        The address you have now stops working at once: calendars subscribed to it no longer update.
      </ConfirmDialog>
    </Card>
  );
}
