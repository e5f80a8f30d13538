import type { Schema } from '../../../sdk/src/client.ts';
import { queryClient } from './query-client.ts';
import { api, unwrap } from './sdk.ts';

/** The company's users and its clients' users, as an administrator manages them. */
export type ManagedUser = Schema<'ManagedUser'>;
export type UserChange = Schema<'UserChange'>;

const USERS_KEY = ['users'] as const;

export const usersQuery = {
  queryKey: USERS_KEY,
  queryFn: async () => unwrap(await api.GET('/api/v1/users')),
};

/** Invites a user (they get an email to choose a password); the list shows them. */
export async function inviteUser(body: Schema<'InviteUserRequest'>) {
  const invited = unwrap(await api.POST('/api/v1/users', { body }));
  await queryClient.invalidateQueries({ queryKey: USERS_KEY });
  return invited;
}

/** Admin rights, role, branch, or active: one change at a time; the list shows it. */
export async function changeUser(userId: string, change: UserChange) {
  const saved = unwrap(
    await api.PATCH('/api/v1/users/{user_id}', { params: { path: { user_id: userId } }, body: change }),
  );
  await queryClient.invalidateQueries({ queryKey: USERS_KEY });
  return saved;
}
