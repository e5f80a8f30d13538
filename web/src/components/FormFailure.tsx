import { Alert } from '@mantine/core';

/** What the service refused of a form that no field of it shows, above the fields. */
export function FormFailure({ title, failure }: { title: string; failure: string | null }) {
  if (!failure) return null;
  return (
    <Alert color="red" role="alert" title={title}>
      {failure}
    </Alert>
  );
}
