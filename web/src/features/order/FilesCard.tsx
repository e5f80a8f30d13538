import {
  Anchor,
  Button,
  Card,
  Group,
  Progress,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formData, type Order } from '../../../../sdk/src/client.ts';
import { ApiFailure, failureText } from '../../queries/failure.ts';
import { api, unwrap } from '../../queries/sdk.ts';
import { FilePicker, type PickedFile } from '../../components/FilePicker.tsx';
import { dateTime } from '../../lib/format.ts';
import { uploadingClient } from '../../queries/upload.ts';
import { FILE_TYPES } from './file-types.ts';
import { AUDIENCE_LABELS, throughCompanyHint, type Audience } from './audiences.ts';
import { AudienceBadge, ReleaseBadge } from './AudienceBadge.tsx';

/**
 * The order's files that reach the person, each with who sees it: each downloads through its
 * signed link; more can be dropped in, for whom the person chooses (the service's choices). The
 * company's staff share a document with the others, or keep it from them; a report's files
 * say whether the lender has them yet.
 */
export function FilesCard({ order }: { order: Order }) {
  const queryClient = useQueryClient();
  const files = useQuery({
    queryKey: ['order', order.id, 'files'],
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/orders/{order_id}/files', { params: { path: { order_id: order.id } } })),
  });
  const [picked, setPicked] = useState<PickedFile[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const choices = order.message_audiences.choices;
  const company = choices.includes('internal');
  const [audience, setAudience] = useState<Audience>(order.message_audiences.default);
  const share = useMutation({
    mutationFn: async ({ fileId, to }: { fileId: string; to: Audience }) =>
      unwrap(
        await api.PATCH('/api/v1/orders/{order_id}/files/{file_id}', {
          params: { path: { order_id: order.id, file_id: fileId } },
          body: { audience: to },
        }),
      ),
    onSuccess: async (file) => {
      notifications.show({
        color: 'teal',
        message: `${file.filename}: now seen by ${AUDIENCE_LABELS[file.audience].toLowerCase()}.`,
      });
      await queryClient.invalidateQueries({ queryKey: ['order', order.id, 'files'] });
    },
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Not changed', message: failureText(error) }),
  });
  const upload = useMutation({
    mutationFn: async () => {
      // One request per file (the API takes one attachment each); the bar covers them all.
      for (const [index, { file, type }] of picked.entries()) {
        const client = uploadingClient((fraction) => setProgress((index + fraction) / picked.length));
        unwrap(
          await client.POST('/api/v1/orders/{order_id}/files', {
            params: { path: { order_id: order.id } },
            body: { attachment: file, file_type: (type ?? 'other') as never, audience },
            bodySerializer: formData,
          }),
        );
      }
    },
    onSettled: () => setProgress(null),
    onSuccess: async () => {
      notifications.show({
        color: 'teal',
        message: `${picked.length} file${picked.length === 1 ? '' : 's'} uploaded.`,
      });
      setPicked([]);
      await queryClient.invalidateQueries({ queryKey: ['order', order.id] });
    },
  });
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Files
      </Title>
      {files.isPending && <Skeleton height={60} />}
      {files.isError && (
        <Text c="red" size="sm" role="alert">
          {failureText(files.error)}
        </Text>
      )}
      {files.data?.length === 0 && (
        <Text c="dimmed" size="sm">
          No files yet.
        </Text>
      )}
      {files.data && files.data.length > 0 && (
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing={4}>
            <Table.Tbody>
              {files.data.map((file) => (
                <Table.Tr key={file.id}>
                  <Table.Td>
                    <Anchor href={file.link} size="sm" download={file.filename}>
                      {file.filename}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{file.file_type.name}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" c="dimmed">
                      {dateTime(file.created_at)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {company && file.submission === null && file.note_id === null ? (
                      <Select
                        aria-label={`Who sees ${file.filename}`}
                        size="xs"
                        w={190}
                        data={choices.map((value) => ({ value, label: AUDIENCE_LABELS[value] }))}
                        value={file.audience}
                        onChange={(value) => value && share.mutate({ fileId: file.id, to: value })}
                        allowDeselect={false}
                        comboboxProps={{ withinPortal: true }}
                      />
                    ) : file.submission !== null && company ? (
                      <ReleaseBadge released={file.released === true} />
                    ) : (
                      <AudienceBadge audience={file.audience} />
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Stack gap="xs" mt="sm">
        <FilePicker label="Add files" files={picked} onChange={setPicked} typeChoices={FILE_TYPES} />
        {picked.length > 0 && choices.length > 1 && (
          <Select
            label="Who sees them"
            data={choices.map((value) => ({ value, label: AUDIENCE_LABELS[value] }))}
            value={audience}
            onChange={(value) => value && setAudience(value)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {picked.length > 0 && throughCompanyHint(choices) && (
          <Text size="xs" c="dimmed">
            {throughCompanyHint(choices)}
          </Text>
        )}
        {upload.isError && (
          <Text c="red" size="sm" role="alert">
            {upload.error instanceof ApiFailure ? upload.error.message : failureText(upload.error)}
          </Text>
        )}
        {progress !== null && (
          <Progress value={progress * 100} aria-label="Upload progress" size="lg" striped animated />
        )}
        {picked.length > 0 && (
          <Group justify="end">
            <Button onClick={() => upload.mutate()} loading={upload.isPending}>
              Upload {picked.length} file{picked.length === 1 ? '' : 's'}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
