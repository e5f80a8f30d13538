import type { ClientSetting, OrderVisibility } from '../../queries/clients.ts';

/**
 * Each of the company's settings for a client, as a company admin reads it: the switch's label,
 * what it means, and what the toast says once it is on or off. Grouped by what they are about.
 */
export const SETTING_GROUPS: {
  title: string;
  settings: { key: ClientSetting; label: string; description: string; on: string; off: string }[];
}[] = [
  {
    title: 'Reports',
    settings: [
      {
        key: 'client_review_required',
        label: 'The client reviews each report before it is completed',
        description: 'After your review, the report waits for the client to approve it.',
        on: 'The client now reviews each report before it is completed.',
        off: "Reports are now completed without the client's review.",
      },
    ],
  },
  {
    title: 'Payments',
    settings: [
      {
        key: 'payment_before_assignment',
        label: 'The client pays before the order is assigned',
        description: 'A new order with a balance waits in Waiting payment until it is paid.',
        on: 'New orders of the client now wait for payment before assignment.',
        off: 'New orders of the client are now assigned before payment.',
      },
      {
        key: 'report_release_after_payment',
        label: 'The client gets the report only once the order is paid',
        description: 'A completed order with a balance keeps its report from the client until it is paid.',
        on: 'The client now gets each report once the order is paid.',
        off: 'The client now gets each report as soon as it is completed.',
      },
    ],
  },
  {
    title: 'Appraiser independence',
    settings: [
      {
        key: 'lender_requests_reviewed',
        label: 'Revision and reconsideration requests come to your company first',
        description: 'Staff forward them to the appraiser, or answer them. Off: straight to the appraiser.',
        on: "The client's requests now come to your company first.",
        off: "The client's requests now go straight to the appraiser.",
      },
      {
        key: 'messages_through_company',
        label: 'The client and the appraiser write to each other only through your company',
        description: 'Staff forward their notes and files. Off: they may write to everyone on the order.',
        on: 'Notes and files between the client and the appraiser now go through your company.',
        off: 'The client and the appraiser may now write to everyone on the order.',
      },
    ],
  },
];

/** The choices of which orders a client's users see, and what the toast says once chosen. */
export const VISIBILITY_CHOICES: {
  value: OrderVisibility;
  label: string;
  description: string;
  saved: string;
}[] = [
  {
    value: 'all',
    label: 'Every order of the client',
    description: "Each user sees all of the client's orders.",
    saved: "The client's users now see every order of the client.",
  },
  {
    value: 'branch',
    label: "Their branch's orders and their own",
    description: "The orders of the user's branch (set on the Users tab), and those they placed or are on.",
    saved: "The client's users now see their branch's orders and their own.",
  },
  {
    value: 'own',
    label: 'Only their own orders',
    description: 'The orders they placed, or that name them as a party.',
    saved: "The client's users now see only their own orders.",
  },
];
