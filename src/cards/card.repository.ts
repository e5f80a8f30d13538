import type { Selectable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { PaymentCardsTable } from '../db/schema.ts';

/** Cards kept on file with the processor: the token, never the number. */
export type CardOnFileRow = Selectable<PaymentCardsTable>;

export async function findCardOnFile(db: Db, userId: string): Promise<CardOnFileRow | undefined> {
  return db.selectFrom('payment_cards').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Keeps the user's card, replacing the one they had. */
export async function saveCardOnFile(
  db: Db,
  card: Omit<CardOnFileRow, 'created_at' | 'updated_at'>,
): Promise<CardOnFileRow> {
  return db
    .insertInto('payment_cards')
    .values(card)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        provider: card.provider,
        token: card.token,
        brand: card.brand,
        last4: card.last4,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        name: card.name,
        updated_at: new Date(),
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteCardOnFile(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .deleteFrom('payment_cards')
    .where('user_id', '=', userId)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}
