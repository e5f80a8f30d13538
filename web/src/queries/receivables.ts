import { keepPreviousData } from '@tanstack/react-query';
import type { Schema } from '../../../sdk/src/client.ts';
import { queryClient } from './query-client.ts';
import { api, unwrap } from './sdk.ts';

/**
 * What lenders owe (docs/money.md, "Receivables"): invoices and their ledgers, the aging, credit
 * notes, write-offs and receipts. Every key starts with 'money', so that any change to the money
 * refreshes every figure of it (an invoice's balance is in the list, the aging and the statement).
 */
export type Invoice = Schema<'Invoice'>;
export type LedgerEntry = Schema<'LedgerEntry'>;
export type AgingRow = Schema<'Aging'>['clients'][number];
export type InvoiceState = 'open' | 'paid' | 'all';
export type ReceiptInput = Schema<'ReceiptBody'>;
export type ReceiptMethod = ReceiptInput['method'];
export const MONEY_KEY = ['money'] as const;
export const refreshMoney = () => queryClient.invalidateQueries({ queryKey: MONEY_KEY });

export const invoicesQuery = (filter: { state: InvoiceState; client_id?: string; page: number }) => ({
  queryKey: [...MONEY_KEY, 'invoices', filter],
  queryFn: async () =>
    unwrap(
      await api.GET('/api/v1/invoices', {
        params: {
          query: {
            state: filter.state,
            page: filter.page,
            per_page: 25,
            ...(filter.client_id ? { client_id: filter.client_id } : {}),
          },
        },
      }),
    ),
  placeholderData: keepPreviousData,
});

/** A client's open invoices, oldest due first: what a receipt can be applied to. */
export const openInvoicesOfQuery = (clientId: string) => ({
  queryKey: [...MONEY_KEY, 'invoices', 'open-of', clientId],
  queryFn: async () =>
    unwrap(
      await api.GET('/api/v1/invoices', {
        params: { query: { state: 'open', client_id: clientId, per_page: 100 } },
      }),
    ).invoices.sort((a, b) => a.due_on.localeCompare(b.due_on)),
});

export const invoiceQuery = (invoiceId: string) => ({
  queryKey: [...MONEY_KEY, 'invoice', invoiceId],
  queryFn: async () =>
    unwrap(await api.GET('/api/v1/invoices/{invoice_id}', { params: { path: { invoice_id: invoiceId } } })),
});

export const agingQuery = (companyId: string) => ({
  queryKey: [...MONEY_KEY, 'aging', companyId],
  queryFn: async () =>
    unwrap(
      await api.GET('/api/v1/companies/{company_id}/receivables/aging', {
        params: { path: { company_id: companyId } },
      }),
    ),
});

/** A credit note (an amount) or a write-off (an amount, or the whole balance), with its reason. */
export const creditMutation = (invoiceId: string, kind: 'credit_notes' | 'write_offs') => ({
  mutationFn: async (body: { amount?: string; reason: string }) =>
    unwrap(
      await api.POST(`/api/v1/invoices/{invoice_id}/${kind}`, {
        params: { path: { invoice_id: invoiceId } },
        body,
      }),
    ),
  onSuccess: refreshMoney,
});

export const receiptMutation = (companyId: string) => ({
  mutationFn: async (body: ReceiptInput) =>
    unwrap(
      await api.POST('/api/v1/companies/{company_id}/receipts', {
        params: { path: { company_id: companyId } },
        body,
      }),
    ),
  onSuccess: refreshMoney,
});

/** Where a statement or the company's month of statements is downloaded (the browser saves it). */
export const statementLink = (clientId: string, month: string, as: 'pdf' | 'export') =>
  `/api/v1/clients/${clientId}/statements/${month}/${as}`;
export const companyStatementsLink = (companyId: string, month: string) =>
  `/api/v1/companies/${companyId}/statements/${month}/export`;
