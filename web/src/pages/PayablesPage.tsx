import { Button, Group, NativeSelect, SimpleGrid, Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import { MoneyFigure } from '../components/MoneyFigure.tsx';
import { PageFrame } from '../components/PageFrame.tsx';
import { StateFilter } from '../features/money/StateFilter.tsx';
import { SectionCard } from '../components/SectionCard.tsx';
import { BatchDrawer } from '../features/money/BatchDrawer.tsx';
import { ExtraDialog } from '../features/money/ExtraDialog.tsx';
import { PayableHoldDialog } from '../features/money/HoldDialog.tsx';
import { MoneyTabs } from '../features/money/MoneyTabs.tsx';
import { PayablesTable } from '../features/money/PayablesTable.tsx';
import { PayoutSettingsForm } from '../features/money/PayoutSettingsForm.tsx';
import { PayoutBatches } from '../features/money/PayoutBatches.tsx';
import { form1099Link, payablesQuery, payableTotalsQuery, type Payable } from '../queries/payables.ts';
import { useSession } from '../queries/session.ts';

/**
 * What the company owes its appraisers (docs/money.md, "Payables" and "Payouts"): the totals, the
 * payout batches (made, approved, paid by ACH), every payable with its state (held with a reason
 * when the order is disputed), and the year's 1099-NEC figures.
 */
export function PayablesPage() {
  const session = useSession();
  const companyId = session?.user.organization_id ?? '';
  const search = useSearch({ from: '/payables' });
  const navigate = useNavigate({ from: '/payables' });
  const [holding, setHolding] = useState<Payable | null>(null);
  const [extra, setExtra] = useState<Payable | null>(null);
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(String(thisYear - 1));
  const state = search.state ?? 'owed';
  const payables = useQuery(payablesQuery({ state, page: search.page ?? 1 }));
  const setSearch = (change: Partial<typeof search>) =>
    void navigate({ search: (previous) => ({ ...previous, ...change }), replace: true });
  const totals = useQuery(payableTotalsQuery).data;

  return (
    <PageFrame title="Payables" width={1240}>
      <MoneyTabs current="/payables" />
      <SimpleGrid cols={{ base: 2, sm: 3 }}>
        <MoneyFigure label="Owed to appraisers" value={totals?.owed} size="xl" />
        <MoneyFigure label="Due now" value={totals?.due} size="xl" />
        <MoneyFigure label="Paid out" value={totals?.paid} size="xl" />
      </SimpleGrid>
      <SectionCard title="Payout batches" intro="What is due, gathered, approved, paid by an ACH file.">
        <PayoutBatches companyId={companyId} onOpen={(batch) => setSearch({ batch })} />
      </SectionCard>
      <SectionCard title="By order">
        <StateFilter
          label="Which payables"
          value={state}
          first={{ value: 'owed', label: 'Owed' }}
          onChange={(state) => setSearch({ state, page: undefined })}
        />
        <PayablesTable
          rows={payables.data?.payables}
          pending={payables.isPending}
          empty={state === 'owed' ? 'Nothing is owed to an appraiser.' : 'No payable here.'}
          error={payables.error}
          showAppraiser
          onHold={setHolding}
          onExtra={setExtra}
          pages={{
            total: Math.ceil((payables.data?.total_count ?? 0) / 25),
            current: search.page ?? 1,
            onChange: (page) => setSearch({ page: page === 1 ? undefined : page }),
          }}
        />
      </SectionCard>
      <SectionCard
        title="Payout settings"
        intro="When what appraisers earn falls due, and the bank the ACH files are for."
      >
        <Suspense fallback={<Skeleton height={160} />}>
          <PayoutSettingsForm companyId={companyId} />
        </Suspense>
      </SectionCard>
      <SectionCard
        title="1099-NEC"
        intro="Each appraiser's payouts in a year, with their W-9 status and whether the total is reportable."
      >
        <Group align="end" gap="sm">
          <NativeSelect
            label="Year"
            value={year}
            onChange={(event) => setYear(event.currentTarget.value)}
            data={[0, 1, 2, 3].map((back) => String(thisYear - back))}
          />
          <Button component="a" href={form1099Link(companyId, Number(year))} variant="default">
            Download CSV
          </Button>
        </Group>
      </SectionCard>
      {search.batch && <BatchDrawer batchId={search.batch} onClose={() => setSearch({ batch: undefined })} />}
      {holding && <PayableHoldDialog payable={holding} onClose={() => setHolding(null)} />}
      {extra && <ExtraDialog payable={extra} onClose={() => setExtra(null)} />}
    </PageFrame>
  );
}
