import { Button, Group, NativeSelect } from '@mantine/core';
import { useState } from 'react';
import { companyStatementsLink, statementLink } from '../../queries/receivables.ts';
import { recentMonths } from './money-words.ts';

/**
 * A month's statement of account: one lender's as PDF and CSV (a lender's own page, or the staff
 * choosing the lender), and for the staff every lender's in one CSV file.
 */
export function StatementLinks(props: { clients: { id: string; name: string }[]; companyId?: string }) {
  const months = recentMonths();
  const [month, setMonth] = useState(months[1]!.value);
  const [clientId, setClientId] = useState(props.clients[0]?.id ?? '');
  return (
    <Group align="end" gap="sm">
      <NativeSelect
        label="Month"
        value={month}
        onChange={(event) => setMonth(event.currentTarget.value)}
        data={months}
      />
      {props.clients.length > 1 && (
        <NativeSelect
          label="Client"
          value={clientId}
          onChange={(event) => setClientId(event.currentTarget.value)}
          data={props.clients.map((client) => ({ value: client.id, label: client.name }))}
        />
      )}
      {clientId && (
        <>
          <Button
            component="a"
            href={statementLink(clientId, month, 'pdf')}
            target="_blank"
            rel="noopener"
            variant="default"
          >
            Statement (PDF)
          </Button>
          <Button component="a" href={statementLink(clientId, month, 'export')} variant="default">
            Statement (CSV)
          </Button>
        </>
      )}
      {props.companyId && (
        <Button component="a" href={companyStatementsLink(props.companyId, month)} variant="subtle">
          Every lender (CSV)
        </Button>
      )}
    </Group>
  );
}
