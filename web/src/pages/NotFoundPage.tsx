import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../components/PageTitle.tsx';

/** An unknown page, or an order that does not exist for this user (another tenant's looks the same). */
export function NotFoundPage({ what = 'page' }: { what?: string }) {
  usePageTitle('Not found');
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm">
        <Title order={1}>Not found</Title>
        <Text c="dimmed">This {what} does not exist, or you do not have access to it.</Text>
        <Button component={Link} to="/orders">
          Go to your orders
        </Button>
      </Stack>
    </Center>
  );
}
