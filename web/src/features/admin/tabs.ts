/** The administration page's tabs, in the order shown; the first is the page without a `tab`. */
export const ADMIN_TABS = ['clients', 'users', 'settings', 'webhooks', 'api-keys'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
