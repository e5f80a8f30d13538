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

const PAYMENT_CARD_KEY = ['payment-card'] as const;
export type CardOnFile = Schema<'CardOnFile'>;
export type NewCard = Schema<'CardOnFileRequest'>;

/** The appraiser's card for the company's submission fees; null when there is none (the API's 404). */
export const paymentCardQuery = {
  queryKey: PAYMENT_CARD_KEY,
  queryFn: async (): Promise<CardOnFile | null> => {
    const answer = await api.GET('/api/v1/me/payment_card');
    return answer.response.status === 404 ? null : unwrap(answer);
  },
};

/** The card goes to the processor, which keeps it; the service answers its brand and last four. */
export async function keepPaymentCard(card: NewCard) {
  const kept = unwrap(await api.PUT('/api/v1/me/payment_card', { body: card }));
  queryClient.setQueryData(PAYMENT_CARD_KEY, kept);
  return kept;
}

export async function removePaymentCard() {
  unwrap(await api.DELETE('/api/v1/me/payment_card'));
  queryClient.setQueryData(PAYMENT_CARD_KEY, null);
}
