import { Button, Group, Stack } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { PageFrame } from '../components/PageFrame.tsx';
import { StateFilter } from '../features/money/StateFilter.tsx';
import { SectionCard } from '../components/SectionCard.tsx';
import { AgingTable } from '../features/money/AgingTable.tsx';
import { InvoiceLedger } from '../features/money/InvoiceLedger.tsx';
import { InvoiceTable } from '../features/money/InvoiceTable.tsx';
import { MoneyTabs } from '../features/money/MoneyTabs.tsx';
import { ReceiptDialog } from '../features/money/ReceiptDialog.tsx';
import { StatementLinks } from '../features/money/StatementLinks.tsx';
import { ClientFilter } from '../features/pipeline/ClientFilter.tsx';
import { clientsQuery } from '../queries/clients.ts';
import { invoicesQuery } from '../queries/receivables.ts';
import { useSession } from '../queries/session.ts';

/**
 * What lenders owe the company (docs/money.md, "Receivables"): the aging by client, the invoices
 * (open by default, of one client or all) with their ledgers, credit notes and write-offs, checks
 * and transfers recorded against them, and each month's statements.
 */
export function ReceivablesPage() {
  const session = useSession();
  const companyId = session?.user.organization_id ?? '';
  const search = useSearch({ from: '/receivables' });
  const navigate = useNavigate({ from: '/receivables' });
  const clients = useSuspenseQuery(clientsQuery).data;
  const [recording, setRecording] = useState(false);
  const state = search.state ?? 'open';
  const invoices = useQuery(invoicesQuery({ state, client_id: search.client, page: search.page ?? 1 }));
  const setSearch = (change: Partial<typeof search>) =>
    void navigate({ search: (previous) => ({ ...previous, ...change }), replace: true });

  return (
    <PageFrame title="Receivables" width={1100}>
      <MoneyTabs current="/receivables" />
      <SectionCard title="Aging" intro="What each lender owes, by how long past due.">
        <AgingTable companyId={companyId} />
      </SectionCard>
      <SectionCard title="Invoices">
        <Group justify="space-between" align="end" wrap="wrap">
          <Group align="end" wrap="wrap">
            <StateFilter
              label="Which invoices"
              value={state}
              first={{ value: 'open', label: 'Open' }}
              onChange={(state) => setSearch({ state, page: undefined })}
            />
            <ClientFilter
              clientId={search.client}
              onClient={(client) => setSearch({ client, page: undefined })}
            />
          </Group>
          <Button onClick={() => setRecording(true)}>Record a check or transfer</Button>
        </Group>
        <Stack gap={0}>
          <InvoiceTable
            rows={invoices.data?.invoices}
            pending={invoices.isPending}
            error={invoices.error}
            showClient
            onOpen={(invoice) => setSearch({ invoice: invoice.id })}
            pages={{
              total: Math.ceil((invoices.data?.total_count ?? 0) / 25),
              current: search.page ?? 1,
              onChange: (page) => setSearch({ page: page === 1 ? undefined : page }),
            }}
          />
        </Stack>
      </SectionCard>
      <SectionCard
        title="Statements"
        intro="A lender's month: opening balance, every charge, payment and credit, and the aging at its end."
      >
        <StatementLinks clients={clients} companyId={companyId} />
      </SectionCard>
      {search.invoice && (
        <InvoiceLedger
          invoiceId={search.invoice}
          canCredit
          onClose={() => setSearch({ invoice: undefined })}
        />
      )}
      {recording && <ReceiptDialog companyId={companyId} onClose={() => setRecording(false)} />}
    </PageFrame>
  );
}
