import type { Db } from '../db/connection.ts';
import { balanceCents } from '../format/money.ts';
import { organizationNames } from '../organizations/organization.repository.ts';
import type { OrderWith } from '../orders/order.store.ts';
import { invoiceItems } from './payment.repository.ts';

/** The columns of an order that its invoice, its payment page and its payments read. */
export const PAYMENT_COLUMNS = [
  'payment_method',
  'total_fee_cents',
  'paid_cents',
  'credited_cents',
  'address_one',
  'address_two',
  'city',
  'state_id',
  'zip',
] as const;

export type PaymentOrder = OrderWith<(typeof PAYMENT_COLUMNS)[number]>;

/** The order with the names its invoice and emails show. */
export type PayableOrder = PaymentOrder & { company_name: string; client_name: string };

export async function withNames(db: Db, order: PaymentOrder): Promise<PayableOrder> {
  const names = await organizationNames(db, [order.company_id, order.client_id]);
  return { ...order, company_name: names.get(order.company_id)!, client_name: names.get(order.client_id)! };
}

export const balanceOf = (
  order: Pick<PaymentOrder, 'total_fee_cents' | 'paid_cents' | 'credited_cents'>,
): bigint => balanceCents(order);

/** Invoice lines: the products' fees, and one adjustment line for fee changes agreed in negotiations. */
export async function invoiceLines(db: Db, order: PaymentOrder): Promise<{ name: string; cents: bigint }[]> {
  const items = (await invoiceItems(db, order.id)).map((i) => ({ name: i.name, cents: BigInt(i.fee_cents) }));
  const adjustment = BigInt(order.total_fee_cents) - items.reduce((sum, i) => sum + i.cents, 0n);
  return adjustment === 0n
    ? items
    : [...items, { name: 'Fee adjustment (agreed change)', cents: adjustment }];
}
