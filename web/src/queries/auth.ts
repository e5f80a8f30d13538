import { api, unwrap } from './sdk.ts';
import { openSession } from './session.ts';

/** Signing in, and choosing a password: each opens a session the pages see at once. */
export async function signIn(email: string, password: string) {
  openSession(unwrap(await api.POST('/auth/sign_in', { body: { email, password } })));
}

/** Asks for a reset link; the answer is the same whether the email has an account. */
export async function askForResetLink(email: string) {
  unwrap(await api.POST('/auth/password/forgot', { body: { email } }));
}

/** The password chosen through an invitation's or a reset's emailed link (its token). */
export async function setPasswordByLink(token: string, password: string) {
  openSession(unwrap(await api.POST('/auth/password/reset', { body: { token, password } })));
}
