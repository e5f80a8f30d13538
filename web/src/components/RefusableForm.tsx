import { Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { enterDoesNotSubmit } from '../lib/forms.ts';
import { FormFailure } from './FormFailure.tsx';

/**
 * A form the service may refuse: what it refused that no field shows, under `failureTitle`,
 * above the fields. The browser's own validation is off (the fields show the service's
 * sentences), and with several fields Enter does not send a form half filled in.
 */
export function RefusableForm({
  onSubmit,
  failureTitle,
  failure,
  oneField = false,
  maw,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  failureTitle: string;
  failure: string | null;
  /** A form of one field: Enter sends it, as people expect. */
  oneField?: boolean;
  maw?: number;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} onKeyDown={oneField ? undefined : enterDoesNotSubmit} noValidate>
      <Stack gap="sm" maw={maw}>
        <FormFailure title={failureTitle} failure={failure} />
        {children}
      </Stack>
    </form>
  );
}
