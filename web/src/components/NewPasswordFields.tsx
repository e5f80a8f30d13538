import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { PASSWORD_MIN_LENGTH } from '../lib/passwords.ts';

/** A new password and the same again (the checks of lib/passwords.ts stand by each). */
export function NewPasswordFields(props: {
  password: GetInputPropsReturnType;
  confirm: GetInputPropsReturnType;
  labels: [string, string];
  /** Say the rule under the field (where the page's intro does not already). */
  describe?: boolean;
}) {
  return (
    <>
      <PasswordInput
        label={props.labels[0]}
        description={
          props.describe
            ? `At least ${PASSWORD_MIN_LENGTH} characters; a few words make a good one.`
            : undefined
        }
        autoComplete="new-password"
        required
        {...props.password}
      />
      <PasswordInput label={props.labels[1]} autoComplete="new-password" required {...props.confirm} />
    </>
  );
}
