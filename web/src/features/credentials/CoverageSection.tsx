import { Button, Group, Stack, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SectionCard } from '../../components/SectionCard.tsx';
import { coverageQuery, type AppraiserCredentials } from '../../queries/credentials.ts';
import { CoverageForm } from './CoverageForm.tsx';

const list = (items: string[], none: string) => (items.length > 0 ? items.join('; ') : none);

/** Where the appraiser takes orders, as the assignment engine reads it (docs/assignment.md). */
export function CoverageSection({ credentials }: { credentials: AppraiserCredentials }) {
  const appraiserId = credentials.appraiser.id;
  const { data: coverage } = useSuspenseQuery(coverageQuery(appraiserId));
  const [editing, setEditing] = useState(false);
  const home = coverage.home;
  return (
    <SectionCard
      title="Coverage"
      intro="Orders are offered for subjects in these counties or ZIP codes, or within the radius of home."
    >
      <Stack gap={4}>
        <Text size="sm">
          <b>Counties:</b>{' '}
          {list(
            coverage.counties.map((county) => `${county.name}, ${county.state}`),
            'none',
          )}
        </Text>
        <Text size="sm">
          <b>ZIP codes:</b> {list(coverage.zips, 'none')}
        </Text>
        <Text size="sm">
          <b>Home:</b>{' '}
          {home
            ? `${home.latitude}, ${home.longitude}${coverage.radius_miles ? ` · orders within ${coverage.radius_miles} miles` : ''}`
            : 'not set'}
        </Text>
        <Text size="sm">
          <b>Products:</b>{' '}
          {list(
            coverage.products.map((product) => product.name),
            'every product of the company',
          )}
        </Text>
      </Stack>
      {editing ? (
        <CoverageForm
          appraiserId={appraiserId}
          coverage={coverage}
          firstState={credentials.licenses[0]?.state ?? 'TX'}
          onDone={() => setEditing(false)}
        />
      ) : (
        <Group>
          <Button variant="light" onClick={() => setEditing(true)}>
            Change coverage
          </Button>
        </Group>
      )}
    </SectionCard>
  );
}
