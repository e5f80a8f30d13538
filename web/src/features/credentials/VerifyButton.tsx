import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { notifyDone } from '../../lib/notices.ts';
import { failureText } from '../../queries/failure.ts';

/** Staff mark a credential as checked (with the state's registry, or the certificate). */
export function VerifyButton({ what, verify }: { what: string; verify: () => Promise<unknown> }) {
  const verifying = useMutation({
    mutationFn: verify,
    onSuccess: () => notifyDone('Verified', `You verified ${what}.`),
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Not verified', message: failureText(error) }),
  });
  return (
    <Button size="xs" loading={verifying.isPending} onClick={() => verifying.mutate()}>
      Verify
    </Button>
  );
}
