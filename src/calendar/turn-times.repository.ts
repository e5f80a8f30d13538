import type { Db } from '../db/connection.ts';
import type { TurnTimesInput } from './turn-times.schemas.ts';

type Entry = TurnTimesInput['entries'][number];

export async function findTurnTimes(db: Db, companyId: string): Promise<Entry[]> {
  return db
    .selectFrom('turn_times')
    .select(['client_id', 'product_id', 'business_days', 'rush_business_days'])
    .where('company_id', '=', companyId)
    .orderBy('product_id')
    .orderBy('client_id', (order) => order.nullsFirst())
    .execute();
}

/** The line that applies to a client's order for a product: the client's own, else the company's. */
export async function findTurnTime(
  db: Db,
  companyId: string,
  productId: string,
  clientId: string | null,
): Promise<(Entry & { source: 'client' | 'company' }) | undefined> {
  const lines = await db
    .selectFrom('turn_times')
    .select(['client_id', 'product_id', 'business_days', 'rush_business_days'])
    .where('company_id', '=', companyId)
    .where('product_id', '=', productId)
    .where((eb) =>
      clientId
        ? eb.or([eb('client_id', 'is', null), eb('client_id', '=', clientId)])
        : eb('client_id', 'is', null),
    )
    .execute();
  const line = lines.find((entry) => entry.client_id !== null) ?? lines[0];
  return line && { ...line, source: line.client_id === null ? 'company' : 'client' };
}

export async function replaceTurnTimes(db: Db, companyId: string, entries: Entry[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('turn_times').where('company_id', '=', companyId).execute();
    if (entries.length > 0)
      await trx
        .insertInto('turn_times')
        .values(entries.map((entry) => ({ company_id: companyId, ...entry })))
        .execute();
  });
}
