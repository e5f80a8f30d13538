import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { PageFrame } from '../components/PageFrame.tsx';
import { StateFilter } from '../features/money/StateFilter.tsx';
import { SectionCard } from '../components/SectionCard.tsx';
import { InvoiceLedger } from '../features/money/InvoiceLedger.tsx';
import { InvoiceTable } from '../features/money/InvoiceTable.tsx';
import { StatementLinks } from '../features/money/StatementLinks.tsx';
import { invoicesQuery } from '../queries/receivables.ts';
import { useSession } from '../queries/session.ts';

/**
 * The lender's invoices (open first: what to pay, when it is due and how late), each with its
 * ledger of payments and credits, and their monthly statements of account as PDF and CSV.
 */
export function InvoicesPage() {
  const session = useSession();
  const search = useSearch({ from: '/billing' });
  const navigate = useNavigate({ from: '/billing' });
  const state = search.state ?? 'open';
  const invoices = useQuery(invoicesQuery({ state, page: search.page ?? 1 }));
  const setSearch = (change: Partial<typeof search>) =>
    void navigate({ search: (previous) => ({ ...previous, ...change }), replace: true });
  const client =
    session?.user.role === 'client' && session.user.organization_id
      ? { id: session.user.organization_id, name: 'Your statements' }
      : null;

  return (
    <PageFrame title="Invoices" width={1000}>
      <StateFilter
        label="Which invoices"
        value={state}
        first={{ value: 'open', label: 'To pay' }}
        onChange={(state) => setSearch({ state, page: undefined })}
      />
      <InvoiceTable
        rows={invoices.data?.invoices}
        pending={invoices.isPending}
        error={invoices.error}
        showClient={!client}
        onOpen={(invoice) => setSearch({ invoice: invoice.id })}
        pages={{
          total: Math.ceil((invoices.data?.total_count ?? 0) / 25),
          current: search.page ?? 1,
          onChange: (page) => setSearch({ page: page === 1 ? undefined : page }),
        }}
      />
      {client && (
        <SectionCard
          title="Statements"
          intro="Your month with us: opening balance, every charge, payment and credit, and what is past due at its end."
        >
          <StatementLinks clients={[client]} />
        </SectionCard>
      )}
      {search.invoice && (
        <InvoiceLedger
          invoiceId={search.invoice}
          canCredit={false}
          onClose={() => setSearch({ invoice: undefined })}
        />
      )}
    </PageFrame>
  );
}
