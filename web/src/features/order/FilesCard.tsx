import { Skeleton, Text } from '@mantine/core';
import { InlineFailure } from '../../components/InlineFailure.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { useQuery } from '@tanstack/react-query';
import type { Order } from '../../../../sdk/src/client.ts';
import { filesQuery } from '../../queries/order-records.ts';
import { FileList } from './FileList.tsx';
import { FileUpload } from './FileUpload.tsx';

/**
 * The order's files that reach the person, each with who sees it: each downloads through its
 * signed link; more can be dropped in, for whom the person chooses (the service's choices).
 */
export function FilesCard({ order }: { order: Order }) {
  const files = useQuery(filesQuery(order.id));
  return (
    <SectionCard title="Files">
      {files.isPending && <Skeleton height={60} />}
      <InlineFailure error={files.error} />
      {files.data?.length === 0 && (
        <Text c="dimmed" size="sm">
          No files yet.
        </Text>
      )}
      {files.data && files.data.length > 0 && <FileList order={order} files={files.data} />}
      <FileUpload order={order} />
    </SectionCard>
  );
}
