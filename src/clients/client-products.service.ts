import type { AuthUser } from '../auth/principal.ts';
import type { Db } from '../db/connection.ts';
import { AppError, type FieldProblem } from '../errors/app-error.ts';
import { centsToDecimal, decimalToCents } from '../format/money.ts';
import { settingsOf } from './client-settings.service.ts';
import { listClientProducts, replaceClientProducts } from './client.repository.ts';
import type { ClientProductsBody } from './client.schemas.ts';

/**
 * Which of a company's products a client it serves may order, and at which fee: a client's own
 * fee replaces the product's standard one on the orders it places from then on (orders already
 * placed keep theirs). The same access as the company's settings for the client: its staff
 * read, its admins change, operators name the company when several serve the client.
 */
export async function getClientProducts(db: Db, user: AuthUser, clientId: string, companyId?: string) {
  const served = await settingsOf(db, user, clientId, companyId);
  const rows = await listClientProducts(db, served.company_id, served.client_id);
  return {
    client_id: served.client_id,
    company_id: served.company_id,
    products: rows.map((row) => ({
      id: row.id,
      name: row.name,
      standard_fee: centsToDecimal(row.fee_cents)!,
      offered: row.offered_to !== null,
      fee: centsToDecimal(row.client_fee_cents),
    })),
  };
}

export async function changeClientProducts(
  db: Db,
  user: AuthUser,
  clientId: string,
  body: ClientProductsBody,
) {
  const served = await settingsOf(db, user, clientId, body.company_id);
  if (user.role === 'staff' && !user.isAdmin)
    throw new AppError('forbidden', "Only the company's admins change what a client may order");
  const known = new Set((await listClientProducts(db, served.company_id, served.client_id)).map((p) => p.id));
  const problems: FieldProblem[] = [];
  const seen = new Set<string>();
  const products = body.products.map((item, i) => {
    if (!known.has(item.product_id.toLowerCase()))
      problems.push({ field: `products[${i}].product_id`, message: 'is not a product of the company' });
    else if (seen.has(item.product_id.toLowerCase()))
      problems.push({ field: `products[${i}].product_id`, message: 'is named twice' });
    seen.add(item.product_id.toLowerCase());
    const feeCents = item.fee === undefined || item.fee === null ? null : decimalToCents(item.fee);
    if (item.fee !== undefined && item.fee !== null && feeCents === null)
      problems.push({ field: `products[${i}].fee`, message: 'must be a decimal amount' });
    return { productId: item.product_id.toLowerCase(), feeCents };
  });
  if (problems.length > 0)
    throw new AppError('validation_failed', "The client's products are not valid", problems);
  await db
    .transaction()
    .execute((trx) => replaceClientProducts(trx, served.company_id, served.client_id, products));
  return getClientProducts(db, user, clientId, served.company_id);
}
