import { Alert, Button, Group, Text } from '@mantine/core';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { ApiFailure, failureText } from '../queries/failure.ts';

/**
 * What a page shows when its data could not be read: the service's own words, or that it was
 * not reached, and a button that reads again (a dropped connection on a phone is common).
 */
export function RouteFailure({ error, what = 'page' }: ErrorComponentProps & { what?: string }) {
  const router = useRouter();
  const queries = useQueryErrorResetBoundary();
  if (error instanceof ApiFailure && error.status === 404) return <NotFoundPage what={what} />;
  const retry = () => {
    queries.reset();
    void router.invalidate();
  };
  return (
    <Alert color="red" role="alert" title="This page could not be loaded" maw={1100} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">{failureText(error)}</Text>
        <Button size="xs" variant="default" onClick={retry}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}

/** An order that does not exist for this person (another tenant's looks the same) is "not found". */
export const OrderFailure = (props: ErrorComponentProps) => <RouteFailure {...props} what="order" />;
