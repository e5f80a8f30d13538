import type { Schema } from '../../../sdk/src/client.ts';
import { queryClient } from './query-client.ts';
import { api, unwrap } from './sdk.ts';

/** The signed-in user's own account: password, status emails, API keys, calendar address. */
export type ApiKey = Schema<'ApiKey'>;
export type IssuedApiKey = Schema<'IssuedApiKey'>;
export type NotificationKind = keyof Schema<'NotificationSettingsChange'>;

/** Every other session of the user ends (the service's rule). */
export const changePassword = async (body: Schema<'ChangePasswordRequest'>) =>
  unwrap(await api.PUT('/auth/password', { body }));

export const notificationSettingsQuery = {
  queryKey: ['notification-settings'],
  queryFn: async () => unwrap(await api.GET('/api/v1/me/notification_settings')),
};

export async function changeNotificationSetting(kind: NotificationKind, enabled: boolean) {
  const settings = unwrap(await api.PATCH('/api/v1/me/notification_settings', { body: { [kind]: enabled } }));
  queryClient.setQueryData(notificationSettingsQuery.queryKey, settings);
  return settings;
}

const API_KEYS_KEY = ['api-keys'] as const;
const refreshApiKeys = () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY });

export const apiKeysQuery = {
  queryKey: API_KEYS_KEY,
  queryFn: async () => unwrap(await api.GET('/api/v1/api_keys')),
};

/** A new key, whole this once (the service keeps only its fingerprint). */
export async function issueApiKey(label: string) {
  const issued = unwrap(await api.POST('/api/v1/api_keys', { body: { label } }));
  await refreshApiKeys();
  return issued;
}

export async function revokeApiKey(keyId: string) {
  unwrap(await api.DELETE('/api/v1/api_keys/{key_id}', { params: { path: { key_id: keyId } } }));
  await refreshApiKeys();
}

const CALENDAR_FEED_KEY = ['calendar-feed'] as const;

/** Whether the appraiser has a calendar address, and since when (never the address itself). */
export const calendarFeedQuery = {
  queryKey: CALENDAR_FEED_KEY,
  queryFn: async () => unwrap(await api.GET('/api/v1/me/calendar_feed')),
};

/** A new calendar address, shown this once; the one before stops working. */
export async function renewCalendarFeed() {
  const feed = unwrap(await api.POST('/api/v1/me/calendar_feed'));
  await queryClient.invalidateQueries({ queryKey: CALENDAR_FEED_KEY });
  return feed;
}
