import type { DemoWorld } from './demo.ts';

/**
 * A few orders in the demo world, in different statuses, so that the first screen of the web
 * application is not empty. They are placed and moved through the API itself (the service's
 * own routes, in process), as the demo users would: nothing here bypasses the workflow.
 */
/** The service's own routes, called in process (the server passes its app's inject). */
export type CallApi = (request: {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  headers: Record<string, string>;
  payload?: object;
}) => Promise<{ statusCode: number; body: string }>;

interface DemoOrder {
  street: string;
  borrower: [string, string];
  /** The actions taken after placing it, in order, by whom. */
  steps: { by: 'staff' | 'appraiser' | 'client'; action: string; body?: Record<string, string> }[];
  draft?: boolean;
}

const inDays = (days: number, time = '17:00') => {
  const day = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  return `${day}T${time}`;
};

export async function placeDemoOrders(callApi: CallApi, world: DemoWorld): Promise<void> {
  const keys = {
    staff: world.users.staff.api_key,
    appraiser: world.users.appraiser.api_key,
    client: world.users.client.api_key,
  };
  const call = async (key: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const answer = await callApi({
      method,
      url,
      headers: { 'X-Api-Key': key },
      ...(payload ? { payload } : {}),
    });
    if (answer.statusCode >= 300)
      throw new Error(`demo order: ${method} ${url} answered ${answer.statusCode} ${answer.body}`);
    return JSON.parse(answer.body) as Record<string, unknown>;
  };
  const configuration = (await call(
    keys.client,
    'GET',
    `/api/v1/clients/${world.client_id}/configurations`,
  )) as {
    companies: { products: { id: string; follow_up: boolean }[] }[];
  };
  const products = configuration.companies[0]!.products.filter((product) => !product.follow_up);
  const appraiserId = world.users.appraiser.id;
  const assign = { by: 'staff' as const, action: 'assign', body: { appraiser_id: appraiserId, fee: '375' } };
  const orders: DemoOrder[] = [
    { street: '1100 Congress Ave', borrower: ['Bea', 'Borrower'], steps: [] },
    { street: '48 Lamar Blvd', borrower: ['Dana', 'Draft'], steps: [], draft: true },
    { street: '2201 Barton Springs Rd', borrower: ['Omar', 'Offered'], steps: [assign] },
    {
      street: '705 Red River St',
      borrower: ['Sue', 'Scheduled'],
      steps: [
        assign,
        { by: 'appraiser', action: 'accept_assignment' },
        {
          by: 'appraiser',
          action: 'schedule_inspection',
          body: { inspection_scheduled_at: inDays(2, '10:00') },
        },
      ],
    },
    {
      street: '3300 Guadalupe St',
      borrower: ['Hal', 'Held'],
      steps: [
        assign,
        { by: 'appraiser', action: 'accept_assignment' },
        { by: 'client', action: 'hold', body: { reason: 'Waiting for the borrower to confirm access' } },
      ],
    },
  ];
  for (const [index, order] of orders.entries()) {
    const created = (await call(keys.client, 'POST', '/api/v1/orders', {
      address: { street_1: order.street, city: 'Austin', state: 'TX', zip: '78701' },
      borrower: { first_name: order.borrower[0], last_name: order.borrower[1], phone: '512-555-0100' },
      due_date: inDays(7 + index * 3),
      green_certified: false,
      loan_type: 'conventional',
      transaction_type: index % 2 ? 'refinance' : 'purchase',
      payment_method: 'invoice',
      product_ids: [products[index % products.length]!.id],
      ...(order.draft ? { draft: true } : {}),
    })) as { id: string };
    for (const step of order.steps)
      await call(keys[step.by], 'PUT', `/api/v1/orders/${created.id}/${step.action}`, step.body ?? {});
  }
}
