import { sql } from 'kysely';
import type { Db, Trx } from '../db/connection.ts';
import type { InvoiceIssuedOn, ReceivableKind } from '../db/schema.ts';

/**
 * The next number of a company's invoices or credit notes. The counter's row stays locked until
 * the transaction ends, so numbers are given one at a time, and a transaction that rolls back
 * gives its number back: the numbers have no gaps, however many are issued at once.
 */
export async function takeDocumentNumber(
  trx: Trx,
  companyId: string,
  kind: 'invoice' | 'credit_note' | 'payout_batch',
): Promise<bigint> {
  const row = await trx
    .insertInto('document_sequences')
    .values({ company_id: companyId, kind, last_number: 1 })
    .onConflict((oc) =>
      oc
        .columns(['company_id', 'kind'])
        .doUpdateSet({ last_number: sql`document_sequences.last_number + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return BigInt(row.last_number);
}

export const findInvoiceOfOrder = (db: Db, orderId: string) =>
  db
    .selectFrom('invoices')
    .select(['id', 'company_id', 'client_id', 'order_id', 'number', 'issued_at', 'issued_on', 'due_on'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();

export async function insertInvoice(
  trx: Trx,
  invoice: {
    company_id: string;
    client_id: string;
    order_id: string;
    number: bigint;
    issued_at: Date;
    issued_on: InvoiceIssuedOn;
    time_zone: string;
  },
): Promise<{ id: string; due_on: string }> {
  // Due the client's terms after the day it is issued, in the company's zone.
  const dueOn = sql<string>`((${invoice.issued_at}::timestamptz AT TIME ZONE ${invoice.time_zone})::date
    + coalesce((SELECT payment_terms_days FROM company_clients
                 WHERE company_id = ${invoice.company_id} AND client_id = ${invoice.client_id}), 30))`;
  return trx
    .insertInto('invoices')
    .values({
      company_id: invoice.company_id,
      client_id: invoice.client_id,
      order_id: invoice.order_id,
      number: invoice.number,
      issued_at: invoice.issued_at,
      issued_on: invoice.issued_on,
      due_on: dueOn,
    })
    .returning(['id', sql<string>`due_on::text`.as('due_on')])
    .executeTakeFirstOrThrow();
}

export interface NewEntry {
  invoice_id: string;
  company_id: string;
  client_id: string;
  kind: ReceivableKind;
  amount_cents: bigint;
  payment_id?: string | null;
  credit_note_number?: bigint | null;
  reason?: string | null;
  recorded_by?: string | null;
  acting_for?: string | null;
  created_at?: Date;
}

export const insertEntry = (trx: Trx, entry: NewEntry) =>
  trx
    .insertInto('receivable_entries')
    .values({
      ...entry,
      amount_cents: entry.amount_cents.toString(),
      credit_note_number: entry.credit_note_number?.toString() ?? null,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
