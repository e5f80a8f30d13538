import type { CreateOrder } from '../../queries/new-order.ts';
import { humanize } from '../../lib/format.ts';

type Enum<K extends keyof CreateOrder> = Exclude<NonNullable<CreateOrder[K]>, boolean | string[] | object>;

/** What the form holds: every input as typed, by the dotted name the API's 422 details use. */
export type Values = Record<string, string>;

export const LOAN_TYPES: Enum<'loan_type'>[] = [
  'conventional',
  'fha',
  'usda',
  'reo',
  'asset_valuation',
  'other',
];
export const TRANSACTION_TYPES: Enum<'transaction_type'>[] = [
  'purchase',
  'refinance',
  'home_equity',
  'construction',
  'other',
];
export const OCCUPANCY: NonNullable<Enum<'occupancy_type'>>[] = [
  'primary_residence',
  'second_home',
  'investment',
];
export const choices = (values: readonly string[]) =>
  values.map((value) => ({ value, label: humanize(value) }));

export interface Picks {
  productIds: string[];
  userIds: string[];
  flags: { green_certified: boolean; complex_property: boolean };
}

/** The request body: dotted names back into objects; empty inputs left out. */
export function bodyOf(
  values: Values,
  { productIds, userIds, flags }: Picks,
  companyId: string | undefined,
  clientId: string | null,
  draft: boolean,
): CreateOrder {
  const body: Record<string, unknown> = {
    product_ids: productIds,
    green_certified: flags.green_certified,
    ...(flags.complex_property ? { complex_property: true } : {}),
    ...(userIds.length ? { client_user_ids: userIds } : {}),
    ...(companyId ? { company_id: companyId } : {}),
    ...(clientId ? { requested_by: { client_id: clientId } } : {}),
    ...(draft ? { draft } : {}),
    address: {},
    borrower: {},
  };
  for (const [name, raw] of Object.entries(values)) {
    const value = raw.trim();
    if (!value || name === 'company_id') continue;
    const [group, key] = name.split('.');
    if (key) (body[group!] as Record<string, unknown>)[key] = value;
    else if (name === 'contract_price') {
      // A number on the wire; what is not one goes as typed, for the API to name the field.
      const price = Number(value.replace(/,/g, ''));
      body[name] = Number.isFinite(price) ? price : value;
    } else body[name] = value;
  }
  return body as unknown as CreateOrder;
}
