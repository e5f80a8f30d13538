import type { AppInstance } from '../../src/http/app-instance.ts';

/**
 * Pays an order's balance as a payer does: through the payment page the payments summary
 * links to (its signature is the credential), with a sandbox card. Answers the page's status.
 */
export async function payByCard(
  app: AppInstance,
  clientKey: string,
  orderId: string,
  number = '4242424242424242',
): Promise<number> {
  const summary = (
    await app.inject({
      method: 'GET',
      url: `/api/v1/orders/${orderId}/payments`,
      headers: { 'X-Api-Key': clientKey },
    })
  ).json<{ input_credit_card_link: string }>();
  const link = new URL(summary.input_credit_card_link);
  const response = await app.inject({
    method: 'POST',
    url: link.pathname + link.search,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      name: 'Bea Borrower',
      number,
      exp_month: '12',
      exp_year: '2031',
      cvc: '123',
    }).toString(),
  });
  return response.statusCode;
}
