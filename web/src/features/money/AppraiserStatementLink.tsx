import { Button, Group, NativeSelect } from '@mantine/core';
import { useState } from 'react';
import { appraiserStatementLink } from '../../queries/payables.ts';
import { recentMonths } from './money-words.ts';

/** The appraiser's statement of a month (owed at its start, fees, deductions, payouts, owed at its end), as CSV. */
export function AppraiserStatementLink({ appraiserId }: { appraiserId: string }) {
  const months = recentMonths();
  const [month, setMonth] = useState(months[0]!.value);
  return (
    <Group align="end" gap="sm">
      <NativeSelect
        label="Statement of"
        value={month}
        onChange={(event) => setMonth(event.currentTarget.value)}
        data={months}
      />
      <Button component="a" href={appraiserStatementLink(appraiserId, month)} variant="default">
        Statement (CSV)
      </Button>
    </Group>
  );
}
