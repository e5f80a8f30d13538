import { SimpleGrid } from '@mantine/core';
import type { Order } from '../../../../sdk/src/client.ts';
import { FilesCard } from './FilesCard.tsx';
import { NotesCard } from './NotesCard.tsx';
import { PartiesCard } from './PartiesCard.tsx';
import { PaymentsCard } from './PaymentsCard.tsx';

/** The lower half of an order's page: its files, notes, parties and payments. */
export function OrderSections({ order }: { order: Order }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <FilesCard order={order} />
      <NotesCard order={order} />
      <PartiesCard order={order} />
      <PaymentsCard order={order} />
    </SimpleGrid>
  );
}
