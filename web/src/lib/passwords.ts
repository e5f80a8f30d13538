/**
 * The checks of a new password chosen twice, before the service sees it: its bounds are the
 * service's (src/sessions/password.ts); the service still answers for the rest (not the
 * email address, not a few characters repeated).
 */
export const PASSWORD_MIN_LENGTH = 12;
const PASSWORD_MAX_LENGTH = 128;

export const newPasswordChecks = {
  password: (value: string) =>
    value.length < PASSWORD_MIN_LENGTH
      ? `At least ${PASSWORD_MIN_LENGTH} characters`
      : value.length > PASSWORD_MAX_LENGTH
        ? `At most ${PASSWORD_MAX_LENGTH} characters`
        : null,
  confirm: (value: string, values: { password: string }) =>
    value === values.password ? null : 'The two passwords differ',
};
