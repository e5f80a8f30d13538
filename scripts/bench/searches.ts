/**
 * The searches a person can type or click in the order list (docs/web.md), as benchmark
 * scenarios, each with the p99 target of the staff's reads: the search box (keywords_cont) with
 * what people remember of an order, a search of each field, each status filter, a due-date
 * range, the list's sorts, transaction and loan types, and the dashboard's figure links. Page 1
 * with its total, as the web application asks for it; where a scenario has several paths, the
 * connections take them in turn, and the figures are the mix's.
 */
export interface SearchSample {
  /** The staff's company's order searched for: its file number, loan number, street, borrower. */
  file_number: string;
  loan_number: string;
  street: string;
  borrower: string;
  zip: string;
  appraiserId: string;
  productId: string;
}

export type SearchScenario = [name: string, paths: string[]];

const orders = (query: string) => `/api/v1/orders?${query}`;
const box = (text: string) => orders(`q[keywords_cont]=${encodeURIComponent(text)}`);
const STATUSES = [
  'Unassigned',
  'Pending assignment',
  'Assigned',
  'Inspection scheduled',
  'Inspection completed',
  'In review',
  'Completed',
  'Fulfilled',
  'Cancelled',
  'On hold',
];
/** A dashboard figure's period: the orders fulfilled in June 2026. */
export const FULFILLED_IN_JUNE =
  'q[fulfilled_at_gteq]=2026-06-01T00:00:00.000Z&q[fulfilled_at_lt]=2026-07-01T00:00:00.000Z';

const SORTS = ['created_at desc', 'created_at asc', 'due_date asc', 'due_date desc'];

export function searchScenarios(sample: SearchSample): SearchScenario[] {
  // As GET /insight names them: the latest first by the date the figure counts.
  const year =
    'q[created_at_gteq]=2025-09-01T00:00:00.000Z&q[created_at_lt]=2026-09-01T00:00:00.000Z&q[s]=created_at%20desc';
  const fulfilledMonth = `${FULFILLED_IN_JUNE}&q[s]=fulfilled_at%20desc`;
  const fulfilledYear =
    'q[fulfilled_at_gteq]=2025-09-01T00:00:00.000Z&q[fulfilled_at_lt]=2026-09-01T00:00:00.000Z&q[s]=fulfilled_at%20desc';
  const field = (name: string, value: string) => orders(`q[${name}_cont]=${encodeURIComponent(value)}`);
  return [
    ['search box: a file number', [box(sample.file_number.slice(-6))]],
    ['search box: a loan number', [box(sample.loan_number)]],
    ['search box: a borrower', [box(sample.borrower)]],
    ['search box: a street', [box(sample.street)]],
    ['search box: a city (a fifth of the orders)', [box('Houston')]],
    ['search box: a word in every order', [box('Main')]],
    ['search box: nothing found', [box('Zebulon')]],
    ['search box: two characters', [box('42')]],
    [
      'search of one field (file number, loan, borrower, street, city, zip in turn)',
      [
        field('file_number', sample.file_number.slice(-6)),
        field('loan_number', sample.loan_number),
        field('borrower_name', sample.borrower),
        field('address_street', sample.street),
        field('address_city', 'Denver'),
        field('address_zip', sample.zip),
      ],
    ],
    [
      'each status filter, newest first (10 in turn)',
      STATUSES.map((status) => orders(`q[status_name_eq]=${encodeURIComponent(status)}`)),
    ],
    [
      'each status filter + search box (10 in turn)',
      STATUSES.map((status) =>
        orders(`q[status_name_eq]=${encodeURIComponent(status)}&q[keywords_cont]=Dallas`),
      ),
    ],
    [
      'a due-date range (a month, then a year), due soonest',
      [
        orders('q[due_date_gteq]=2026-03-01&q[due_date_lteq]=2026-03-31&q[s]=due_date%20asc'),
        orders('q[due_date_gteq]=2026-01-01&q[due_date_lteq]=2026-12-31&q[s]=due_date%20asc'),
      ],
    ],
    [
      'the sorts (newest, oldest, due soonest, due latest)',
      SORTS.map((s) => orders(`q[s]=${encodeURIComponent(s)}`)),
    ],
    [
      'transaction and loan types, due soonest (8 in turn)',
      [
        ...['purchase', 'refinance', 'home_equity'].map((type) => `q[transaction_type_eq]=${type}`),
        ...['conventional', 'fha', 'usda', 'reo', 'other'].map((type) => `q[loan_type_eq]=${type}`),
      ].map((term) => orders(`${term}&q[s]=due_date%20asc`)),
    ],
    [
      'dashboard figure links (6 in turn)',
      [
        orders(year),
        orders(`${fulfilledMonth}&q[on_time_eq]=false`),
        orders(`${fulfilledYear}&q[revised_eq]=true`),
        orders(`${fulfilledYear}&q[product_id_eq]=${sample.productId}`),
        orders(`q[appraiser_id_eq]=${sample.appraiserId}&q[open_eq]=true`),
        orders(fulfilledYear),
      ],
    ],
  ];
}
