import { Anchor, Badge, Group, UnstyledButton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { offersQuery } from '../../queries/work.ts';
import './tab-bar.css';

/** The appraiser's sections, in the order of their day. */
const SECTIONS = [
  { to: '/offers', label: 'Offers' },
  { to: '/bids', label: 'Bids' },
  { to: '/work', label: 'My work' },
  { to: '/agenda', label: 'Agenda' },
  { to: '/money', label: 'Money' },
] as const;

/** How many offers wait for an answer: shown on the Offers entry. */
function useOpenOffers(): number {
  return useQuery({ ...offersQuery, staleTime: 30_000 }).data?.length ?? 0;
}

const OfferCount = ({ count }: { count: number }) =>
  count > 0 ? (
    <Badge
      size="sm"
      circle
      color="red"
      aria-label={`${count} open`}
      ml={4}
      style={{ verticalAlign: 'middle' }}
    >
      {count}
    </Badge>
  ) : null;

/** In the header, on wider screens. */
export function AppraiserHeaderLinks() {
  const offers = useOpenOffers();
  return (
    <Group gap="lg" wrap="nowrap" visibleFrom="sm">
      {SECTIONS.map((section) => (
        <Anchor
          key={section.to}
          component={Link}
          to={section.to}
          c="dark"
          activeProps={{ style: { fontWeight: 700, textDecoration: 'underline' } }}
        >
          <Group gap={4} wrap="nowrap" component="span">
            {section.label}
            {section.to === '/offers' && <OfferCount count={offers} />}
          </Group>
        </Anchor>
      ))}
      <Anchor component={Link} to="/orders" c="dark" activeOptions={{ exact: true }}>
        Orders
      </Anchor>
    </Group>
  );
}

/**
 * At the bottom of a phone's screen, where a thumb reaches: the four sections as tabs, each at
 * least 48 px tall.
 */
export function AppraiserTabBar() {
  const offers = useOpenOffers();
  return (
    <Group component="nav" aria-label="Your work" h="100%" gap={0} wrap="nowrap" grow data-tab-bar>
      {SECTIONS.map((section) => (
        <UnstyledButton
          key={section.to}
          component={Link}
          to={section.to}
          h="100%"
          mih={48}
          style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
          activeProps={{
            style: {
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              boxShadow: 'inset 0 3px 0 var(--mantine-color-indigo-8)',
              color: 'var(--mantine-color-indigo-9)',
            },
          }}
        >
          <Group gap={4} wrap="nowrap" component="span">
            <Text size="sm" fw={600} component="span">
              {section.label}
            </Text>
            {section.to === '/offers' && <OfferCount count={offers} />}
          </Group>
        </UnstyledButton>
      ))}
    </Group>
  );
}
