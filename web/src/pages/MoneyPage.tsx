import { SimpleGrid, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { MoneyFigure } from '../components/MoneyFigure.tsx';
import { PageFrame } from '../components/PageFrame.tsx';
import { StateFilter } from '../features/money/StateFilter.tsx';
import { AppraiserStatementLink } from '../features/money/AppraiserStatementLink.tsx';
import { BankAccountCard } from '../features/money/BankAccountCard.tsx';
import { InProgressFees } from '../features/money/InProgressFees.tsx';
import { PayablesTable } from '../features/money/PayablesTable.tsx';
import { bankAccountQuery, payablesQuery, payableTotalsQuery } from '../queries/payables.ts';
import { useSession } from '../queries/session.ts';
import { workQuery } from '../queries/work.ts';

/** What the orders the appraiser is working on will bring, in cents: their own fee, never the lender's. */
const inProgressCents = (items: { fee_status: string; appraiser_fee: string | null }[]) =>
  items
    .filter((item) => item.fee_status === 'on_completion')
    .reduce((sum, item) => sum + Math.round(Number(item.appraiser_fee ?? 0) * 100), 0);

/**
 * The appraiser's money (docs/money.md, "Payables"): what the company owes them, what is due now
 * and what it has paid, per order (their statement, by state), what the orders in progress will
 * bring, and the account they are paid to.
 */
export function MoneyPage() {
  const session = useSession();
  const search = useSearch({ from: '/money' });
  const navigate = useNavigate({ from: '/money' });
  const state = search.state ?? 'owed';
  const payables = useQuery(payablesQuery({ state, page: search.page ?? 1 }));
  const work = useQuery(workQuery);
  const account = useQuery({ ...bankAccountQuery(session?.user.id ?? ''), enabled: session !== null });
  // Without an account on file nothing can be paid: the form comes first.
  const bankAccount = session && <BankAccountCard appraiserId={session.user.id} />;
  const noAccount = account.data === null;
  const totals = useQuery(payableTotalsQuery).data;
  const setSearch = (change: Partial<typeof search>) =>
    void navigate({ search: (previous) => ({ ...previous, ...change }), replace: true });

  return (
    <PageFrame title="Money" width={1000}>
      {noAccount && bankAccount}
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <MoneyFigure label="Owed to you" value={totals?.owed} size="xl" />
        <MoneyFigure label="Due now" value={totals?.due} size="xl" />
        <MoneyFigure label="Paid to you" value={totals?.paid} size="xl" />
        <MoneyFigure
          label="In progress"
          value={work.data ? (inProgressCents(work.data) / 100).toFixed(2) : undefined}
          size="xl"
        />
      </SimpleGrid>
      <Title order={2} size="h4">
        By order
      </Title>
      <StateFilter
        label="Which orders"
        value={state}
        first={{ value: 'owed', label: 'Owed' }}
        onChange={(state) => setSearch({ state, page: undefined })}
      />
      <PayablesTable
        rows={payables.data?.payables}
        pending={payables.isPending}
        empty={state === 'owed' ? 'Nothing is owed to you: delivered orders show here.' : 'Nothing here yet.'}
        error={payables.error}
        showAppraiser={false}
        pages={{
          total: Math.ceil((payables.data?.total_count ?? 0) / 25),
          current: search.page ?? 1,
          onChange: (page) => setSearch({ page: page === 1 ? undefined : page }),
        }}
      />
      {session && <AppraiserStatementLink appraiserId={session.user.id} />}
      {work.data && <InProgressFees items={work.data} />}
      {!noAccount && bankAccount}
    </PageFrame>
  );
}
