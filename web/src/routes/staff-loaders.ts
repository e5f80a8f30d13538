import type { AdminTab } from '../features/admin/tabs.ts';
import { DEFAULT_MONTHS } from '../features/dashboard/figures.ts';
import { apiKeysQuery, notificationSettingsQuery } from '../queries/account.ts';
import { clientsQuery } from '../queries/clients.ts';
import { orderListSettingsQuery } from '../queries/order-lists.ts';
import { queuesQuery } from '../queries/pipeline.ts';
import { companySettingsQuery } from '../queries/company.ts';
import { insightQuery } from '../queries/insight.ts';
import { queryClient } from '../queries/query-client.ts';
import { sessionQuery } from '../queries/session.ts';
import { usersQuery } from '../queries/users.ts';
import { webhooksQuery } from '../queries/webhooks.ts';

/** The pipeline's queues, the clients to filter by and the person's columns, together. */
export const loadPipeline = () =>
  Promise.all([
    queryClient.ensureQueryData(queuesQuery),
    queryClient.ensureQueryData(clientsQuery),
    queryClient.ensureQueryData(orderListSettingsQuery('pipeline')),
  ]);

/** The dashboard's figures for the period asked for (or the default one). */
export const loadDashboard = (months: number | undefined) =>
  queryClient.ensureQueryData(insightQuery(months ?? DEFAULT_MONTHS));

/** The account's sections' lists, asked for early (each says itself when it could not be read). */
export const loadAccount = () =>
  Promise.all([
    queryClient.prefetchQuery(notificationSettingsQuery),
    queryClient.prefetchQuery(apiKeysQuery),
  ]);

/**
 * What each administration tab shows first. The settings form reads its settings with suspense,
 * so they are ensured (a failure is the page's); a list is only asked for early, since it says
 * itself that it could not be loaded (or, for API keys, that the role may have none).
 */
export async function loadAdminTab(tab: AdminTab): Promise<void> {
  const session = await queryClient.ensureQueryData(sessionQuery);
  // Other roles see the page say that administration is not theirs, and nothing is asked for.
  if (session?.user.role !== 'staff') return;
  if (tab === 'settings' && session.user.organization_id)
    await queryClient.ensureQueryData(companySettingsQuery(session.user.organization_id));
  // Each list is asked for as itself: their answers differ in type.
  if (tab === 'clients') await queryClient.prefetchQuery(clientsQuery);
  if (tab === 'users') await queryClient.prefetchQuery(usersQuery);
  if (tab === 'webhooks') await queryClient.prefetchQuery(webhooksQuery);
  if (tab === 'api-keys') await queryClient.prefetchQuery(apiKeysQuery);
}
